CREATE TABLE "storm_detected_hours" (
	"ends_at" timestamp with time zone NOT NULL,
	"pass" smallint NOT NULL,
	CONSTRAINT "storm_detected_hours_ends_at_pass_pk" PRIMARY KEY("ends_at","pass")
);
--> statement-breakpoint
CREATE TABLE "storm_detections" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"detected_through" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storm_event_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storm_event_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"revised_at" timestamp with time zone NOT NULL,
	"change" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "storm_event_revisions_change_check" CHECK ("storm_event_revisions"."change" in ('opened', 'changed', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "storm_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storm_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"total" double precision NOT NULL,
	"wettest_hour_ends_at" timestamp with time zone NOT NULL,
	"wettest_hour_amount" double precision NOT NULL,
	"passes" smallint[] NOT NULL,
	"sources" text[] NOT NULL,
	"threshold" real NOT NULL,
	"inspection_rule" text NOT NULL,
	"due_at" timestamp with time zone,
	"detected_at" timestamp with time zone NOT NULL,
	"revised_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "storm_events_inspection_rule_check" CHECK ("storm_events"."inspection_rule" in ('within_24h', 'next_business_day'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "storm_dry_hours" smallint DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "storm_detections" ADD CONSTRAINT "storm_detections_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storm_event_revisions" ADD CONSTRAINT "storm_event_revisions_event_id_storm_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."storm_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storm_events" ADD CONSTRAINT "storm_events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storm_event_revisions_event_idx" ON "storm_event_revisions" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "storm_events_location_idx" ON "storm_events" USING btree ("location_id","started_at");