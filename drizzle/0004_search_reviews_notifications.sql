CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"browser_notifications" boolean DEFAULT true NOT NULL,
	"message_notifications" boolean DEFAULT true NOT NULL,
	"review_notifications" boolean DEFAULT true NOT NULL,
	"team_invite_notifications" boolean DEFAULT true NOT NULL,
	"system_notifications" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_summaries" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"count_1" integer DEFAULT 0 NOT NULL,
	"count_2" integer DEFAULT 0 NOT NULL,
	"count_3" integer DEFAULT 0 NOT NULL,
	"count_4" integer DEFAULT 0 NOT NULL,
	"count_5" integer DEFAULT 0 NOT NULL,
	"verified_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"project_name" text,
	"role_id" integer,
	"verified_collaboration" boolean DEFAULT false NOT NULL,
	"thanked_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_not_self" CHECK ("reviews"."subject_id" <> "reviews"."reviewer_id")
);
--> statement-breakpoint
CREATE TABLE "crew_search" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"role_ids" integer[] NOT NULL,
	"document" "tsvector" NOT NULL,
	"snippet_source" text NOT NULL,
	"career_start" date,
	"has_portfolio" boolean NOT NULL,
	"rating_average" real NOT NULL,
	"rating_count" integer NOT NULL,
	"rating_score" real NOT NULL,
	"verified_count" integer NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_locations" (
	"location" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_summaries" ADD CONSTRAINT "rating_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_search" ADD CONSTRAINT "crew_search_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","created_at","id") WHERE not "notifications"."is_read";--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_reporter_idx" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_subject_reviewer_idx" ON "reviews" USING btree ("subject_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "reviews_subject_created_idx" ON "reviews" USING btree ("subject_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_created_idx" ON "reviews" USING btree ("reviewer_id","created_at");--> statement-breakpoint
CREATE INDEX "crew_search_document_idx" ON "crew_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "crew_search_roles_idx" ON "crew_search" USING gin ("role_ids");--> statement-breakpoint
CREATE INDEX "crew_search_reviews_idx" ON "crew_search" USING btree ("rating_count","user_id");--> statement-breakpoint
CREATE INDEX "crew_search_newest_idx" ON "crew_search" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "search_locations_trgm_idx" ON "search_locations" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
-- Rating order with role and place filters, answered from the index alone (see schema/search.ts).
CREATE INDEX "crew_search_score_idx" ON "crew_search" USING btree ("rating_score", "user_id") INCLUDE ("role_ids");
--> statement-breakpoint
CREATE INDEX "crew_search_location_score_idx" ON "crew_search" USING btree ("location", "rating_score", "user_id") INCLUDE ("role_ids");
--> statement-breakpoint
-- Bayesian average: ten phantom reviews at 3.5 stars, so one 5-star review ranks below forty 4.8s.
CREATE FUNCTION crew_rating_score(rating_sum bigint, review_count bigint) RETURNS real
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ((35 + rating_sum)::real / (10 + review_count)) $$;
--> statement-breakpoint
-- Rebuilds the search rows of these users from the tables they are made of. A user without a role
-- is not crew and has no row; a user that no longer exists loses theirs.
CREATE FUNCTION crew_search_refresh(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crew_search cs
  WHERE cs.user_id = ANY(user_ids) AND NOT EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = cs.user_id);

  INSERT INTO crew_search AS cs (user_id, name, location, role_ids, document, snippet_source, career_start,
    has_portfolio, rating_average, rating_count, rating_score, verified_count, created_at)
  SELECT u.id,
    coalesce(nullif(btrim(u.display_name), ''), u.username),
    lower(btrim(coalesce(u.location, ''))),
    r.ids,
    setweight(to_tsvector('english', coalesce(u.display_name, '') || ' ' || replace(u.username, '_', ' ') || ' ' || r.names), 'A')
      || setweight(to_tsvector('english', coalesce(t.tags, '')), 'B')
      || setweight(to_tsvector('english', coalesce(e.titles, '')), 'C')
      || setweight(to_tsvector('english', coalesce(u.bio, '') || ' ' || coalesce(u.location, '')), 'D'),
    -- Without the private-use characters that mark matches in search snippets.
    translate(concat_ws(' · ', nullif(btrim(u.bio), ''), t.tags, e.titles), U&'\E000\E001', ''),
    e.career_start,
    EXISTS (SELECT 1 FROM portfolio_items p WHERE p.user_id = u.id),
    coalesce(rs.rating_sum::real / nullif(rs.review_count, 0), 0),
    coalesce(rs.review_count, 0),
    crew_rating_score(coalesce(rs.rating_sum, 0), coalesce(rs.review_count, 0)),
    coalesce(rs.verified_count, 0),
    u.created_at
  FROM users u
  JOIN LATERAL (
    SELECT array_agg(ur.role_id ORDER BY ur.position, ur.role_id) AS ids, string_agg(ro.name, ' ') AS names
    FROM user_roles ur JOIN roles ro ON ro.id = ur.role_id WHERE ur.user_id = u.id
  ) r ON r.ids IS NOT NULL
  LEFT JOIN LATERAL (SELECT string_agg(ut.tag, ', ' ORDER BY ut.id) AS tags FROM user_tags ut WHERE ut.user_id = u.id) t ON true
  LEFT JOIN LATERAL (
    SELECT string_agg(ex.title || ' on ' || ex.project_name, ', ' ORDER BY ex.position, ex.id) AS titles,
      min(ex.start_date) AS career_start
    FROM experiences ex WHERE ex.user_id = u.id
  ) e ON true
  LEFT JOIN rating_summaries rs ON rs.user_id = u.id
  WHERE u.id = ANY(user_ids)
  ON CONFLICT (user_id) DO UPDATE SET
    name = excluded.name, location = excluded.location, role_ids = excluded.role_ids,
    document = excluded.document, snippet_source = excluded.snippet_source,
    career_start = excluded.career_start, has_portfolio = excluded.has_portfolio,
    rating_average = excluded.rating_average, rating_count = excluded.rating_count,
    rating_score = excluded.rating_score, verified_count = excluded.verified_count,
    created_at = excluded.created_at;

  INSERT INTO search_locations (location)
  SELECT DISTINCT cs.location FROM crew_search cs WHERE cs.user_id = ANY(user_ids) AND cs.location <> ''
  ON CONFLICT DO NOTHING;

  -- Words a misspelling can be corrected to: names, places, roles and skills.
  INSERT INTO search_terms (term)
  SELECT DISTINCT w
  FROM crew_search cs
  LEFT JOIN LATERAL (SELECT string_agg(ut.tag, ' ') AS tags FROM user_tags ut WHERE ut.user_id = cs.user_id) t ON true
  CROSS JOIN LATERAL regexp_split_to_table(
    lower(cs.name || ' ' || cs.location || ' ' || coalesce(t.tags, '') || ' '
      || (SELECT string_agg(ro.name, ' ') FROM roles ro WHERE ro.id = ANY(cs.role_ids))),
    '[^[:alnum:]]+') AS w
  WHERE cs.user_id = ANY(user_ids) AND length(w) >= 3 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
-- Statement triggers keep crew_search current whatever writes the tables. A bulk loader sets
-- crewbase.search_deferred = 'on' for its transaction and calls crew_search_refresh itself.
CREATE FUNCTION crew_search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF coalesce(current_setting('crewbase.search_deferred', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM old_rows', TG_ARGV[0]) INTO ids;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM new_rows', TG_ARGV[0]) INTO ids;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM crew_search_refresh(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  source record;
BEGIN
  FOR source IN SELECT * FROM (VALUES
    ('users', 'id'), ('user_roles', 'user_id'), ('experiences', 'user_id'), ('user_tags', 'user_id'),
    ('portfolio_items', 'user_id'), ('rating_summaries', 'user_id')) AS s(tbl, col)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crew_search_touch(%L)',
      source.tbl || '_search_insert', source.tbl, source.col);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crew_search_touch(%L)',
      source.tbl || '_search_update', source.tbl, source.col);
    IF source.tbl <> 'users' THEN
      EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION crew_search_touch(%L)',
        source.tbl || '_search_delete', source.tbl, source.col);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- Existing data: index everyone who already has a role.
SELECT crew_search_refresh(array_agg(DISTINCT user_id)) FROM user_roles;
