ALTER TABLE "charge_points" ADD COLUMN "tenant" text;--> statement-breakpoint
-- A charger registered before chargers had an owner belongs to the tenant its registration was audited in.
UPDATE "charge_points" AS cp SET "tenant" = (
  SELECT a."tenant" FROM "audit_records" a
  WHERE a."entity_type" = 'charge_point' AND a."entity_id" = cp."charge_point_id" AND a."action" = 'CHARGE_POINT_REGISTER'
  ORDER BY a."id" LIMIT 1
);
