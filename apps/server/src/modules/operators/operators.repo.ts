import { and, eq, ilike, inArray, min, or, sql, type SQL } from 'drizzle-orm';
import type {
  EquipmentOwnerListQuery,
  OperatorListQuery,
  SubOperatorListQuery,
} from '@cmp/domain/stations/operators';
import type { DbOrTx } from '../../platform/db/database.js';
import { limitOffset, orderByFromSort } from '../../platform/http/paging.js';
import { equipmentOwners, operators, subOperators } from './operators.tables.js';

export type SubOperatorRow = typeof subOperators.$inferSelect;

const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of rows with `count(*) over()`; past the last page the window is empty, so count apart. */
async function pageOf<T extends { total: number }>(
  rows: T[],
  pageNo: number,
  count: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const total = rows[0]?.total ?? (pageNo > 1 ? await count() : 0);
  return { rows, total };
}

const countOf = async (
  db: DbOrTx,
  table: typeof operators | typeof equipmentOwners | typeof subOperators,
  where?: SQL,
) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
  return row?.n ?? 0;
};

export async function listOperators(db: DbOrTx, query: OperatorListQuery) {
  const where = and(
    query.keyword
      ? or(
          ilike(operators.operatorId, containing(query.keyword)),
          ilike(operators.operatorName, containing(query.keyword)),
        )
      : undefined,
    query.equipmentOwnerId ? eq(operators.equipmentOwnerId, query.equipmentOwnerId) : undefined,
  );
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select({
      operatorId: operators.operatorId,
      operatorName: operators.operatorName,
      operatorOrganizationCode: operators.operatorOrganizationCode,
      equipmentOwnerId: operators.equipmentOwnerId,
      equipmentOwnerName: equipmentOwners.equipmentOwnerName,
      controlledByNio: operators.controlledByNio,
      isSharedPower: operators.isSharedPower,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(operators)
    .leftJoin(equipmentOwners, eq(equipmentOwners.equipmentOwnerId, operators.equipmentOwnerId))
    .where(where)
    .orderBy(
      ...orderByFromSort(
        query.sort,
        { operatorId: operators.operatorId, operatorName: operators.operatorName },
        [operators.operatorName],
        operators.operatorId,
      ),
    )
    .limit(limit)
    .offset(offset);
  return pageOf(rows, query.pageNo, () => countOf(db, operators, where));
}

export async function listEquipmentOwners(db: DbOrTx, query: EquipmentOwnerListQuery) {
  const where = query.keyword
    ? or(
        ilike(equipmentOwners.equipmentOwnerId, containing(query.keyword)),
        ilike(equipmentOwners.equipmentOwnerName, containing(query.keyword)),
      )
    : undefined;
  // The operator whose own equipment the owner holds; with several, the lowest id, so the answer is stable.
  const ownOperatorId = db
    .select({
      equipmentOwnerId: operators.equipmentOwnerId,
      operatorId: min(operators.operatorId).as('own_operator_id'),
    })
    .from(operators)
    .groupBy(operators.equipmentOwnerId)
    .as('own_operator');
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select({
      equipmentOwnerId: equipmentOwners.equipmentOwnerId,
      equipmentOwnerName: equipmentOwners.equipmentOwnerName,
      organizationCode: equipmentOwners.organizationCode,
      operatorId: operators.operatorId,
      operatorName: operators.operatorName,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(equipmentOwners)
    .leftJoin(ownOperatorId, eq(ownOperatorId.equipmentOwnerId, equipmentOwners.equipmentOwnerId))
    .leftJoin(operators, eq(operators.operatorId, ownOperatorId.operatorId))
    .where(where)
    .orderBy(
      ...orderByFromSort(
        query.sort,
        {
          equipmentOwnerId: equipmentOwners.equipmentOwnerId,
          equipmentOwnerName: equipmentOwners.equipmentOwnerName,
        },
        [equipmentOwners.equipmentOwnerName],
        equipmentOwners.equipmentOwnerId,
      ),
    )
    .limit(limit)
    .offset(offset);
  return pageOf(rows, query.pageNo, () => countOf(db, equipmentOwners, where));
}

export async function listSubOperators(db: DbOrTx, query: SubOperatorListQuery) {
  const where = query.keyword
    ? or(
        ilike(subOperators.subOperatorName, containing(query.keyword)),
        ilike(subOperators.subOperatorId, containing(query.keyword)),
        ilike(subOperators.organizationCode, containing(query.keyword)),
      )
    : undefined;
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select({ subOperator: subOperators, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(subOperators)
    .where(where)
    .orderBy(
      ...orderByFromSort(
        query.sort,
        {
          subOperatorName: subOperators.subOperatorName,
          subOperatorId: subOperators.subOperatorId,
          syncedAt: subOperators.syncedAt,
        },
        [subOperators.subOperatorName],
        subOperators.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const page = await pageOf(rows, query.pageNo, () => countOf(db, subOperators, where));
  return { rows: page.rows.map((row) => row.subOperator), total: page.total };
}

export function findSubOperatorsByName(db: DbOrTx, names: readonly string[]): Promise<SubOperatorRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(subOperators)
    .where(inArray(subOperators.subOperatorName, [...names]));
}

export async function existingSubOperatorIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: subOperators.subOperatorId })
    .from(subOperators)
    .where(inArray(subOperators.subOperatorId, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** Inserts the rows whose name is new; a name inserted meanwhile by another sync is skipped. */
export function insertSubOperators(
  db: DbOrTx,
  values: Pick<typeof subOperators.$inferInsert, 'subOperatorId' | 'subOperatorName' | 'organizationCode'>[],
): Promise<SubOperatorRow[]> {
  if (values.length === 0) return Promise.resolve([]);
  return db
    .insert(subOperators)
    .values(values)
    .onConflictDoNothing({ target: subOperators.subOperatorName })
    .returning();
}
