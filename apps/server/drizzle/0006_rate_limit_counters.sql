CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"subject_hash" text NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_subject_hash_pk" PRIMARY KEY("bucket","subject_hash")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_ends_at");