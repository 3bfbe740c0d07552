CREATE TABLE "monthly_reports" (
	"client_id" integer NOT NULL,
	"month" date NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "monthly_reports_client_id_month_recipient_pk" PRIMARY KEY("client_id","month","recipient")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "monthly_report_on" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "monthly_report_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_reports" ADD CONSTRAINT "monthly_reports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;