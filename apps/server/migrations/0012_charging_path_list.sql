CREATE TABLE "charging_path_totals" (
	"tenant" text PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "charging_paths_rating_idx";--> statement-breakpoint
ALTER TABLE "charging_paths" ALTER COLUMN "routes" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "charging_paths_orig_idx" ON "charging_paths" USING btree ("tenant","orig_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "charging_paths_dest_idx" ON "charging_paths" USING btree ("tenant","dest_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "charging_paths_rating_idx" ON "charging_paths" USING btree ("tenant","commentary_rating","search_time","path_id");--> statement-breakpoint
INSERT INTO "charging_path_totals" ("tenant", "total") SELECT "tenant", count(*) FROM "charging_paths" GROUP BY "tenant";
--> statement-breakpoint
CREATE FUNCTION "charging_path_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "charging_path_totals" ("tenant", "total")
    SELECT "tenant", count(*) FROM "inserted_charging_paths" GROUP BY "tenant"
    ON CONFLICT ("tenant") DO UPDATE SET "total" = "charging_path_totals"."total" + excluded."total";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "charging_path_totals_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "charging_path_totals" SET "total" = "charging_path_totals"."total" - "gone"."n"
    FROM (SELECT "tenant", count(*) AS "n" FROM "deleted_charging_paths" GROUP BY "tenant") AS "gone"
    WHERE "charging_path_totals"."tenant" = "gone"."tenant";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "charging_paths_counted_in" AFTER INSERT ON "charging_paths"
  REFERENCING NEW TABLE AS "inserted_charging_paths" FOR EACH STATEMENT EXECUTE FUNCTION "charging_path_totals_inserted"();
--> statement-breakpoint
CREATE TRIGGER "charging_paths_counted_out" AFTER DELETE ON "charging_paths"
  REFERENCING OLD TABLE AS "deleted_charging_paths" FOR EACH STATEMENT EXECUTE FUNCTION "charging_path_totals_deleted"();
