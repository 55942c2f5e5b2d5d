CREATE TABLE "call_match_days" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"alerted_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_match_queue" (
	"call_id" integer PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_matches" (
	"user_id" integer NOT NULL,
	"call_id" integer NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "call_matches_user_id_call_id_pk" PRIMARY KEY("user_id","call_id")
);
--> statement-breakpoint
CREATE TABLE "call_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" text
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "email_call_match_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "call_match_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "call_match_days" ADD CONSTRAINT "call_match_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_match_queue" ADD CONSTRAINT "call_match_queue_call_id_crew_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."crew_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_matches" ADD CONSTRAINT "call_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_matches" ADD CONSTRAINT "call_matches_call_id_crew_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."crew_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_reports" ADD CONSTRAINT "call_reports_call_id_crew_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."crew_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_reports" ADD CONSTRAINT "call_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_matches_waiting_idx" ON "call_matches" USING btree ("user_id") WHERE "call_matches"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "call_matches_call_idx" ON "call_matches" USING btree ("call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_reports_call_reporter_idx" ON "call_reports" USING btree ("call_id","reporter_id");--> statement-breakpoint
CREATE INDEX "call_reports_open_idx" ON "call_reports" USING btree ("created_at") WHERE "call_reports"."resolved_at" is null;--> statement-breakpoint
-- Every new call waits here for the call_match job (ADR 038), which looks only at what it finds here.
CREATE FUNCTION call_match_note_new_calls() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_match_queue (call_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER crew_calls_call_match_insert AFTER INSERT ON crew_calls REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_match_note_new_calls();
