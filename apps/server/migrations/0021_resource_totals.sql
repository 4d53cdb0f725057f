CREATE TABLE "resource_totals" (
	"resource_type" text PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "resource_totals" ("resource_type", "total") SELECT "resource_type", count(*) FROM "resources" GROUP BY "resource_type";
--> statement-breakpoint
CREATE FUNCTION "resource_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "resource_totals" ("resource_type", "total")
    SELECT "resource_type", count(*) FROM "inserted_resources" GROUP BY "resource_type"
    ON CONFLICT ("resource_type") DO UPDATE SET "total" = "resource_totals"."total" + excluded."total";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "resource_totals_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "resource_totals" SET "total" = "resource_totals"."total" - "gone"."n"
    FROM (SELECT "resource_type", count(*) AS "n" FROM "deleted_resources" GROUP BY "resource_type") AS "gone"
    WHERE "resource_totals"."resource_type" = "gone"."resource_type";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "resource_totals_retyped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "resource_totals" SET "total" = "total" - 1 WHERE "resource_type" = OLD."resource_type";
  INSERT INTO "resource_totals" ("resource_type", "total") VALUES (NEW."resource_type", 1)
    ON CONFLICT ("resource_type") DO UPDATE SET "total" = "resource_totals"."total" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "resources_counted_in" AFTER INSERT ON "resources"
  REFERENCING NEW TABLE AS "inserted_resources" FOR EACH STATEMENT EXECUTE FUNCTION "resource_totals_inserted"();
--> statement-breakpoint
CREATE TRIGGER "resources_counted_out" AFTER DELETE ON "resources"
  REFERENCING OLD TABLE AS "deleted_resources" FOR EACH STATEMENT EXECUTE FUNCTION "resource_totals_deleted"();
--> statement-breakpoint
CREATE TRIGGER "resources_counted_retyped" AFTER UPDATE OF "resource_type" ON "resources"
  FOR EACH ROW WHEN (OLD."resource_type" IS DISTINCT FROM NEW."resource_type") EXECUTE FUNCTION "resource_totals_retyped"();
