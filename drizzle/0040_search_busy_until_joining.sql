-- A member who joins the search index (a first role) while a calendar change of theirs commits
-- (ADR 041): the calendar's update finds no search row yet, and the new row's trigger cannot see
-- the uncommitted days, so busy_until would stay empty. The two meet on one advisory lock per
-- member, taken only on that path: by a calendar change for a member it found no search row for,
-- and by a row joining the index. Whichever waits reads the other's work once it has committed
-- (each statement of a plpgsql function reads the newest committed data). Calendar changes of
-- members already in the index, and refreshes of rows already there, take no lock.

-- busy_until moved to the last newly busy day of each member, when that is later (never earlier).
CREATE FUNCTION crew_search_busy_until_raise(user_ids integer[], days date[], deltas integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE crew_search cs SET busy_until = c.last
  FROM (SELECT c.user_id, max(c.day) AS last FROM unnest(user_ids, days, deltas) AS c(user_id, day, delta)
    WHERE c.delta > 0 GROUP BY c.user_id) c
  WHERE cs.user_id = c.user_id AND (cs.busy_until IS NULL OR cs.busy_until < c.last);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_busy_days_apply(user_ids integer[], days date[], deltas integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  joining integer[];
  member integer;
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
  -- Members with days newly busy and no search row: none, or one still being inserted by a
  -- transaction that has not committed. Looked for before the first raise, so that a row which
  -- commits in between is either raised there (it was seen) or waited for here (it was not).
  SELECT array_agg(DISTINCT c.user_id ORDER BY c.user_id) INTO joining
  FROM unnest(user_ids, days, deltas) AS c(user_id, day, delta)
  WHERE c.delta > 0 AND NOT EXISTS (SELECT 1 FROM crew_search cs WHERE cs.user_id = c.user_id);
  PERFORM crew_search_busy_until_raise(user_ids, days, deltas);
  IF joining IS NULL THEN
    RETURN;
  END IF;
  -- Lowest id first, the one lock order.
  FOREACH member IN ARRAY joining LOOP
    PERFORM pg_advisory_xact_lock(hashtext('crew-search-joining'), member);
  END LOOP;
  -- A row that joined while this waited is there now.
  PERFORM crew_search_busy_until_raise(user_ids, days, deltas);
END $$;
--> statement-breakpoint
-- A row joining the index reads the member's last busy day under the same lock. A refresh of a row
-- already there (INSERT ... ON CONFLICT DO UPDATE, which leaves busy_until alone) takes no lock,
-- but still reads it: that row may be going (a last role removed at the same moment), and then
-- this one is inserted in its place. A bulk loader (crewbase.search_deferred) runs alone and takes
-- no lock: thousands of rows in one transaction would fill the lock table.
CREATE OR REPLACE FUNCTION crew_search_busy_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('crewbase.search_deferred', true), '') <> 'on'
    AND NOT EXISTS (SELECT 1 FROM crew_search cs WHERE cs.user_id = NEW.user_id) THEN
    PERFORM pg_advisory_xact_lock(hashtext('crew-search-joining'), NEW.user_id);
  END IF;
  NEW.busy_until := (SELECT max(b.day) FROM member_busy_days b WHERE b.user_id = NEW.user_id);
  RETURN NEW;
END $$;
