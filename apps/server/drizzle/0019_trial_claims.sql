CREATE TABLE "trial_claims" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
INSERT INTO "trial_claims" ("email_hash", "claimed_at")
SELECT encode(sha256(convert_to(lower(trim(u."email")), 'UTF8')), 'hex'), min(c."created_at")
  FROM "clients" c JOIN "users" u ON u."id" = c."owner_user_id"
 WHERE c."is_trial_account" OR c."account_type" = 'trial'
 GROUP BY 1
ON CONFLICT DO NOTHING;
