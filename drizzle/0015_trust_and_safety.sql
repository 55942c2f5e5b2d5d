CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"reason" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"remember_me" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "review_reports" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "review_reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "featured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");
--> statement-breakpoint
-- The audit trail is written once and never changed: not by the app, not by a stray UPDATE.
CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log rows cannot be changed or deleted';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();
--> statement-breakpoint
-- A suspended member leaves the search index (and so search, browse and top-rated) with the
-- statement that suspends them; restoring them puts them back. Otherwise as in 0008.
CREATE OR REPLACE FUNCTION crew_search_refresh(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crew_search cs
  WHERE cs.user_id = ANY(user_ids) AND (
    NOT EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = cs.user_id)
    OR EXISTS (SELECT 1 FROM users su WHERE su.id = cs.user_id AND su.suspended_at IS NOT NULL));

  INSERT INTO crew_search AS cs (user_id, name, location, role_ids, document, snippet_source, career_start,
    has_portfolio, rating_average, rating_count, rating_score, verified_count, created_at)
  SELECT u.id,
    coalesce(nullif(btrim(u.display_name), ''), u.username),
    lower(btrim(coalesce(u.location, ''))),
    r.ids,
    setweight(to_tsvector('english', coalesce(u.display_name, '') || ' ' || replace(u.username, '_', ' ') || ' ' || r.names), 'A')
      || setweight(to_tsvector('english', coalesce(t.tags, '')), 'B')
      || setweight(to_tsvector('english', coalesce(e.titles, '')), 'C')
      || setweight(to_tsvector('english', coalesce(u.bio, '') || ' ' || coalesce(u.location, '')), 'D')
      || crew_search_facets(r.ids, lower(btrim(coalesce(u.location, '')))),
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
  WHERE u.id = ANY(user_ids) AND u.suspended_at IS NULL
  ON CONFLICT (user_id) DO UPDATE SET
    name = excluded.name, location = excluded.location, role_ids = excluded.role_ids,
    document = excluded.document, snippet_source = excluded.snippet_source,
    career_start = excluded.career_start, has_portfolio = excluded.has_portfolio,
    rating_average = excluded.rating_average, rating_count = excluded.rating_count,
    rating_score = excluded.rating_score, verified_count = excluded.verified_count,
    created_at = excluded.created_at;

  -- The inserts into the shared word lists below are sorted, so that two refreshes adding the
  -- same new words take their locks in the same order and cannot deadlock.
  INSERT INTO search_locations (location)
  SELECT DISTINCT cs.location FROM crew_search cs WHERE cs.user_id = ANY(user_ids) AND cs.location <> ''
  ORDER BY 1
  ON CONFLICT DO NOTHING;

  -- Every word of the text index, which the word being typed is completed from (ADR 011).
  INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT l.lexeme
  FROM crew_search cs CROSS JOIN LATERAL unnest(tsvector_to_array(cs.document)) AS l(lexeme)
  WHERE cs.user_id = ANY(user_ids) AND l.lexeme ~ '^[[:alnum:]]+$'
  ORDER BY 1
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
  ORDER BY 1
  ON CONFLICT DO NOTHING;
END $$;
