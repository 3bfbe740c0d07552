ALTER TABLE "audit_log" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "as_user_email" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "as_user_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_email" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_name" text;--> statement-breakpoint
-- Entries written before this migration take the users' addresses and names as they are now.
UPDATE "audit_log" SET "actor_email" = "users"."email", "actor_name" = trim("users"."first_name" || ' ' || "users"."last_name") FROM "users" WHERE "users"."id" = "audit_log"."actor_user_id";--> statement-breakpoint
UPDATE "audit_log" SET "as_user_email" = "users"."email", "as_user_name" = trim("users"."first_name" || ' ' || "users"."last_name") FROM "users" WHERE "users"."id" = "audit_log"."as_user_id";--> statement-breakpoint
UPDATE "audit_log" SET "subject_email" = "users"."email", "subject_name" = trim("users"."first_name" || ' ' || "users"."last_name") FROM "users" WHERE "users"."id" = "audit_log"."subject_user_id";
