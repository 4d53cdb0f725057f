import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { VIRTUAL_STATION_SORTABLE, VirtualStationFilter } from '@cmp/domain/stations/virtual-stations';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { equipmentOwnerNames, operatorNames, subOperatorNames } from '../operators/operators.views.js';
import { virtualStations } from './operator-stations.tables.js';

export type VirtualStationRow = typeof virtualStations.$inferSelect;
export type NewVirtualStation = typeof virtualStations.$inferInsert;

/** The reported station filter (C3.11.6) of one tenant. */
export type VirtualStationScopedFilter = Omit<VirtualStationFilter, 'sort'> & { tenant: Tenant };

/** The reported station filter's conditions (C3.11.6), all on `virtual_stations`, so the count needs no join. */
function virtualStationWhere({ tenant, ...f }: VirtualStationScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(virtualStations.tenant, tenant)];
  if (f.createTimeStart !== undefined) {
    conditions.push(gte(virtualStations.createdAt, new Date(f.createTimeStart)));
  }
  // Stored times are finer than a millisecond: the whole end millisecond is inside the range.
  if (f.createTimeEnd !== undefined) {
    conditions.push(lt(virtualStations.createdAt, new Date(f.createTimeEnd + 1)));
  }
  if (f.equipmentOwnerId) conditions.push(eq(virtualStations.equipmentOwnerId, f.equipmentOwnerId));
  if (f.stationName) conditions.push(contains(virtualStations.stationName, f.stationName));
  if (f.address) conditions.push(contains(virtualStations.address, f.address));
  if (f.source) conditions.push(eq(virtualStations.source, f.source));
  return and(...conditions)!;
}

/** A station with the names of its operator, sub-operator and equipment owner (null for one unknown now). */
export interface VirtualStationNamedRow {
  station: VirtualStationRow;
  operatorName: string | null;
  subOperatorName: string | null;
  equipmentOwnerName: string | null;
}

const rowSelection = {
  station: virtualStations,
  operatorName: operatorNames.operatorName,
  subOperatorName: subOperatorNames.subOperatorName,
  equipmentOwnerName: equipmentOwnerNames.equipmentOwnerName,
};

function withNames<E extends SelectedFields>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({ ...rowSelection, ...extra })
    .from(virtualStations)
    .leftJoin(operatorNames, eq(operatorNames.operatorId, virtualStations.operatorId))
    .leftJoin(subOperatorNames, eq(subOperatorNames.subOperatorId, virtualStations.subOperatorId))
    .leftJoin(
      equipmentOwnerNames,
      eq(equipmentOwnerNames.equipmentOwnerId, virtualStations.equipmentOwnerId),
    );
}

/** The operator station list: the latest created first, ties by connector. */
export const virtualStationList = defineList({
  table: virtualStations,
  id: virtualStations.connectorId,
  sort: {
    keys: {
      createdAt: virtualStations.createdAt,
      updatedAt: virtualStations.updatedAt,
      stationName: virtualStations.stationName,
    } satisfies Record<(typeof VIRTUAL_STATION_SORTABLE)[number], AnyPgColumn>,
    default: 'createdAt:desc',
  },
  where: virtualStationWhere,
  select: (db, cursor) => withNames(db, cursor).$dynamic(),
});

export async function findVirtualStation(
  db: DbOrTx,
  tenant: Tenant,
  connectorId: string,
): Promise<VirtualStationNamedRow | undefined> {
  const [row] = await withNames(db).where(
    and(eq(virtualStations.tenant, tenant), eq(virtualStations.connectorId, connectorId)),
  );
  return row;
}

/** The station itself, locked until the transaction ends, so two saves of it run one after the other. */
export async function lockVirtualStation(
  tx: DbOrTx,
  tenant: Tenant,
  connectorId: string,
): Promise<VirtualStationRow | undefined> {
  const [row] = await tx
    .select()
    .from(virtualStations)
    .where(and(eq(virtualStations.tenant, tenant), eq(virtualStations.connectorId, connectorId)))
    .for('update');
  return row;
}

/**
 * Inserts the station unless the tenant has one on that connector (the primary key decides, so two creates
 * at once cannot both succeed); answers it, or undefined.
 */
export async function insertVirtualStation(
  tx: DbOrTx,
  values: NewVirtualStation,
): Promise<VirtualStationRow | undefined> {
  const [row] = await tx.insert(virtualStations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateVirtualStation(
  tx: DbOrTx,
  tenant: Tenant,
  connectorId: string,
  values: Partial<NewVirtualStation>,
): Promise<VirtualStationRow> {
  const [row] = await tx
    .update(virtualStations)
    .set({ ...values, version: sql`${virtualStations.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(virtualStations.tenant, tenant), eq(virtualStations.connectorId, connectorId)))
    .returning();
  return row!;
}

export async function deleteVirtualStation(tx: DbOrTx, tenant: Tenant, connectorId: string): Promise<void> {
  await tx
    .delete(virtualStations)
    .where(and(eq(virtualStations.tenant, tenant), eq(virtualStations.connectorId, connectorId)));
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
