CREATE TABLE "alert_deliveries" (
	"alert_id" integer NOT NULL,
	"outbox_id" integer NOT NULL,
	CONSTRAINT "alert_deliveries_alert_id_outbox_id_pk" PRIMARY KEY("alert_id","outbox_id")
);
--> statement-breakpoint
CREATE TABLE "alert_evaluations" (
	"product" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"evaluated_at" timestamp with time zone NOT NULL,
	"alerts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_evaluations_product_ends_at_pk" PRIMARY KEY("product","ends_at")
);
--> statement-breakpoint
CREATE TABLE "alert_events" (
	"location_id" integer NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"recurrence_years" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_events_location_id_kind_pk" PRIMARY KEY("location_id","kind")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"kind" text NOT NULL,
	"event_started_at" timestamp with time zone NOT NULL,
	"recurrence_years" smallint DEFAULT 0 NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"value" real NOT NULL,
	"threshold" real NOT NULL,
	"notified" boolean NOT NULL,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_outbox_idx" ON "alert_deliveries" USING btree ("outbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_event_unique" ON "alerts" USING btree ("location_id","kind","event_started_at","recurrence_years");--> statement-breakpoint
CREATE INDEX "alerts_client_fired_idx" ON "alerts" USING btree ("client_id","fired_at");