-- One name for the spec's virtual-provider station: the reported station (docs/decisions.md "One name:
-- reported stations"). The table, its primary key and its indexes take the names drizzle-kit gives the
-- tables file; renamed in place, so neither the rows nor the indexes are rebuilt.
ALTER TABLE "virtual_stations" RENAME TO "reported_stations";--> statement-breakpoint
ALTER TABLE "reported_stations" RENAME CONSTRAINT "virtual_stations_tenant_connector_id_pk" TO "reported_stations_tenant_connector_id_pk";--> statement-breakpoint
ALTER INDEX "virtual_stations_created_idx" RENAME TO "reported_stations_created_idx";--> statement-breakpoint
ALTER INDEX "virtual_stations_owner_idx" RENAME TO "reported_stations_owner_idx";--> statement-breakpoint
-- Their audit records and export jobs under the new names, so a station's history and the task center's
-- exports (a queued one included: its kind is what the runner looks up) carry on.
UPDATE "audit_records" SET "entity_type" = 'reported_station', "action" = replace("action", 'VIRTUAL_STATION_', 'REPORTED_STATION_') WHERE "entity_type" = 'virtual_station';--> statement-breakpoint
UPDATE "jobs" SET "kind" = 'export.reported-stations.list' WHERE "kind" = 'export.operator-stations.list';
