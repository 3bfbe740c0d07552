CREATE TABLE "atlas14_points" (
	"source" text NOT NULL,
	"latitude_milli" integer NOT NULL,
	"longitude_milli" integer NOT NULL,
	"depths" jsonb,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "atlas14_points_source_latitude_milli_longitude_milli_pk" PRIMARY KEY("source","latitude_milli","longitude_milli")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "atlas14_source" text;--> statement-breakpoint
-- Depths stored before this migration came from the simulator, the only frequency source then.
UPDATE "locations" SET "atlas14_source" = 'simulator' WHERE "atlas14_threshold" IS NOT NULL;
