CREATE TABLE "profile_documents" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
-- The visitor's view of these members' profiles, built as getProfile builds it for a visitor
-- (service.ts; profile-documents.test.ts compares the two): contact details only when public, no
-- e-mail, no isSubscribed (added when read: it changes with the clock). A member not shown
-- (suspended, deleted) has no document. A row whose text is unchanged is not written again.
-- Two transactions changing one member at once are serialised on the member's users row first:
-- otherwise each builds from a snapshot without the other's change and the last to commit wins,
-- for example a document with contact details made public by a tag added while they were being
-- hidden, or one written again for a member suspended meanwhile (ADR 040). FOR NO KEY UPDATE
-- does not block the key-share locks of foreign keys; the statements after it see what the
-- transaction waited for (READ COMMITTED, a new snapshot per statement).
CREATE FUNCTION profile_documents_refresh(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users u WHERE u.id = ANY(user_ids) ORDER BY u.id FOR NO KEY UPDATE;
  DELETE FROM profile_documents d WHERE d.user_id = ANY(user_ids)
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id AND u.suspended_at IS NULL AND u.deleted_at IS NULL);
  INSERT INTO profile_documents AS d (user_id, body)
  SELECT u.id, (jsonb_build_object(
      'id', u.id, 'username', u.username, 'displayName', u.display_name, 'fallbackName', u.fallback_name,
      'profileImage', u.profile_image, 'bio', u.bio, 'location', u.location,
      'contactVisibility', u.contact_visibility,
      'memberSince', to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'roles', coalesce((SELECT jsonb_agg(jsonb_build_object('id', r.id, 'name', r.name, 'category', r.category, 'icon', r.icon) ORDER BY ur.position, r.sort_order)
        FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '[]'),
      'experiences', coalesce((SELECT jsonb_agg(jsonb_build_object('id', e.id, 'title', e.title, 'projectName', e.project_name,
          'startDate', e.start_date, 'endDate', e.end_date, 'description', e.description, 'position', e.position)
          ORDER BY e.position, e.end_date DESC NULLS FIRST, e.start_date DESC, e.id DESC)
        FROM experiences e WHERE e.user_id = u.id), '[]'),
      'credentials', coalesce((SELECT jsonb_agg(jsonb_build_object('id', c.id, 'title', c.title, 'institution', c.institution,
          'year', c.year, 'description', c.description) ORDER BY c.year DESC NULLS LAST, c.id DESC)
        FROM credentials c WHERE c.user_id = u.id), '[]'),
      'tags', coalesce((SELECT jsonb_agg(jsonb_build_object('id', t.id, 'tag', t.tag) ORDER BY t.id)
        FROM user_tags t WHERE t.user_id = u.id), '[]'),
      'portfolio', coalesce((SELECT jsonb_agg(jsonb_build_object('id', p.id, 'kind', p.kind, 'title', p.title, 'description', p.description,
          'url', p.url, 'thumbnailUrl', p.thumbnail_url, 'embedUrl', p.embed_url, 'position', p.position) ORDER BY p.position, p.id DESC)
        FROM portfolio_items p WHERE p.user_id = u.id), '[]'),
      -- ratingAverage (reviews/queries.ts) in the same float arithmetic: Math.round(x) is floor(x + 0.5).
      'rating', jsonb_build_object(
        'average', CASE WHEN coalesce(rs.review_count, 0) > 0
          THEN floor(rs.rating_sum::float8 / rs.review_count * 100 + 0.5) / 100 ELSE 0 END,
        'count', coalesce(rs.review_count, 0))
    ) || CASE WHEN u.contact_visibility = 'public' THEN jsonb_build_object('contactInfo', u.contact_info) ELSE '{}'::jsonb END)::text
  FROM users u LEFT JOIN rating_summaries rs ON rs.user_id = u.id
  WHERE u.id = ANY(user_ids) AND u.suspended_at IS NULL AND u.deleted_at IS NULL
  ORDER BY u.id
  ON CONFLICT (user_id) DO UPDATE SET body = excluded.body WHERE d.body IS DISTINCT FROM excluded.body;
END $$;
--> statement-breakpoint
-- Statement triggers keep the documents current whatever writes the tables, as crew_search's do;
-- a bulk loader that sets crewbase.search_deferred calls profile_documents_refresh itself.
CREATE FUNCTION profile_documents_touch() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM profile_documents_refresh(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  source record;
BEGIN
  FOR source IN SELECT * FROM (VALUES
    ('users', 'id'), ('user_roles', 'user_id'), ('experiences', 'user_id'), ('credentials', 'user_id'),
    ('user_tags', 'user_id'), ('portfolio_items', 'user_id'), ('rating_summaries', 'user_id')) AS s(tbl, col)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_documents_touch(%L)',
      source.tbl || '_document_insert', source.tbl, source.col);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_documents_touch(%L)',
      source.tbl || '_document_update', source.tbl, source.col);
    IF source.tbl <> 'users' THEN
      EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_documents_touch(%L)',
        source.tbl || '_document_delete', source.tbl, source.col);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- Members are never deleted by the app (an erased member's row stays, ADR 026), but a row deleted
-- by hand takes its document with it.
CREATE FUNCTION users_document_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM profile_documents d USING old_rows o WHERE d.user_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_document_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_document_delete();
--> statement-breakpoint
-- A role renamed or moved (the catalogue is upserted at every start, usually changing nothing):
-- the documents of the members who hold it.
CREATE FUNCTION roles_documents_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM profile_documents_refresh(array_agg(DISTINCT ur.user_id))
  FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN user_roles ur ON ur.role_id = n.id
  WHERE (o.name, o.category, o.icon, o.sort_order) IS DISTINCT FROM (n.name, n.category, n.icon, n.sort_order)
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER roles_document_update AFTER UPDATE ON roles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION roles_documents_touch();
--> statement-breakpoint
-- Every profile shown today.
SELECT profile_documents_refresh(array_agg(id)) FROM users WHERE suspended_at IS NULL AND deleted_at IS NULL;
