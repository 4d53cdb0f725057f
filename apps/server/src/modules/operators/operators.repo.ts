import { and, eq, inArray, min, ne, or, sql } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  EQUIPMENT_OWNER_SORTABLE,
  EquipmentOwnerListQuery,
  OPERATOR_SORTABLE,
  OperatorListQuery,
  SUB_OPERATOR_SORTABLE,
  SubOperatorListQuery,
} from '@cmp/domain/stations/operators';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { equipmentOwners, operators, subOperators } from './operators.tables.js';

export type SubOperatorRow = typeof subOperators.$inferSelect;

/** A list's filter and order, without its page. */
type Filter<Query> = Omit<Query, 'pageNo' | 'pageSize'>;

/** Operators by name; `keyword` matches part of the id or the name. */
export const operatorList = defineList({
  table: operators,
  id: operators.operatorId,
  sort: {
    keys: {
      operatorId: operators.operatorId,
      operatorName: operators.operatorName,
    } satisfies Record<(typeof OPERATOR_SORTABLE)[number], AnyPgColumn>,
    default: 'operatorName:asc',
  },
  where: ({ keyword, equipmentOwnerId }: Filter<OperatorListQuery>) =>
    and(
      keyword
        ? or(contains(operators.operatorId, keyword), contains(operators.operatorName, keyword))
        : undefined,
      equipmentOwnerId ? eq(operators.equipmentOwnerId, equipmentOwnerId) : undefined,
    ),
  select: (db, cursor) =>
    db
      .select({
        operatorId: operators.operatorId,
        operatorName: operators.operatorName,
        operatorOrganizationCode: operators.operatorOrganizationCode,
        equipmentOwnerId: operators.equipmentOwnerId,
        equipmentOwnerName: equipmentOwners.equipmentOwnerName,
        controlledByNio: operators.controlledByNio,
        isSharedPower: operators.isSharedPower,
        ...cursor,
      })
      .from(operators)
      .leftJoin(equipmentOwners, eq(equipmentOwners.equipmentOwnerId, operators.equipmentOwnerId))
      .$dynamic(),
});

/** The operator whose own equipment an owner holds; with several, the lowest id, so the answer is stable. */
const ownOperator = new QueryBuilder()
  .select({
    equipmentOwnerId: operators.equipmentOwnerId,
    operatorId: min(operators.operatorId).as('own_operator_id'),
  })
  .from(operators)
  .groupBy(operators.equipmentOwnerId)
  .as('own_operator');

/** Equipment owners by name, each with its own operator; `keyword` matches part of the id or the name. */
export const equipmentOwnerList = defineList({
  table: equipmentOwners,
  id: equipmentOwners.equipmentOwnerId,
  sort: {
    keys: {
      equipmentOwnerId: equipmentOwners.equipmentOwnerId,
      equipmentOwnerName: equipmentOwners.equipmentOwnerName,
    } satisfies Record<(typeof EQUIPMENT_OWNER_SORTABLE)[number], AnyPgColumn>,
    default: 'equipmentOwnerName:asc',
  },
  where: ({ keyword }: Filter<EquipmentOwnerListQuery>) =>
    keyword
      ? or(
          contains(equipmentOwners.equipmentOwnerId, keyword),
          contains(equipmentOwners.equipmentOwnerName, keyword),
        )
      : undefined,
  select: (db, cursor) =>
    db
      .select({
        equipmentOwnerId: equipmentOwners.equipmentOwnerId,
        equipmentOwnerName: equipmentOwners.equipmentOwnerName,
        organizationCode: equipmentOwners.organizationCode,
        operatorId: operators.operatorId,
        operatorName: operators.operatorName,
        ...cursor,
      })
      .from(equipmentOwners)
      .leftJoin(ownOperator, eq(ownOperator.equipmentOwnerId, equipmentOwners.equipmentOwnerId))
      .leftJoin(operators, eq(operators.operatorId, ownOperator.operatorId))
      .$dynamic(),
});

/** Sub-operators by name; `keyword` matches part of the name, the id or the organization code. */
export const subOperatorList = defineList({
  table: subOperators,
  id: subOperators.id,
  sort: {
    keys: {
      subOperatorName: subOperators.subOperatorName,
      subOperatorId: subOperators.subOperatorId,
      syncedAt: subOperators.syncedAt,
    } satisfies Record<(typeof SUB_OPERATOR_SORTABLE)[number], AnyPgColumn>,
    default: 'subOperatorName:asc',
  },
  where: ({ keyword }: Filter<SubOperatorListQuery>) =>
    keyword
      ? or(
          contains(subOperators.subOperatorName, keyword),
          contains(subOperators.subOperatorId, keyword),
          contains(subOperators.organizationCode, keyword),
        )
      : undefined,
  select: (db, cursor) =>
    db
      .select({ subOperator: subOperators, ...cursor })
      .from(subOperators)
      .$dynamic(),
});

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

export type OperatorRow = typeof operators.$inferSelect;

/** One operator with its owner's name and registration. */
export async function findOperator(db: DbOrTx, operatorId: string) {
  const [row] = await db
    .select({
      operator: operators,
      equipmentOwnerName: equipmentOwners.equipmentOwnerName,
      equipmentOwnerOrganizationCode: equipmentOwners.organizationCode,
    })
    .from(operators)
    .leftJoin(equipmentOwners, eq(equipmentOwners.equipmentOwnerId, operators.equipmentOwnerId))
    .where(eq(operators.operatorId, operatorId));
  return row;
}

/** The operator read for a change, locked until the change commits. */
export async function lockOperator(db: DbOrTx, operatorId: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.operatorId, operatorId)).for('update');
  return row;
}

/**
 * Serializes the changes that create or rename operators, so that two of them cannot both find a name
 * free (names are unique by rule, not by index: network data loaded from feeds may repeat one).
 */
export async function lockOperatorNames(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('operators.operator_name'))`);
}

/** Whether another operator (any but `except`) has this name, ignoring case. */
export async function operatorNameTaken(db: DbOrTx, name: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ operatorId: operators.operatorId })
    .from(operators)
    .where(
      and(
        eq(sql`lower(${operators.operatorName})`, name.toLowerCase()),
        except === undefined ? undefined : ne(operators.operatorId, except),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function equipmentOwnerExists(db: DbOrTx, equipmentOwnerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: equipmentOwners.equipmentOwnerId })
    .from(equipmentOwners)
    .where(eq(equipmentOwners.equipmentOwnerId, equipmentOwnerId));
  return row !== undefined;
}

/** Inserts the operator unless its id is taken; answers the row, or undefined when it was. */
export async function insertOperator(
  db: DbOrTx,
  values: typeof operators.$inferInsert,
): Promise<OperatorRow | undefined> {
  const [row] = await db.insert(operators).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateOperator(
  db: DbOrTx,
  operatorId: string,
  values: Partial<typeof operators.$inferInsert>,
): Promise<OperatorRow> {
  const [row] = await db
    .update(operators)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(operators.operatorId, operatorId))
    .returning();
  return row!;
}
