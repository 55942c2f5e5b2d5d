CREATE TABLE "call_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crew_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"role_id" integer NOT NULL,
	"location" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"rate_min" integer,
	"rate_max" integer,
	"currency" text NOT NULL,
	"rate_unit" text NOT NULL,
	"description" text NOT NULL,
	"apply_by" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_calls_days_in_order" CHECK ("crew_calls"."start_date" <= "crew_calls"."end_date"),
	CONSTRAINT "crew_calls_rates" CHECK (("crew_calls"."rate_min" is null or "crew_calls"."rate_min" > 0) and ("crew_calls"."rate_max" is null or "crew_calls"."rate_max" > 0) and ("crew_calls"."rate_min" is null or "crew_calls"."rate_max" is null or "crew_calls"."rate_min" <= "crew_calls"."rate_max")),
	CONSTRAINT "crew_calls_status" CHECK ("crew_calls"."status" in ('open', 'filled', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "call_applications" ADD CONSTRAINT "call_applications_call_id_crew_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."crew_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_applications" ADD CONSTRAINT "call_applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_applications" ADD CONSTRAINT "call_applications_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_calls" ADD CONSTRAINT "crew_calls_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_calls" ADD CONSTRAINT "crew_calls_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_calls" ADD CONSTRAINT "crew_calls_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_applications_call_applicant_idx" ON "call_applications" USING btree ("call_id","applicant_id");--> statement-breakpoint
CREATE INDEX "call_applications_call_created_idx" ON "call_applications" USING btree ("call_id","created_at");--> statement-breakpoint
CREATE INDEX "call_applications_applicant_created_idx" ON "call_applications" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "call_applications_booking_idx" ON "call_applications" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "crew_calls_open_idx" ON "crew_calls" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "crew_calls"."status" = 'open' and "crew_calls"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "crew_calls_open_role_idx" ON "crew_calls" USING btree ("role_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "crew_calls"."status" = 'open' and "crew_calls"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "crew_calls_open_location_trgm_idx" ON "crew_calls" USING gin (lower("location") gin_trgm_ops) WHERE "crew_calls"."status" = 'open' and "crew_calls"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "crew_calls_open_text_trgm_idx" ON "crew_calls" USING gin (lower("title" || ' ' || "description") gin_trgm_ops) WHERE "crew_calls"."status" = 'open' and "crew_calls"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "crew_calls_owner_idx" ON "crew_calls" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "crew_calls_open_apply_by_idx" ON "crew_calls" USING btree ("apply_by") WHERE "crew_calls"."status" = 'open';