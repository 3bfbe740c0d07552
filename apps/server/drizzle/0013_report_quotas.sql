CREATE TABLE "report_recipients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"email" text NOT NULL,
	"added_by" integer,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_recipients" ADD CONSTRAINT "report_recipients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_recipients" ADD CONSTRAINT "report_recipients_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_recipients_client_email_idx" ON "report_recipients" USING btree ("client_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "report_recipients_token_idx" ON "report_recipients" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "report_tasks_client_created_idx" ON "report_tasks" USING btree ("client_id","created_at");