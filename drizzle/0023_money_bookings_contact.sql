ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "tax_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_with" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checkout_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checkout_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_state_rank" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "status_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "booking_id" integer;--> statement-breakpoint
CREATE INDEX "bookings_open_holds_idx" ON "bookings" USING btree ("created_at") WHERE "bookings"."status" in ('hold_first', 'hold_second');--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("id") WHERE "payments"."refund_status" = 'due';--> statement-breakpoint
-- Issue 30: invoices are snapshots. Payments made before this migration get their parties as they
-- are now (the last moment they can be read); from here on recordPayment writes them.
-- "buyer" is added above without NOT NULL; the constraint is set here, after the back-fill.
UPDATE "payments" AS p
SET "buyer" = jsonb_build_object(
  'username', u."username",
  'displayName', u."display_name",
  'location', u."location",
  'team', (
    SELECT t."name" FROM "bookings" AS b JOIN "teams" AS t ON t."id" = b."team_id"
    WHERE p."kind" = 'booking' AND b."requester_id" = p."user_id" AND b."crew_id" = p."payee_id"
      AND b."start_date" = (p."period_start" AT TIME ZONE 'UTC')::date
      AND b."end_date" = (p."period_end" AT TIME ZONE 'UTC')::date
      AND b."paid_at" IS NOT NULL
    ORDER BY b."id" LIMIT 1
  )
)
FROM "users" AS u
WHERE u."id" = p."user_id" AND p."buyer" IS NULL;--> statement-breakpoint
UPDATE "payments" AS p
SET "seller" = jsonb_build_object(
  'username', u."username",
  'displayName', u."display_name",
  'location', u."location",
  'team', NULL
)
FROM "users" AS u
WHERE u."id" = p."payee_id" AND p."kind" = 'booking' AND p."seller" IS NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "buyer" SET NOT NULL;--> statement-breakpoint
UPDATE "bookings" AS b
SET "paid_with" = p."provider"
FROM "payments" AS p
WHERE b."paid_at" IS NOT NULL AND b."paid_with" IS NULL AND p."kind" = 'booking'
  AND p."user_id" = b."requester_id" AND p."payee_id" = b."crew_id"
  AND (p."period_start" AT TIME ZONE 'UTC')::date = b."start_date"
  AND (p."period_end" AT TIME ZONE 'UTC')::date = b."end_date";
