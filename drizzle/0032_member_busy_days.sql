CREATE TABLE "member_busy_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"sources" smallint NOT NULL,
	CONSTRAINT "member_busy_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "member_busy_days" ADD CONSTRAINT "member_busy_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Whether a booking row makes its days busy: a hire (accepted, or completed once over), or a hold
-- the crew member agreed to. A request, or a hold only asked for, blocks nothing (ADR 018).
CREATE FUNCTION booking_makes_busy(status text, hold_agreed_at timestamptz) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('accepted', 'completed')
    OR (status IN ('hold_first', 'hold_second') AND hold_agreed_at IS NOT NULL)
$$;
--> statement-breakpoint
-- Adds each change (+1 or -1 source on a member's day) to member_busy_days; a day left with no
-- source goes. Increments and decrements commute, and each row is changed under its row lock, so
-- calendars changed concurrently add up right without any other lock (ADR 033).
CREATE FUNCTION member_busy_days_apply(user_ids integer[], days date[], deltas integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF user_ids IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO member_busy_days AS m (user_id, day, sources)
  SELECT c.user_id, c.day, sum(c.delta) FROM unnest(user_ids, days, deltas) AS c(user_id, day, delta)
  GROUP BY c.user_id, c.day HAVING sum(c.delta) > 0 ORDER BY c.user_id, c.day
  ON CONFLICT (user_id, day) DO UPDATE SET sources = m.sources + excluded.sources;
  UPDATE member_busy_days m SET sources = m.sources + c.delta
  FROM (SELECT c.user_id, c.day, sum(c.delta) AS delta FROM unnest(user_ids, days, deltas) AS c(user_id, day, delta)
    GROUP BY c.user_id, c.day HAVING sum(c.delta) < 0) c
  WHERE m.user_id = c.user_id AND m.day = c.day;
  DELETE FROM member_busy_days m USING unnest(user_ids, days, deltas) AS c(user_id, day, delta)
  WHERE c.delta < 0 AND m.user_id = c.user_id AND m.day = c.day AND m.sources <= 0;
END $$;
--> statement-breakpoint
-- bookings: the days of each row that makes them busy, -1 as it was and +1 as it is. An update
-- that leaves a row's crew member, days and busyness alone (paid, reminded, completed) changes none.
CREATE FUNCTION bookings_busy_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  user_ids integer[];
  days date[];
  deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.crew_id), array_agg(n.start_date + i), array_agg(1) INTO user_ids, days, deltas
    FROM new_rows n, generate_series(0, n.end_date - n.start_date) i
    WHERE booking_makes_busy(n.status, n.hold_agreed_at);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.crew_id), array_agg(o.start_date + i), array_agg(-1) INTO user_ids, days, deltas
    FROM old_rows o, generate_series(0, o.end_date - o.start_date) i
    WHERE booking_makes_busy(o.status, o.hold_agreed_at);
  ELSE
    WITH moved AS (
      SELECT o.crew_id AS old_crew, o.start_date AS old_start, o.end_date AS old_end,
        booking_makes_busy(o.status, o.hold_agreed_at) AS was_busy,
        n.crew_id, n.start_date, n.end_date, booking_makes_busy(n.status, n.hold_agreed_at) AS is_busy
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE booking_makes_busy(o.status, o.hold_agreed_at) IS DISTINCT FROM booking_makes_busy(n.status, n.hold_agreed_at)
        OR (o.crew_id, o.start_date, o.end_date) IS DISTINCT FROM (n.crew_id, n.start_date, n.end_date)
    ), changes AS (
      SELECT old_crew AS user_id, old_start + i AS day, -1 AS delta
      FROM moved, generate_series(0, old_end - old_start) i WHERE was_busy
      UNION ALL
      SELECT crew_id, start_date + i, 1 FROM moved, generate_series(0, end_date - start_date) i WHERE is_busy
    )
    SELECT array_agg(user_id), array_agg(day), array_agg(delta) INTO user_ids, days, deltas FROM changes;
  END IF;
  PERFORM member_busy_days_apply(user_ids, days, deltas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_busy_days_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_busy_days();
--> statement-breakpoint
CREATE TRIGGER bookings_busy_days_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_busy_days();
--> statement-breakpoint
CREATE TRIGGER bookings_busy_days_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_busy_days();
--> statement-breakpoint
-- unavailable_days: +1 for each day marked, -1 for each day taken back.
CREATE FUNCTION unavailable_days_busy_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  user_ids integer[];
  days date[];
  deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.user_id), array_agg(n.day), array_agg(1) INTO user_ids, days, deltas FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.user_id), array_agg(o.day), array_agg(-1) INTO user_ids, days, deltas FROM old_rows o;
  ELSE
    SELECT array_agg(c.user_id), array_agg(c.day), array_agg(c.delta) INTO user_ids, days, deltas
    FROM (SELECT o.user_id, o.day, -1 AS delta FROM old_rows o
      UNION ALL SELECT n.user_id, n.day, 1 FROM new_rows n) c;
  END IF;
  PERFORM member_busy_days_apply(user_ids, days, deltas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER unavailable_days_busy_days_insert AFTER INSERT ON unavailable_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION unavailable_days_busy_days();
--> statement-breakpoint
CREATE TRIGGER unavailable_days_busy_days_update AFTER UPDATE ON unavailable_days
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION unavailable_days_busy_days();
--> statement-breakpoint
CREATE TRIGGER unavailable_days_busy_days_delete AFTER DELETE ON unavailable_days
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION unavailable_days_busy_days();
--> statement-breakpoint
-- Existing calendars.
INSERT INTO member_busy_days (user_id, day, sources)
SELECT user_id, day, count(*) FROM (
  SELECT b.crew_id AS user_id, b.start_date + i AS day
  FROM bookings b, generate_series(0, b.end_date - b.start_date) i
  WHERE booking_makes_busy(b.status, b.hold_agreed_at)
  UNION ALL
  SELECT u.user_id, u.day FROM unavailable_days u
) busy GROUP BY user_id, day;
--> statement-breakpoint
-- Search by dates adds up to three values to a condition the planner estimates (ADR 013).
CREATE OR REPLACE FUNCTION crew_search_estimate(condition text, params text[]) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  plan json;
BEGIN
  IF coalesce(array_length(params, 1), 0) > 14 THEN
    RAISE EXCEPTION 'crew_search_estimate takes at most 14 parameters';
  END IF;
  EXECUTE 'EXPLAIN (FORMAT JSON) SELECT 1 FROM crew_search cs WHERE ' || condition
    INTO plan
    USING params[1], params[2], params[3], params[4], params[5], params[6], params[7], params[8],
      params[9], params[10], params[11], params[12], params[13], params[14];
  RETURN round((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric);
END
$$;
