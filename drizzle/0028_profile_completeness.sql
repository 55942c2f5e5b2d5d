-- Issue 33: how useful a profile is to a production, 0-100 (ADR 009's addendum): display name 45,
-- role 20, photo 15, bio 8, location 4, experience 4, skills 2, portfolio 2
-- (PROFILE_COMPLETENESS_POINTS in server/src/db/schema/search.ts). Relevance is multiplied by it;
-- the home page's featured lists need 65 (a name and a role). The column keeps no default: a
-- crew_search_refresh that forgets it fails loudly instead of ranking everyone as empty.
ALTER TABLE "crew_search" ADD COLUMN "profile_completeness" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION crew_profile_completeness(display_name text, profile_image text, bio text, location text,
  has_role boolean, has_experience boolean, has_skills boolean, has_portfolio boolean)
RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (
    CASE WHEN nullif(btrim(display_name), '') IS NOT NULL THEN 45 ELSE 0 END
    + CASE WHEN nullif(btrim(profile_image), '') IS NOT NULL THEN 15 ELSE 0 END
    + CASE WHEN has_role THEN 20 ELSE 0 END
    + CASE WHEN nullif(btrim(bio), '') IS NOT NULL THEN 8 ELSE 0 END
    + CASE WHEN nullif(btrim(location), '') IS NOT NULL THEN 4 ELSE 0 END
    + CASE WHEN has_experience THEN 4 ELSE 0 END
    + CASE WHEN has_skills THEN 2 ELSE 0 END
    + CASE WHEN has_portfolio THEN 2 ELSE 0 END
  )::smallint
$$;
--> statement-breakpoint
-- As in 0015, with profile_completeness. Whoever replaces this function again must keep it.
CREATE OR REPLACE FUNCTION crew_search_refresh(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crew_search cs
  WHERE cs.user_id = ANY(user_ids) AND (
    NOT EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = cs.user_id)
    OR EXISTS (SELECT 1 FROM users su WHERE su.id = cs.user_id AND su.suspended_at IS NOT NULL));

  INSERT INTO crew_search AS cs (user_id, name, location, role_ids, document, snippet_source, career_start,
    has_portfolio, rating_average, rating_count, rating_score, verified_count, profile_completeness, created_at)
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
    crew_profile_completeness(u.display_name, u.profile_image, u.bio, u.location, true,
      e.titles IS NOT NULL, t.tags IS NOT NULL,
      EXISTS (SELECT 1 FROM portfolio_items p WHERE p.user_id = u.id)),
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
    profile_completeness = excluded.profile_completeness, created_at = excluded.created_at;

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
--> statement-breakpoint
-- Back-fill: every crew row has a role (a user with none has no row).
UPDATE crew_search cs SET profile_completeness = crew_profile_completeness(u.display_name, u.profile_image,
  u.bio, u.location, true,
  EXISTS (SELECT 1 FROM experiences ex WHERE ex.user_id = cs.user_id),
  EXISTS (SELECT 1 FROM user_tags ut WHERE ut.user_id = cs.user_id),
  cs.has_portfolio)
FROM users u WHERE u.id = cs.user_id;
--> statement-breakpoint
ALTER TABLE "crew_search" ALTER COLUMN "profile_completeness" DROP DEFAULT;
