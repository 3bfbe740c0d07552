-- Rainfall storage (docs/ARCHITECTURE.md "Rainfall storage"). Written by hand: drizzle-kit
-- cannot express partitioned tables; src/features/rainfall/rainfall.schema.ts mirrors it.
CREATE TABLE "rainfall_sources" (
	"id" smallint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rainfall_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 32767 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "rainfall_sources_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "ingest_intervals" (
	"product" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"pass" smallint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"rows" integer,
	CONSTRAINT "ingest_intervals_product_ends_at_pass_pk" PRIMARY KEY("product","ends_at","pass"),
	CONSTRAINT "ingest_intervals_product_check" CHECK ("product" IN ('15m', '1h')),
	CONSTRAINT "ingest_intervals_status_check" CHECK ("status" IN ('pending', 'processing', 'done', 'failed', 'superseded'))
);
--> statement-breakpoint
CREATE INDEX "ingest_intervals_open_idx" ON "ingest_intervals" USING btree ("ends_at") WHERE "status" in ('pending', 'processing', 'failed');
--> statement-breakpoint
-- Values: wet intervals only, one row per location and interval with the best pass so far.
-- Monthly partitions on ends_at are created ahead by the ingestion (rainfall.repository.ts).
-- The primary key carries the amount so per-location sums are index-only scans; the BRIN index
-- (a few pages per partition) narrows scans across all locations to the blocks of a time range.
CREATE TABLE "rainfall_hourly" (
	"location_id" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"amount" real NOT NULL,
	"pass" smallint NOT NULL,
	"source_id" smallint NOT NULL,
	CONSTRAINT "rainfall_hourly_location_id_ends_at_pk" PRIMARY KEY("location_id","ends_at") INCLUDE ("amount"),
	CONSTRAINT "rainfall_hourly_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action
) PARTITION BY RANGE ("ends_at");
--> statement-breakpoint
CREATE INDEX "rainfall_hourly_ends_at_idx" ON "rainfall_hourly" USING brin ("ends_at");
--> statement-breakpoint
CREATE TABLE "rainfall_15m" (
	"location_id" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"amount" real NOT NULL,
	"pass" smallint NOT NULL,
	"source_id" smallint NOT NULL,
	CONSTRAINT "rainfall_15m_location_id_ends_at_pk" PRIMARY KEY("location_id","ends_at") INCLUDE ("amount"),
	CONSTRAINT "rainfall_15m_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action
) PARTITION BY RANGE ("ends_at");
--> statement-breakpoint
CREATE INDEX "rainfall_15m_ends_at_idx" ON "rainfall_15m" USING brin ("ends_at");
