import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { operatorNames } from '../operators/operators.views.js';
import { chargeStations, resources, swapStations } from './stations.tables.js';

/** Mean earth radius (IUGG), metres. */
const EARTH_RADIUS = 6_371_008.8;
const METRES_PER_DEGREE_LATITUDE = 111_320;

/** What the resource basic info needs of a station of either type. */
export async function findBasicRows(db: DbOrTx, resourceIds: readonly string[]) {
  if (resourceIds.length === 0) return [];
  return db
    .select({
      resourceId: resources.resourceId,
      resourceType: resources.resourceType,
      resourceName: resources.resourceName,
      longitude: resources.longitude,
      latitude: resources.latitude,
      operatorId: resources.operatorId,
      address: resources.address,
      controlledByNio: operatorNames.controlledByNio,
      businessHours: chargeStations.businessHours,
      isScannable: chargeStations.isScannable,
      openingHours: swapStations.openingHours,
      swapTotalAc: swapStations.chargerTotalNumberAc,
      swapFreeAc: swapStations.chargerFreeNumberAc,
      swapTotalDc: swapStations.chargerTotalNumberDc,
      swapFreeDc: swapStations.chargerFreeNumberDc,
      swapMinPower: swapStations.chargingPowerTotalMin,
    })
    .from(resources)
    .leftJoin(chargeStations, eq(chargeStations.resourceId, resources.resourceId))
    .leftJoin(swapStations, eq(swapStations.resourceId, resources.resourceId))
    .leftJoin(operatorNames, eq(operatorNames.operatorId, resources.operatorId))
    .where(inArray(resources.resourceId, [...resourceIds]));
}
export type BasicRow = Awaited<ReturnType<typeof findBasicRows>>[number];

/** The fee periods of the charge stations among `resourceIds`. */
export async function findFeeRows(db: DbOrTx, resourceIds: readonly string[]) {
  if (resourceIds.length === 0) return [];
  return db
    .select({
      resourceId: chargeStations.resourceId,
      electricityFee: chargeStations.electricityFee,
      serviceFee: chargeStations.serviceFee,
      timezone: chargeStations.timezone,
    })
    .from(chargeStations)
    .where(inArray(chargeStations.resourceId, [...resourceIds]));
}

export interface AroundSearch {
  longitude: number;
  latitude: number;
  distance: number;
  resourceType?: string;
  limit: number;
}

/**
 * Stations within `distance` metres, nearest first. A latitude/longitude box around the circle narrows the
 * rows on the location index; the great-circle (haversine) distance then decides.
 */
export async function findAround(
  db: DbOrTx,
  search: AroundSearch,
): Promise<{ resourceId: string; distance: number }[]> {
  const latitudeSpan = search.distance / METRES_PER_DEGREE_LATITUDE;
  const metresPerDegreeLongitude = METRES_PER_DEGREE_LATITUDE * Math.cos((search.latitude * Math.PI) / 180);
  // Near a pole a degree of longitude shrinks to nothing: take every longitude there.
  const longitudeSpan =
    metresPerDegreeLongitude > search.distance / 180 ? search.distance / metresPerDegreeLongitude : 180;
  const latitude = sql`${search.latitude}::double precision`;
  const longitude = sql`${search.longitude}::double precision`;
  const distance = sql<number>`${2 * EARTH_RADIUS}::double precision * asin(sqrt(
      power(sin(radians(${resources.latitude} - ${latitude}) / 2), 2)
      + cos(radians(${latitude})) * cos(radians(${resources.latitude}))
        * power(sin(radians(${resources.longitude} - ${longitude}) / 2), 2)))`;
  const hits = db
    .select({ resourceId: resources.resourceId, distance: distance.as('distance') })
    .from(resources)
    .where(
      and(
        between(resources.latitude, search.latitude - latitudeSpan, search.latitude + latitudeSpan),
        between(resources.longitude, search.longitude - longitudeSpan, search.longitude + longitudeSpan),
        search.resourceType ? eq(resources.resourceType, search.resourceType) : undefined,
      ),
    )
    .as('hits');
  const rows = await db
    .select({ resourceId: hits.resourceId, distance: hits.distance })
    .from(hits)
    .where(sql`${hits.distance} <= ${search.distance}::double precision`)
    .orderBy(asc(hits.distance), asc(hits.resourceId))
    .limit(search.limit);
  return rows.map((row) => ({ resourceId: row.resourceId, distance: Number(row.distance) }));
}
