CREATE TABLE "daily_reports" (
	"client_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"messages" integer NOT NULL,
	CONSTRAINT "daily_reports_client_id_report_date_pk" PRIMARY KEY("client_id","report_date")
);
--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;