ALTER TABLE "clients" ADD COLUMN "storm_threshold" real DEFAULT 0.25 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "storm_threshold" real DEFAULT 0.25 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "inspection_rule" text DEFAULT 'within_24h' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "routine_cadence_days" smallint;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_inspection_rule_check" CHECK ("locations"."inspection_rule" in ('within_24h', 'next_business_day'));--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_routine_cadence_check" CHECK ("locations"."routine_cadence_days" in (7, 14));