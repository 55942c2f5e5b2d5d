-- Role and place filters as words of the text index (ADR 014). A text search narrowed to a role
-- or a place then intersects the words' posting lists in one GIN scan of the best-rated tier's
-- index, instead of pairing that scan with a scan of every holder of the role or fetching each
-- matching row to test its place. A facet word cannot come from text: '#' only ever separates
-- words for the parser, and search_lexemes keeps letters and digits only.
CREATE FUNCTION crew_search_facets(role_ids integer[], location text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(
    array(SELECT '#role:' || r FROM unnest(role_ids) AS r)
    || CASE WHEN location <> '' THEN array['#place:' || location] ELSE array[]::text[] END)
$$;
--> statement-breakpoint
-- crew_search_refresh as in 0005, its document now ending with the facet words.
CREATE OR REPLACE FUNCTION crew_search_refresh(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
  WHERE u.id = ANY(user_ids)
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

--> statement-breakpoint
-- Existing rows. The text indexes are built again rather than updated row by row: much faster
-- for a large table, and the same indexes as before.
DROP INDEX "crew_search_document_idx", "crew_search_document_tier_1_idx", "crew_search_document_tier_2_idx";
--> statement-breakpoint
UPDATE crew_search SET document = document || crew_search_facets(role_ids, location);
--> statement-breakpoint
CREATE INDEX "crew_search_document_idx" ON "crew_search" USING gin ("document");
--> statement-breakpoint
CREATE INDEX "crew_search_document_tier_1_idx" ON "crew_search" USING gin ("document") WHERE search_tier <= 1;
--> statement-breakpoint
CREATE INDEX "crew_search_document_tier_2_idx" ON "crew_search" USING gin ("document") WHERE search_tier <= 2;
