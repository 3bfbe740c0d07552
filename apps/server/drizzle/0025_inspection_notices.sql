CREATE TABLE "inspection_notices" (
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"sent" boolean NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inspection_notices_event_id_kind_pk" PRIMARY KEY("event_id","kind"),
	CONSTRAINT "inspection_notices_kind_check" CHECK ("inspection_notices"."kind" in ('due', 'reminder', 'overdue'))
);
--> statement-breakpoint
ALTER TABLE "inspection_notices" ADD CONSTRAINT "inspection_notices_event_id_storm_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."storm_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storm_events_due_idx" ON "storm_events" USING btree ("due_at");