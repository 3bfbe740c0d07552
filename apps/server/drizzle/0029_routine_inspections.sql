CREATE TABLE "routine_inspection_notices" (
	"location_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"sent" boolean NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "routine_inspection_notices_location_id_due_at_kind_pk" PRIMARY KEY("location_id","due_at","kind"),
	CONSTRAINT "routine_inspection_notices_kind_check" CHECK ("routine_inspection_notices"."kind" in ('due', 'reminder', 'overdue'))
);
--> statement-breakpoint
ALTER TABLE "inspections" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "routine_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "location_id" integer;--> statement-breakpoint
UPDATE "inspections" SET "location_id" = (SELECT "location_id" FROM "storm_events" WHERE "storm_events"."id" = "inspections"."event_id");--> statement-breakpoint
ALTER TABLE "inspections" ALTER COLUMN "location_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "routine_inspection_notices" ADD CONSTRAINT "routine_inspection_notices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspections_location_idx" ON "inspections" USING btree ("location_id","inspected_at");