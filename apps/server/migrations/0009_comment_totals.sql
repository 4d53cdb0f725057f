CREATE TABLE "comment_totals" (
	"tenant" text PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "comment_totals" ("tenant", "total") SELECT "tenant", count(*) FROM "comments" GROUP BY "tenant";
--> statement-breakpoint
CREATE FUNCTION "comment_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "comment_totals" ("tenant", "total")
    SELECT "tenant", count(*) FROM "inserted_comments" GROUP BY "tenant"
    ON CONFLICT ("tenant") DO UPDATE SET "total" = "comment_totals"."total" + excluded."total";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "comment_totals_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "comment_totals" SET "total" = "comment_totals"."total" - "gone"."n"
    FROM (SELECT "tenant", count(*) AS "n" FROM "deleted_comments" GROUP BY "tenant") AS "gone"
    WHERE "comment_totals"."tenant" = "gone"."tenant";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "comments_counted_in" AFTER INSERT ON "comments"
  REFERENCING NEW TABLE AS "inserted_comments" FOR EACH STATEMENT EXECUTE FUNCTION "comment_totals_inserted"();
--> statement-breakpoint
CREATE TRIGGER "comments_counted_out" AFTER DELETE ON "comments"
  REFERENCING OLD TABLE AS "deleted_comments" FOR EACH STATEMENT EXECUTE FUNCTION "comment_totals_deleted"();
