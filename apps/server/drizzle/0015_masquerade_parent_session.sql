ALTER TABLE "sessions" ADD COLUMN "parent_session_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_parent_session_id_sessions_id_fk" FOREIGN KEY ("parent_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "sessions" SET "revoked_at" = now(), "revoked_reason" = 'acting sessions now end with their superuser''s session' WHERE "actor_user_id" IS NOT NULL AND "revoked_at" IS NULL;
