import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type {
  REPORTED_STATION_SORTABLE,
  ReportedStationFilter,
} from '@cmp/domain/stations/reported-stations';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { equipmentOwnerNames, operatorNames, subOperatorNames } from '../operators/operators.views.js';
import { reportedStations } from './reported-stations.tables.js';

export type ReportedStationRow = typeof reportedStations.$inferSelect;
export type NewReportedStation = typeof reportedStations.$inferInsert;

/** The reported station filter (C3.11.6) of one tenant. */
export type ReportedStationScopedFilter = Omit<ReportedStationFilter, 'sort'> & { tenant: Tenant };

/** The reported station filter's conditions (C3.11.6), all on `reported_stations`, so the count needs no join. */
function reportedStationWhere({ tenant, ...f }: ReportedStationScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(reportedStations.tenant, tenant)];
  if (f.createTimeStart !== undefined) {
    conditions.push(gte(reportedStations.createdAt, new Date(f.createTimeStart)));
  }
  // Stored times are finer than a millisecond: the whole end millisecond is inside the range.
  if (f.createTimeEnd !== undefined) {
    conditions.push(lt(reportedStations.createdAt, new Date(f.createTimeEnd + 1)));
  }
  if (f.equipmentOwnerId) conditions.push(eq(reportedStations.equipmentOwnerId, f.equipmentOwnerId));
  if (f.stationName) conditions.push(contains(reportedStations.stationName, f.stationName));
  if (f.address) conditions.push(contains(reportedStations.address, f.address));
  if (f.source) conditions.push(eq(reportedStations.source, f.source));
  return and(...conditions)!;
}

/** A station with the names of its operator, sub-operator and equipment owner (null for one unknown now). */
export interface ReportedStationNamedRow {
  station: ReportedStationRow;
  operatorName: string | null;
  subOperatorName: string | null;
  equipmentOwnerName: string | null;
}

const rowSelection = {
  station: reportedStations,
  operatorName: operatorNames.operatorName,
  subOperatorName: subOperatorNames.subOperatorName,
  equipmentOwnerName: equipmentOwnerNames.equipmentOwnerName,
};

function withNames<E extends SelectedFields>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({ ...rowSelection, ...extra })
    .from(reportedStations)
    .leftJoin(operatorNames, eq(operatorNames.operatorId, reportedStations.operatorId))
    .leftJoin(subOperatorNames, eq(subOperatorNames.subOperatorId, reportedStations.subOperatorId))
    .leftJoin(
      equipmentOwnerNames,
      eq(equipmentOwnerNames.equipmentOwnerId, reportedStations.equipmentOwnerId),
    );
}

/** The reported station list: the latest created first, ties by connector. */
export const reportedStationList = defineList({
  table: reportedStations,
  id: reportedStations.connectorId,
  sort: {
    keys: {
      createdAt: reportedStations.createdAt,
      updatedAt: reportedStations.updatedAt,
      stationName: reportedStations.stationName,
    } satisfies Record<(typeof REPORTED_STATION_SORTABLE)[number], AnyPgColumn>,
    default: 'createdAt:desc',
  },
  where: reportedStationWhere,
  select: (db, cursor) => withNames(db, cursor).$dynamic(),
});

export async function findReportedStation(
  db: DbOrTx,
  tenant: Tenant,
  connectorId: string,
): Promise<ReportedStationNamedRow | undefined> {
  const [row] = await withNames(db).where(
    and(eq(reportedStations.tenant, tenant), eq(reportedStations.connectorId, connectorId)),
  );
  return row;
}

/** The station itself, locked until the transaction ends, so two saves of it run one after the other. */
export async function lockReportedStation(
  tx: DbOrTx,
  tenant: Tenant,
  connectorId: string,
): Promise<ReportedStationRow | undefined> {
  const [row] = await tx
    .select()
    .from(reportedStations)
    .where(and(eq(reportedStations.tenant, tenant), eq(reportedStations.connectorId, connectorId)))
    .for('update');
  return row;
}

/**
 * Inserts the station unless the tenant has one on that connector (the primary key decides, so two creates
 * at once cannot both succeed); answers it, or undefined.
 */
export async function insertReportedStation(
  tx: DbOrTx,
  values: NewReportedStation,
): Promise<ReportedStationRow | undefined> {
  const [row] = await tx.insert(reportedStations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateReportedStation(
  tx: DbOrTx,
  tenant: Tenant,
  connectorId: string,
  values: Partial<NewReportedStation>,
): Promise<ReportedStationRow> {
  const [row] = await tx
    .update(reportedStations)
    .set({ ...values, version: sql`${reportedStations.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(reportedStations.tenant, tenant), eq(reportedStations.connectorId, connectorId)))
    .returning();
  return row!;
}

export async function deleteReportedStation(tx: DbOrTx, tenant: Tenant, connectorId: string): Promise<void> {
  await tx
    .delete(reportedStations)
    .where(and(eq(reportedStations.tenant, tenant), eq(reportedStations.connectorId, connectorId)));
}

/** Which of the parties a station names exist: the operator, the equipment owner, the sub-operator if named. */
export async function partiesExist(
  db: DbOrTx,
  parties: { operatorId: string; equipmentOwnerId: string; subOperatorId: string | null },
): Promise<{ operator: boolean; equipmentOwner: boolean; subOperator: boolean }> {
  const [operator, equipmentOwner, subOperator] = await Promise.all([
    db
      .select({ id: operatorNames.operatorId })
      .from(operatorNames)
      .where(eq(operatorNames.operatorId, parties.operatorId)),
    db
      .select({ id: equipmentOwnerNames.equipmentOwnerId })
      .from(equipmentOwnerNames)
      .where(eq(equipmentOwnerNames.equipmentOwnerId, parties.equipmentOwnerId)),
    parties.subOperatorId === null
      ? Promise.resolve([{ id: null }])
      : db
          .select({ id: subOperatorNames.subOperatorId })
          .from(subOperatorNames)
          .where(eq(subOperatorNames.subOperatorId, parties.subOperatorId)),
  ]);
  return {
    operator: operator.length > 0,
    equipmentOwner: equipmentOwner.length > 0,
    subOperator: subOperator.length > 0,
  };
}
