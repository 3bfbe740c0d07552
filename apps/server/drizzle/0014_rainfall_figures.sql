CREATE TABLE "rainfall_figures" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"total_24h" double precision NOT NULL,
	"day_total" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rainfall_figures_hour" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	CONSTRAINT "rainfall_figures_hour_one_row" CHECK ("rainfall_figures_hour"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "rainfall_figures" ADD CONSTRAINT "rainfall_figures_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;