-- The name a member goes by until they set a display name (issue 31): the rule of
-- fallbackNameFromEmail in common/src/people.ts ("sam.okafor@x" -> "Sam O.", "w3free@x" -> "W3free"),
-- tested against it in server/src/features/profiles/fallback-name.test.ts. users.fallback_name is
-- generated from it, so every existing row is filled now and every new or changed e-mail refills it.
CREATE FUNCTION member_fallback_name(email text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN lower(email) LIKE '%@users.noreply.crewbase.app' OR coalesce(t[1], '') !~ '[a-z]' THEN 'CrewBase member'
    ELSE upper(left(t[1], 1)) || substr(t[1], 2, 23)
      || CASE WHEN t[2] ~ '^[a-z]' THEN ' ' || upper(left(t[2], 1)) || '.' ELSE '' END
  END
  FROM (
    SELECT array_remove(
      regexp_split_to_array(split_part(split_part(lower(email), '@', 1), '+', 1), '[._-]+'),
      ''
    ) AS t
  ) AS parts
$$;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "department" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fallback_name" text GENERATED ALWAYS AS (member_fallback_name(email)) STORED NOT NULL;