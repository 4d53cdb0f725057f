CREATE TABLE "invitation_totals" (
	"tenant" text NOT NULL,
	"kind" text NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "invitation_totals_tenant_kind_pk" PRIMARY KEY("tenant","kind")
);
--> statement-breakpoint
INSERT INTO "invitation_totals" ("tenant", "kind", "total") SELECT "tenant", "kind", count(*) FROM "invitations" GROUP BY "tenant", "kind";
--> statement-breakpoint
CREATE FUNCTION "invitation_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "invitation_totals" ("tenant", "kind", "total")
    SELECT "tenant", "kind", count(*) FROM "inserted_invitations" GROUP BY "tenant", "kind"
    ON CONFLICT ("tenant", "kind") DO UPDATE SET "total" = "invitation_totals"."total" + excluded."total";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "invitation_totals_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "invitation_totals" SET "total" = "invitation_totals"."total" - "gone"."n"
    FROM (SELECT "tenant", "kind", count(*) AS "n" FROM "deleted_invitations" GROUP BY "tenant", "kind") AS "gone"
    WHERE "invitation_totals"."tenant" = "gone"."tenant" AND "invitation_totals"."kind" = "gone"."kind";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invitations_counted_in" AFTER INSERT ON "invitations"
  REFERENCING NEW TABLE AS "inserted_invitations" FOR EACH STATEMENT EXECUTE FUNCTION "invitation_totals_inserted"();
--> statement-breakpoint
CREATE TRIGGER "invitations_counted_out" AFTER DELETE ON "invitations"
  REFERENCING OLD TABLE AS "deleted_invitations" FOR EACH STATEMENT EXECUTE FUNCTION "invitation_totals_deleted"();
