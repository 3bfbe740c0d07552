ALTER TABLE "ingest_intervals" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
-- Claims taken before leases existed keep the rule they were taken under: free 15 minutes after they began.
UPDATE "ingest_intervals" SET "lease_until" = "started_at" + interval '15 minutes' WHERE "status" = 'processing';
