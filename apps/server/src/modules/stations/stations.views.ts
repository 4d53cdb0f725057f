import { QueryBuilder } from 'drizzle-orm/pg-core';
import { connectors, equipments, resources } from './stations.tables.js';

/*
 * What other modules may read of the station network: read-only views (subqueries the planner flattens into
 * the query that joins them, so they cost what the tables would), which the module keeps stable whatever its
 * tables become. Writes go through the stations module's services.
 */
const qb = new QueryBuilder();

/** A charge or swap station as others name, place and filter it. */
export const stationDirectory = qb
  .select({
    resourceId: resources.resourceId,
    resourceType: resources.resourceType,
    resourceName: resources.resourceName,
    description: resources.description,
    operatorId: resources.operatorId,
    equipmentOwnerId: resources.equipmentOwnerId,
    /** GB/T 2260 code of the district (or the city where a city has no districts). */
    regionId: resources.regionId,
    cityId: resources.cityId,
    provinceId: resources.provinceId,
    address: resources.address,
    longitude: resources.longitude,
    latitude: resources.latitude,
    status: resources.status,
    active: resources.active,
  })
  .from(resources)
  .as('station_directory');

/** A station's chargers (equipments) and their type. */
export const equipmentDirectory = qb
  .select({
    equipmentId: equipments.equipmentId,
    resourceId: equipments.resourceId,
    equipmentType: equipments.equipmentType,
    power: equipments.power,
  })
  .from(equipments)
  .as('equipment_directory');

/** A charger's connectors (guns). */
export const connectorDirectory = qb
  .select({ connectorId: connectors.connectorId, equipmentId: connectors.equipmentId })
  .from(connectors)
  .as('connector_directory');
