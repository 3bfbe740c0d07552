CREATE TABLE "rainfall_history_fills" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rainfall_history_fills" ADD CONSTRAINT "rainfall_history_fills_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Custom SQL (drizzle-kit does not express triggers): every location added, and every location
-- whose coordinates change, is queued for a history fill in the transaction that changes it.
CREATE FUNCTION "rainfall_queue_history_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rainfall_history_fills" ("location_id") SELECT "id" FROM "changed_rows"
    ON CONFLICT ("location_id") DO UPDATE SET "added_at" = excluded."added_at";
  ELSE
    INSERT INTO "rainfall_history_fills" ("location_id")
    SELECT n."id" FROM "changed_rows" n JOIN "previous_rows" o USING ("id")
     WHERE (n."latitude", n."longitude") IS DISTINCT FROM (o."latitude", o."longitude")
    ON CONFLICT ("location_id") DO UPDATE SET "added_at" = excluded."added_at";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "locations_added_queue_history_fill" AFTER INSERT ON "locations"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "rainfall_queue_history_fill"();
--> statement-breakpoint
CREATE TRIGGER "locations_moved_queue_history_fill" AFTER UPDATE ON "locations"
  REFERENCING OLD TABLE AS "previous_rows" NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "rainfall_queue_history_fill"();
