ALTER TABLE "crew_search" ADD COLUMN "busy_until" date;--> statement-breakpoint
-- busy_until (ADR 041): the last day a member has ever been busy on. It only moves later: two
-- calendars changed at once each set the greatest (the row's own value is read again when one waits
-- for the other), and a day that stops being busy leaves it where it was: a search whose dates
-- start after it skips the member's calendar, one that overlaps it looks at member_busy_days.
CREATE OR REPLACE FUNCTION member_busy_days_apply(user_ids integer[], days date[], deltas integer[]) RETURNS void
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
  UPDATE crew_search cs SET busy_until = c.last
  FROM (SELECT c.user_id, max(c.day) AS last FROM unnest(user_ids, days, deltas) AS c(user_id, day, delta)
    WHERE c.delta > 0 GROUP BY c.user_id) c
  WHERE cs.user_id = c.user_id AND (cs.busy_until IS NULL OR cs.busy_until < c.last);
END $$;
--> statement-breakpoint
-- Whether a member is busy on some day from first_day to last_day, and on how many (ADR 041).
-- Searches call them only for candidates busy after the range starts. In plpgsql on purpose: the
-- planner neither inlines them (it turned the probe into a hash of every busy day in the range,
-- read from the whole table) nor prices a probe into each row an index walk passes (which made a
-- bitmap of the whole place look cheaper than walking it to the first 200).
CREATE FUNCTION member_busy_between(member integer, first_day date, last_day date) RETURNS boolean
LANGUAGE plpgsql STABLE COST 10 AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM member_busy_days b WHERE b.user_id = member AND b.day BETWEEN first_day AND last_day);
END $$;
--> statement-breakpoint
CREATE FUNCTION member_busy_days_between(member integer, first_day date, last_day date) RETURNS integer
LANGUAGE plpgsql STABLE COST 10 AS $$
BEGIN
  RETURN (SELECT count(*) FROM member_busy_days b WHERE b.user_id = member AND b.day BETWEEN first_day AND last_day);
END $$;
--> statement-breakpoint
-- A member who joins the search index (a first role) with days already busy.
CREATE FUNCTION crew_search_busy_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.busy_until := (SELECT max(b.day) FROM member_busy_days b WHERE b.user_id = NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER crew_search_busy_until BEFORE INSERT ON crew_search
  FOR EACH ROW EXECUTE FUNCTION crew_search_busy_until();
--> statement-breakpoint
UPDATE crew_search cs SET busy_until = b.last
FROM (SELECT user_id, max(day) AS last FROM member_busy_days GROUP BY user_id) b
WHERE cs.user_id = b.user_id;
--> statement-breakpoint
-- The two covering indexes carry it, so role, place and dates are answered from the index alone.
DROP INDEX "crew_search_score_idx";
--> statement-breakpoint
CREATE INDEX "crew_search_score_idx" ON "crew_search" USING btree ("rating_score", "user_id") INCLUDE ("role_ids", "busy_until");
--> statement-breakpoint
DROP INDEX "crew_search_location_score_idx";
--> statement-breakpoint
CREATE INDEX "crew_search_location_score_idx" ON "crew_search" USING btree ("location", "rating_score", "user_id") INCLUDE ("role_ids", "busy_until");
