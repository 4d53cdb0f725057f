import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { OpeningHours } from '@cmp/domain/stations/business-hours';
import type { FeePeriod } from '@cmp/domain/stations/fees';
import { REPORT_ONLINE_STATUSES, REPORT_REVIEW_STATUSES } from '@cmp/domain/stations/crowdsourced-stations';
import type { DbOrTx } from '../../platform/db/database.js';
import { operators } from '../operators/operators.tables.js';
import { chargeStations, equipments, resources, swapStations } from '../stations/stations.tables.js';
import { crowdsourcedStations } from './crowdsourced-stations.tables.js';
import { distanceTo, withinBox, type Point } from './report-geo.js';

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
  const distance = distanceTo(resources, point);
  return db
    .select({
      resourceId: resources.resourceId,
      resourceType: resources.resourceType,
      resourceName: resources.resourceName,
      operatorName: operators.operatorName,
      address: resources.address,
      longitude: resources.longitude,
      latitude: resources.latitude,
      status: resources.status,
      parkNumbers: chargeStations.parkNumbers,
      businessHours: sql<OpeningHours | null>`coalesce(${chargeStations.businessHours}, ${swapStations.openingHours})`,
      electricityFee: chargeStations.electricityFee,
      serviceFee: chargeStations.serviceFee,
      distance,
    })
    .from(resources)
    .leftJoin(operators, eq(operators.operatorId, resources.operatorId))
    .leftJoin(chargeStations, eq(chargeStations.resourceId, resources.resourceId))
    .leftJoin(swapStations, eq(swapStations.resourceId, resources.resourceId))
    .where(and(withinBox(resources, point, metres), sql`${distance} <= ${metres}::double precision`))
    .orderBy(asc(distance), asc(resources.resourceId))
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
  const isAc = sql`${equipments.equipmentType} = 'AC'`;
  const rows = await db
    .select({
      resourceId: equipments.resourceId,
      dcEquipmentNumber: sql<number>`count(*) filter (where not ${isAc})`.mapWith(Number),
      acEquipmentNumber: sql<number>`count(*) filter (where ${isAc})`.mapWith(Number),
      dcPower: sql<number>`coalesce(max(${equipments.power}) filter (where not ${isAc}), 0)`.mapWith(Number),
      acPower: sql<number>`coalesce(max(${equipments.power}) filter (where ${isAc}), 0)`.mapWith(Number),
    })
    .from(equipments)
    .where(inArray(equipments.resourceId, [...resourceIds]))
    .groupBy(equipments.resourceId);
  return new Map(rows.map(({ resourceId, ...summary }) => [resourceId, summary]));
}
