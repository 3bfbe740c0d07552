ALTER TABLE "test_checkout_sessions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "hold_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "refusal" text;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Sign-ups made before holds existed: a waiting one holds its address for its checkout's 24 hours,
-- the newest of an address only; every other one is released.
UPDATE "signups" SET "hold_ends_at" = "created_at" + interval '24 hours';--> statement-breakpoint
UPDATE "signups" s SET "released_at" = now()
 WHERE s."provisioned_at" IS NOT NULL OR s."cancelled_at" IS NOT NULL
    OR s."created_at" < now() - interval '24 hours'
    OR EXISTS (SELECT 1 FROM "signups" n WHERE lower(n."email") = lower(s."email")
                AND n."provisioned_at" IS NULL AND n."cancelled_at" IS NULL
                AND (n."created_at", n."id") > (s."created_at", s."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "signups_held_email_idx" ON "signups" USING btree (lower("email")) WHERE "signups"."released_at" is null;