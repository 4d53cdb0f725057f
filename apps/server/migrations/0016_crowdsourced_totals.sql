CREATE TABLE "crowdsourced_totals" (
	"tenant" text NOT NULL,
	"station_status" smallint NOT NULL,
	"online_status" smallint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "crowdsourced_totals_tenant_station_status_online_status_pk" PRIMARY KEY("tenant","station_status","online_status")
);
--> statement-breakpoint
INSERT INTO "crowdsourced_totals" ("tenant", "station_status", "online_status", "total")
  SELECT "tenant", "station_status", "online_status", count(*) FROM "crowdsourced_stations"
  GROUP BY "tenant", "station_status", "online_status";
--> statement-breakpoint
CREATE FUNCTION "crowdsourced_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "crowdsourced_totals" ("tenant", "station_status", "online_status", "total")
    SELECT "tenant", "station_status", "online_status", count(*) FROM "inserted_reports"
    GROUP BY "tenant", "station_status", "online_status"
    ON CONFLICT ("tenant", "station_status", "online_status")
    DO UPDATE SET "total" = "crowdsourced_totals"."total" + excluded."total";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "crowdsourced_totals_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "crowdsourced_totals" SET "total" = "crowdsourced_totals"."total" - "gone"."n"
    FROM (SELECT "tenant", "station_status", "online_status", count(*) AS "n" FROM "deleted_reports"
          GROUP BY "tenant", "station_status", "online_status") AS "gone"
    WHERE "crowdsourced_totals"."tenant" = "gone"."tenant"
      AND "crowdsourced_totals"."station_status" = "gone"."station_status"
      AND "crowdsourced_totals"."online_status" = "gone"."online_status";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "crowdsourced_totals_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates are edits that leave the states as they were: their rows cancel out.
  INSERT INTO "crowdsourced_totals" ("tenant", "station_status", "online_status", "total")
    SELECT "tenant", "station_status", "online_status", sum("n")::bigint FROM (
      SELECT "tenant", "station_status", "online_status", count(*) AS "n" FROM "updated_reports"
        GROUP BY "tenant", "station_status", "online_status"
      UNION ALL
      SELECT "tenant", "station_status", "online_status", -count(*) AS "n" FROM "outdated_reports"
        GROUP BY "tenant", "station_status", "online_status"
    ) AS "change"
    GROUP BY "tenant", "station_status", "online_status"
    HAVING sum("n") <> 0
    ON CONFLICT ("tenant", "station_status", "online_status")
    DO UPDATE SET "total" = "crowdsourced_totals"."total" + excluded."total";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "crowdsourced_stations_counted_in" AFTER INSERT ON "crowdsourced_stations"
  REFERENCING NEW TABLE AS "inserted_reports" FOR EACH STATEMENT EXECUTE FUNCTION "crowdsourced_totals_inserted"();
--> statement-breakpoint
CREATE TRIGGER "crowdsourced_stations_counted_out" AFTER DELETE ON "crowdsourced_stations"
  REFERENCING OLD TABLE AS "deleted_reports" FOR EACH STATEMENT EXECUTE FUNCTION "crowdsourced_totals_deleted"();
--> statement-breakpoint
CREATE TRIGGER "crowdsourced_stations_recounted" AFTER UPDATE ON "crowdsourced_stations"
  REFERENCING OLD TABLE AS "outdated_reports" NEW TABLE AS "updated_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "crowdsourced_totals_updated"();
