ALTER TABLE "audit_log" ADD COLUMN "as_user_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "changes" jsonb;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "audit_log_client_idx" ON "audit_log" USING btree ("client_id");