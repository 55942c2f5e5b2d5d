ALTER TABLE "bookings" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Issue 31: rows made before this column get the time of their last change, the best known.
UPDATE "bookings" SET "status_changed_at" = coalesce("hold_agreed_at", "updated_at") WHERE "status" IN ('hold_first', 'hold_second');
--> statement-breakpoint
UPDATE "bookings" SET "status_changed_at" = "updated_at" WHERE "status" NOT IN ('hold_first', 'hold_second');
