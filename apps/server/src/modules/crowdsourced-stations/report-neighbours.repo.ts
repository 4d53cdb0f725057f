import { and, asc, between, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { OpeningHours } from '@cmp/domain/stations/business-hours';
import type { FeePeriod } from '@cmp/domain/stations/fees';
import { REPORT_ONLINE_STATUSES, REPORT_REVIEW_STATUSES } from '@cmp/domain/stations/crowdsourced-stations';
import type { DbOrTx } from '../../platform/db/database.js';
import { operatorNames } from '../operators/operators.views.js';
import { chargeStationTerms, swapStationHours } from '../stations/station-terms.views.js';
import { equipmentDirectory, stationDirectory } from '../stations/stations.views.js';
import { crowdsourcedStations } from './crowdsourced-stations.tables.js';

/** Mean earth radius (IUGG), metres. */
const EARTH_RADIUS = 6_371_008.8;
const METRES_PER_DEGREE_LATITUDE = 111_320;

export interface Point {
  longitude: number;
  latitude: number;
}

interface Columns {
  longitude: AnyPgColumn;
  latitude: AnyPgColumn;
}

/**
 * Rows within a latitude/longitude box around the circle of `metres`: what a (…, latitude, longitude) index
 * narrows to before the exact distance decides.
 */
export function withinBox(columns: Columns, point: Point, metres: number): SQL {
  const latitudeSpan = metres / METRES_PER_DEGREE_LATITUDE;
  const metresPerDegreeLongitude = METRES_PER_DEGREE_LATITUDE * Math.cos((point.latitude * Math.PI) / 180);
  // Near a pole a degree of longitude shrinks to nothing: take every longitude there.
  const longitudeSpan = metresPerDegreeLongitude > metres / 180 ? metres / metresPerDegreeLongitude : 180;
  return and(
    between(columns.latitude, point.latitude - latitudeSpan, point.latitude + latitudeSpan),
    between(columns.longitude, point.longitude - longitudeSpan, point.longitude + longitudeSpan),
  )!;
}

/** The great-circle (haversine) distance in metres from the point to the row's position. */
export function distanceTo(columns: Columns, point: Point): SQL<number> {
  const latitude = sql`${point.latitude}::double precision`;
  const longitude = sql`${point.longitude}::double precision`;
  return sql<number>`(${2 * EARTH_RADIUS}::double precision * asin(least(1, sqrt(
      power(sin(radians(${columns.latitude} - ${latitude}) / 2), 2)
      + cos(radians(${latitude})) * cos(radians(${columns.latitude}))
        * power(sin(radians(${columns.longitude} - ${longitude}) / 2), 2)))))`.mapWith(Number);
}

export interface NearbyStationRow {
  resourceId: string;
  resourceType: string;
  resourceName: string;
  operatorName: string | null;
  address: string | null;
  longitude: number;
  latitude: number;
  status: number;
  parkNumbers: number | null;
  /** A charge station's hours and fees, a swap station's hours. */
  businessHours: OpeningHours | null;
  electricityFee: FeePeriod[] | null;
  serviceFee: FeePeriod[] | null;
  distance: number;
}

/** Network stations of any type within `metres` of the point, nearest first. */
export async function nearbyStations(
  db: DbOrTx,
  point: Point,
  metres: number,
  limit: number,
): Promise<NearbyStationRow[]> {
  const station = stationDirectory;
  const distance = distanceTo(station, point);
  return db
    .select({
      resourceId: station.resourceId,
      resourceType: station.resourceType,
      resourceName: station.resourceName,
      operatorName: operatorNames.operatorName,
      address: station.address,
      longitude: station.longitude,
      latitude: station.latitude,
      status: station.status,
      parkNumbers: chargeStationTerms.parkNumbers,
      businessHours: sql<OpeningHours | null>`coalesce(${chargeStationTerms.businessHours}, ${swapStationHours.openingHours})`,
      electricityFee: chargeStationTerms.electricityFee,
      serviceFee: chargeStationTerms.serviceFee,
      distance,
    })
    .from(station)
    .leftJoin(operatorNames, eq(operatorNames.operatorId, station.operatorId))
    .leftJoin(chargeStationTerms, eq(chargeStationTerms.resourceId, station.resourceId))
    .leftJoin(swapStationHours, eq(swapStationHours.resourceId, station.resourceId))
    .where(and(withinBox(station, point, metres), sql`${distance} <= ${metres}::double precision`))
    .orderBy(asc(distance), asc(station.resourceId))
    .limit(limit);
}

export interface NearbyReportRow {
  objectId: string;
  stationName: string;
  address: string;
  longitude: number;
  latitude: number;
  distance: number;
}

/**
 * The tenant's open reports (pending, or approved and not yet online) within `metres` of the point, nearest
 * first, other than `exceptObjectId`.
 */
export function nearbyOpenReports(
  db: DbOrTx,
  tenant: Tenant,
  point: Point,
  metres: number,
  limit: number,
  exceptObjectId: string | null,
): Promise<NearbyReportRow[]> {
  const t = crowdsourcedStations;
  const distance = distanceTo(t, point);
  return db
    .select({
      objectId: t.objectId,
      stationName: t.stationName,
      address: t.address,
      longitude: t.longitude,
      latitude: t.latitude,
      distance,
    })
    .from(t)
    .where(
      and(
        eq(t.tenant, tenant),
        withinBox(t, point, metres),
        or(
          eq(t.stationStatus, REPORT_REVIEW_STATUSES.pending),
          and(
            eq(t.stationStatus, REPORT_REVIEW_STATUSES.approved),
            eq(t.onlineStatus, REPORT_ONLINE_STATUSES.offline),
          ),
        ),
        exceptObjectId === null ? undefined : ne(t.objectId, exceptObjectId),
        sql`${distance} <= ${metres}::double precision`,
      ),
    )
    .orderBy(asc(distance), asc(t.objectId))
    .limit(limit);
}

export interface EquipmentSummary {
  dcEquipmentNumber: number;
  acEquipmentNumber: number;
  dcPower: number;
  acPower: number;
}

export const NO_EQUIPMENT: EquipmentSummary = {
  dcEquipmentNumber: 0,
  acEquipmentNumber: 0,
  dcPower: 0,
  acPower: 0,
};

/** Chargers per current type and the most powerful of each, per station. */
export async function equipmentSummaries(
  db: DbOrTx,
  resourceIds: readonly string[],
): Promise<Map<string, EquipmentSummary>> {
  if (resourceIds.length === 0) return new Map();
  const charger = equipmentDirectory;
  const isAc = sql`${charger.equipmentType} = 'AC'`;
  const rows = await db
    .select({
      resourceId: charger.resourceId,
      dcEquipmentNumber: sql<number>`count(*) filter (where not ${isAc})`.mapWith(Number),
      acEquipmentNumber: sql<number>`count(*) filter (where ${isAc})`.mapWith(Number),
      dcPower: sql<number>`coalesce(max(${charger.power}) filter (where not ${isAc}), 0)`.mapWith(Number),
      acPower: sql<number>`coalesce(max(${charger.power}) filter (where ${isAc}), 0)`.mapWith(Number),
    })
    .from(charger)
    .where(inArray(charger.resourceId, [...resourceIds]))
    .groupBy(charger.resourceId);
  return new Map(rows.map(({ resourceId, ...summary }) => [resourceId, summary]));
}
