CREATE TABLE "account_exports" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"exported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;