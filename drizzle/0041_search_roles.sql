CREATE TABLE "crew_search_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"location" text NOT NULL,
	"rating_score" real NOT NULL,
	"busy_until" date,
	CONSTRAINT "crew_search_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "crew_search_roles" ADD CONSTRAINT "crew_search_roles_user_id_crew_search_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."crew_search"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- crew_search once per role of each member (ADR 042): a listing by one role walks that role's
-- crew alone, in rating order, with or without one place. Rows come from crew_search rows as they
-- stand: filled here, then by the statement triggers below (and by the bulk loader, whose triggers
-- are off); a member's rows go with their crew_search row.
CREATE FUNCTION crew_search_roles_add(user_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO crew_search_roles (user_id, role_id, location, rating_score, busy_until)
  SELECT cs.user_id, r.role_id, cs.location, cs.rating_score, cs.busy_until
  FROM crew_search cs CROSS JOIN LATERAL unnest(cs.role_ids) AS r(role_id)
  WHERE cs.user_id = ANY(user_ids)
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
SELECT crew_search_roles_add(array(SELECT user_id FROM crew_search));
--> statement-breakpoint
-- Ascending, read backwards for `rating_score desc, user_id desc`, as crew_search's own.
CREATE INDEX "crew_search_roles_location_score_idx" ON "crew_search_roles" USING btree ("role_id", "location", "rating_score", "user_id") INCLUDE ("busy_until");
--> statement-breakpoint
CREATE INDEX "crew_search_roles_score_idx" ON "crew_search_roles" USING btree ("role_id", "rating_score", "user_id") INCLUDE ("busy_until");
--> statement-breakpoint
CREATE FUNCTION crew_search_roles_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM crew_search_roles_add(array(SELECT n.user_id FROM new_rows n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crew_search_roles_insert AFTER INSERT ON crew_search
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crew_search_roles_insert();
--> statement-breakpoint
-- A refresh rewrites every column of the rows it is given (INSERT ... ON CONFLICT DO UPDATE):
-- only members whose roles, place, rating or last busy day changed are written here.
CREATE FUNCTION crew_search_roles_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crew_search_roles sr
  USING old_rows o JOIN new_rows n ON n.user_id = o.user_id
  WHERE sr.user_id = n.user_id AND n.role_ids IS DISTINCT FROM o.role_ids AND sr.role_id <> ALL(n.role_ids);
  INSERT INTO crew_search_roles AS sr (user_id, role_id, location, rating_score, busy_until)
  SELECT n.user_id, r.role_id, n.location, n.rating_score, n.busy_until
  FROM old_rows o JOIN new_rows n ON n.user_id = o.user_id
  CROSS JOIN LATERAL unnest(n.role_ids) AS r(role_id)
  WHERE (n.role_ids, n.location, n.rating_score, n.busy_until)
    IS DISTINCT FROM (o.role_ids, o.location, o.rating_score, o.busy_until)
  ORDER BY 1, 2
  ON CONFLICT (user_id, role_id) DO UPDATE SET location = excluded.location,
    rating_score = excluded.rating_score, busy_until = excluded.busy_until;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crew_search_roles_update AFTER UPDATE ON crew_search
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crew_search_roles_update();
--> statement-breakpoint
-- Index-only walks stay index-only only while the visibility map is current: vacuumed after 2% of
-- rows change rather than 20% (a tenth of the crew booked in a month dirtied pages no vacuum came
-- for, and every walk read the table as well: 1.1 ms → 6.4 ms for a count at a million crew).
ALTER TABLE "crew_search" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "crew_search_roles" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
