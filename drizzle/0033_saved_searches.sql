CREATE TABLE "saved_search_changes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_search_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_user_id_pk" PRIMARY KEY("saved_search_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"alerts" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_alert_on" date
);
--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_waiting_idx" ON "saved_search_matches" USING btree ("saved_search_id") WHERE "saved_search_matches"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "saved_search_matches_user_idx" ON "saved_search_matches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "saved_searches_alerts_idx" ON "saved_searches" USING btree ("id") WHERE "saved_searches"."alerts";--> statement-breakpoint
-- Issue 35 (ADR on saved searches): the crew members a saved search may newly match, for the alert
-- job. A search row that appears, or changes in what a search reads (words, roles, place, the
-- Premium filters' columns), or a busy day that goes (member_busy_days, 0032: the member became
-- free). Written only while some saved search has alerts on, so a directory without alerts (or a
-- bulk seed) pays one indexed EXISTS per statement. ON CONFLICT DO NOTHING waits for a job's
-- claiming DELETE of the same row and then inserts it again, so no change is lost.
CREATE FUNCTION saved_search_note_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM saved_searches WHERE alerts) THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'crew_search' AND TG_OP = 'UPDATE' THEN
    INSERT INTO saved_search_changes (user_id)
    SELECT DISTINCT n.user_id FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
    WHERE (n.document, n.role_ids, n.location, n.career_start, n.has_portfolio, n.rating_average,
        n.rating_count, n.verified_count)
      IS DISTINCT FROM (o.document, o.role_ids, o.location, o.career_start, o.has_portfolio,
        o.rating_average, o.rating_count, o.verified_count)
    ORDER BY 1
    ON CONFLICT (user_id) DO NOTHING;
  ELSIF TG_TABLE_NAME = 'crew_search' THEN
    INSERT INTO saved_search_changes (user_id)
    SELECT DISTINCT n.user_id FROM new_rows n ORDER BY 1
    ON CONFLICT (user_id) DO NOTHING;
  ELSE
    INSERT INTO saved_search_changes (user_id)
    SELECT DISTINCT o.user_id FROM old_rows o ORDER BY 1
    ON CONFLICT (user_id) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crew_search_saved_search_insert AFTER INSERT ON crew_search REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION saved_search_note_changes();
--> statement-breakpoint
CREATE TRIGGER crew_search_saved_search_update AFTER UPDATE ON crew_search
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION saved_search_note_changes();
--> statement-breakpoint
CREATE TRIGGER member_busy_days_saved_search_delete AFTER DELETE ON member_busy_days REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION saved_search_note_changes();
