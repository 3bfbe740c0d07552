ALTER TABLE "outbox" ADD COLUMN "status_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_provider_message_idx" ON "outbox" USING btree ("provider_message_id");--> statement-breakpoint
-- Custom SQL: messages written before this column reached their status when sent, or when queued.
UPDATE "outbox" SET "status_at" = coalesce("sent_at", "created_at");
