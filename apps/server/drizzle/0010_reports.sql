CREATE TABLE "outbox_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rainfall_on_demand_days" (
	"location_id" integer NOT NULL,
	"product" text NOT NULL,
	"day" date NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"filled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rainfall_on_demand_days_location_id_product_day_pk" PRIMARY KEY("location_id","product","day")
);
--> statement-breakpoint
CREATE TABLE "account_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"task_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_charges_task_id_unique" UNIQUE("task_id")
);
--> statement-breakpoint
CREATE TABLE "report_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer,
	"requested_by" integer NOT NULL,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"stage" text,
	"error" text,
	"message_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"fee_cents" integer,
	"file_name" text,
	"file_content_type" text,
	"file_content" "bytea",
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "report_tasks_progress_range" CHECK ("report_tasks"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_id" integer;--> statement-breakpoint
ALTER TABLE "rainfall_on_demand_days" ADD CONSTRAINT "rainfall_on_demand_days_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_charges" ADD CONSTRAINT "account_charges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_charges" ADD CONSTRAINT "account_charges_task_id_report_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."report_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tasks" ADD CONSTRAINT "report_tasks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tasks" ADD CONSTRAINT "report_tasks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_charges_client_idx" ON "account_charges" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "report_tasks_open_idx" ON "report_tasks" USING btree ("created_at") WHERE status in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_attachment_id_outbox_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."outbox_attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_attachment_idx" ON "outbox" USING btree ("attachment_id");