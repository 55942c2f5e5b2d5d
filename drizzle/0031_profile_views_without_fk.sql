ALTER TABLE "profile_views" DROP CONSTRAINT "profile_views_user_id_users_id_fk";
