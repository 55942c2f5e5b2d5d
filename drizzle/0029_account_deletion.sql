CREATE TABLE "account_restore_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"remember_me" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_restore_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erase_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_restore_challenges" ADD CONSTRAINT "account_restore_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_erase_due_idx" ON "users" USING btree ("erase_after") WHERE "users"."deleted_at" is not null and "users"."erased_at" is null;--> statement-breakpoint
-- A member who deleted their account leaves the search index (and so search, browse, top-rated and
-- the home page's featured lists) with the statement that deletes it, and comes back when it is
-- restored (the users trigger refreshes them). A guard on the index itself, so that it holds
-- whatever crew_search_refresh() does (ADR 026).
CREATE FUNCTION crew_search_skip_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.deleted_at IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER crew_search_skip_deleted BEFORE INSERT OR UPDATE ON crew_search
  FOR EACH ROW EXECUTE FUNCTION crew_search_skip_deleted();
--> statement-breakpoint
CREATE FUNCTION users_deleted_leave_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crew_search WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_deleted_leave_search AFTER UPDATE OF deleted_at ON users
  FOR EACH ROW WHEN (NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL)
  EXECUTE FUNCTION users_deleted_leave_search();
