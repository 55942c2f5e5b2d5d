-- Addresses already proven when verified e-mail arrived (issue 29): accounts without a password
-- (the seeded demo crew, and accounts a provider created with the address it gave) and the seeded
-- demo account. Every account that signed up with a password never proved its address: it stays
-- unverified and sees the banner until its owner opens a link (ADR 005, "Verified e-mail").
UPDATE "users" SET "email_verified_at" = "created_at"
WHERE "email_verified_at" IS NULL
  AND "email" NOT LIKE '%@users.noreply.crewbase.app'
  AND ("password_hash" IS NULL OR ("username" = 'demo' AND "email" = 'demo@crewbase.app'));
