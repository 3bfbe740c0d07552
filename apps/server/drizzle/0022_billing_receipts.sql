CREATE TABLE "billing_receipts" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_receipts" ADD CONSTRAINT "billing_receipts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_receipts_client_idx" ON "billing_receipts" USING btree ("client_id");