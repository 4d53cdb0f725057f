import { and, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { pageOffset, parseSort, type Tenant } from '@cmp/domain';
import { VIRTUAL_STATION_SORTABLE, type VirtualStationFilter } from '@cmp/domain/stations/virtual-stations';
import type { DbOrTx } from '../../platform/db/database.js';
import { equipmentOwners, operators, subOperators } from '../operators/operators.tables.js';
import { virtualStations } from './operator-stations.tables.js';

export type VirtualStationRow = typeof virtualStations.$inferSelect;
export type NewVirtualStation = typeof virtualStations.$inferInsert;

/** What a sort orders by; every key is not null, so one comparison serves the order and the export's cursor. */
const SORT_KEYS = {
  createdAt: sql`${virtualStations.createdAt}`,
  updatedAt: sql`${virtualStations.updatedAt}`,
  stationName: sql`${virtualStations.stationName}`,
} satisfies Record<(typeof VIRTUAL_STATION_SORTABLE)[number], SQL>;

export interface VirtualStationOrder {
  key: SQL;
  direction: 'asc' | 'desc';
}

/** The requested order (400 for a column it cannot sort by), the latest created first by default. */
export function virtualStationOrder(sort: string | undefined): VirtualStationOrder {
  const order = parseSort(sort, VIRTUAL_STATION_SORTABLE);
  return order
    ? { key: SORT_KEYS[order.column], direction: order.direction }
    : { key: SORT_KEYS.createdAt, direction: 'desc' };
}

/** Ties go by connector id in the same direction, so pages never overlap. */
const orderBy = ({ key, direction }: VirtualStationOrder) =>
  direction === 'asc'
    ? [sql`${key} asc`, sql`${virtualStations.connectorId} asc`]
    : [sql`${key} desc`, sql`${virtualStations.connectorId} desc`];

/** `%`, `_` and `\` typed in a name or an address are matched as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The reported station filter's conditions (C3.11.6), all on `virtual_stations`, so the count needs no join. */
export function virtualStationWhere(tenant: Tenant, f: Omit<VirtualStationFilter, 'sort'>): SQL {
  const conditions: (SQL | undefined)[] = [eq(virtualStations.tenant, tenant)];
  if (f.createTimeStart !== undefined) {
    conditions.push(gte(virtualStations.createdAt, new Date(f.createTimeStart)));
  }
  // Stored times are finer than a millisecond: the whole end millisecond is inside the range.
  if (f.createTimeEnd !== undefined) {
    conditions.push(lt(virtualStations.createdAt, new Date(f.createTimeEnd + 1)));
  }
  if (f.equipmentOwnerId) conditions.push(eq(virtualStations.equipmentOwnerId, f.equipmentOwnerId));
  if (f.stationName) conditions.push(ilike(virtualStations.stationName, containing(f.stationName)));
  if (f.address) conditions.push(ilike(virtualStations.address, containing(f.address)));
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
  operatorName: operators.operatorName,
  subOperatorName: subOperators.subOperatorName,
  equipmentOwnerName: equipmentOwners.equipmentOwnerName,
};

function withNames<E extends SelectedFields>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({ ...rowSelection, ...extra })
    .from(virtualStations)
    .leftJoin(operators, eq(operators.operatorId, virtualStations.operatorId))
    .leftJoin(subOperators, eq(subOperators.subOperatorId, virtualStations.subOperatorId))
    .leftJoin(equipmentOwners, eq(equipmentOwners.equipmentOwnerId, virtualStations.equipmentOwnerId));
}

export async function countVirtualStations(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(virtualStations)
    .where(where);
  return row?.n ?? 0;
}

/** One page and the total of the filtered list. */
export async function listVirtualStationPage(
  db: DbOrTx,
  tenant: Tenant,
  filter: VirtualStationFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: VirtualStationNamedRow[]; total: number }> {
  const where = virtualStationWhere(tenant, filter);
  const [rows, total] = await Promise.all([
    withNames(db)
      .where(where)
      .orderBy(...orderBy(virtualStationOrder(filter.sort)))
      .limit(page.pageSize)
      .offset(pageOffset(page.pageNo, page.pageSize)),
    countVirtualStations(db, where),
  ]);
  return { rows, total };
}

/** Where an export batch ended: the sort key as the database prints it, and the connector id. */
export interface VirtualStationCursor {
  value: string;
  connectorId: string;
}

function after({ key, direction }: VirtualStationOrder, cursor: VirtualStationCursor): SQL {
  return direction === 'asc'
    ? sql`(${key}, ${virtualStations.connectorId}) > (${cursor.value}, ${cursor.connectorId})`
    : sql`(${key}, ${virtualStations.connectorId}) < (${cursor.value}, ${cursor.connectorId})`;
}

/** One batch of an export, read by key so every batch costs the same. */
export async function exportVirtualStationBatch(
  db: DbOrTx,
  where: SQL,
  order: VirtualStationOrder,
  cursor: VirtualStationCursor | null,
  size: number,
): Promise<{ rows: VirtualStationNamedRow[]; next: VirtualStationCursor | null }> {
  const rows = await withNames(db, { cursorValue: sql<string>`(${order.key})::text` })
    .where(and(where, cursor ? after(order, cursor) : undefined))
    .orderBy(...orderBy(order))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows,
    next:
      last && rows.length === size
        ? { value: last.cursorValue, connectorId: last.station.connectorId }
        : null,
  };
}

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
      .select({ id: operators.operatorId })
      .from(operators)
      .where(eq(operators.operatorId, parties.operatorId)),
    db
      .select({ id: equipmentOwners.equipmentOwnerId })
      .from(equipmentOwners)
      .where(eq(equipmentOwners.equipmentOwnerId, parties.equipmentOwnerId)),
    parties.subOperatorId === null
      ? Promise.resolve([{ id: null }])
      : db
          .select({ id: subOperators.subOperatorId })
          .from(subOperators)
          .where(eq(subOperators.subOperatorId, parties.subOperatorId)),
  ]);
  return {
    operator: operator.length > 0,
    equipmentOwner: equipmentOwner.length > 0,
    subOperator: subOperator.length > 0,
  };
}
