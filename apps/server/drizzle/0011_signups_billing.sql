CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"tier" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount" real NOT NULL,
	"customer_id" text NOT NULL,
	"customer_email" text,
	"customer_name" text,
	"subscription_id" text,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trial_reminders" (
	"client_id" integer NOT NULL,
	"reminder" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_reminders_client_id_reminder_pk" PRIMARY KEY("client_id","reminder")
);
--> statement-breakpoint
CREATE TABLE "signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"sms_accepted" boolean DEFAULT false NOT NULL,
	"account_name" text,
	"tier" text NOT NULL,
	"location" jsonb NOT NULL,
	"browser_secret_hash" text NOT NULL,
	"checkout_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"provisioned_at" timestamp with time zone,
	"user_id" integer,
	"client_id" integer,
	CONSTRAINT "signups_checkout_session_id_unique" UNIQUE("checkout_session_id")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "payment_grace_end_date" date;--> statement-breakpoint
ALTER TABLE "trial_reminders" ADD CONSTRAINT "trial_reminders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_stripe_subscription_idx" ON "clients" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "clients_stripe_customer_idx" ON "clients" USING btree ("stripe_customer_id");