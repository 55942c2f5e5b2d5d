-- The planner's estimate of how many crew a search condition matches, so that a search past the
-- exact count asks for it inside its own statement instead of a second round trip (ADR 012).
-- `condition` is the server's own SQL over `crew_search cs`, never user text: values arrive as
-- text parameters $1..$10 (the condition casts each), and the planner sees them as constants.
-- VOLATILE, the default: PostgreSQL allows EXPLAIN in no other kind of function.
CREATE FUNCTION crew_search_estimate(condition text, params text[]) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  plan json;
BEGIN
  IF coalesce(array_length(params, 1), 0) > 10 THEN
    RAISE EXCEPTION 'crew_search_estimate takes at most 10 parameters';
  END IF;
  EXECUTE 'EXPLAIN (FORMAT JSON) SELECT 1 FROM crew_search cs WHERE ' || condition
    INTO plan
    USING params[1], params[2], params[3], params[4], params[5], params[6], params[7], params[8],
      params[9], params[10];
  RETURN round((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric);
END
$$;
