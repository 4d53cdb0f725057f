import { QueryBuilder } from 'drizzle-orm/pg-core';
import { chargeStations, resources, swapStations } from './stations.tables.js';

/*
 * What the route planner (road books) reads of the station network beyond `stations.views.ts`: one flat
 * scan of every station with where it is, whether it may be planned and what it serves. Read-only views,
 * which the planner flattens into the query that joins them, so they cost what the tables would.
 */
const qb = new QueryBuilder();

/** A station as the planner places it, with when its basic info was last saved (what a refresh polls). */
export const plannedStations = qb
  .select({
    resourceId: resources.resourceId,
    resourceType: resources.resourceType,
    resourceName: resources.resourceName,
    longitude: resources.longitude,
    latitude: resources.latitude,
    construction: resources.construction,
    servedBearing: resources.servedBearing,
    operatorId: resources.operatorId,
    active: resources.active,
    status: resources.status,
    basicInfoUpdateTime: resources.basicInfoUpdateTime,
  })
  .from(resources)
  .as('planned_stations');

/** A swap station's second entrance (its clone), where it has one. */
export const swapStationClones = qb
  .select({
    resourceId: swapStations.resourceId,
    hasClone: swapStations.hasClone,
    cloneLongitude: swapStations.cloneLongitude,
    cloneLatitude: swapStations.cloneLatitude,
    cloneDescription: swapStations.cloneDescription,
  })
  .from(swapStations)
  .as('swap_station_clones');

/** The cars a charge station serves (适配车型). */
export const chargeStationCars = qb
  .select({ resourceId: chargeStations.resourceId, matchCars: chargeStations.matchCars })
  .from(chargeStations)
  .as('charge_station_cars');
