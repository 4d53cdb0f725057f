import { and, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { pageOffset, parseSort, type Tenant } from '@cmp/domain';
import { RELATION_SORTABLE, type RelationFilter } from '@cmp/domain/accounts/relation-contracts';
import type { RelationType } from '@cmp/domain/accounts/relations';
import type { DbOrTx } from '../../platform/db/database.js';
import { accounts } from '../accounts/accounts.tables.js';
import { resources } from '../stations/stations.tables.js';
import { relations } from './relations.tables.js';

export type RelationTableRow = typeof relations.$inferSelect;

/**
 * What a sort orders by: never null, so one comparison serves the order and the export's cursor. A relation
 * still bound has no unbind time and sorts before every unbound one.
 */
const SORT_KEYS = {
  bindTime: sql`${relations.bindTime}`,
  unbindTime: sql`coalesce(${relations.unbindTime}, '-infinity'::timestamptz)`,
  relationId: sql`${relations.relationId}`,
} satisfies Record<(typeof RELATION_SORTABLE)[number], SQL>;

export interface RelationOrder {
  key: SQL;
  direction: 'asc' | 'desc';
}

/** The requested order (400 for a column it cannot sort by), the latest bound first by default. */
export function relationOrder(sort: string | undefined): RelationOrder {
  const order = parseSort(sort, RELATION_SORTABLE);
  return order
    ? { key: SORT_KEYS[order.column], direction: order.direction }
    : { key: SORT_KEYS.bindTime, direction: 'desc' };
}

/** Ties go by id in the same direction, so pages never overlap. */
const orderBy = ({ key, direction }: RelationOrder) =>
  direction === 'asc'
    ? [sql`${key} asc`, sql`${relations.relationId} asc`]
    : [sql`${key} desc`, sql`${relations.relationId} desc`];

/** `%`, `_` and `\` typed in a reason are matched as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filter's conditions, all on `relations`, so the count needs no join. */
export function relationWhere(tenant: Tenant, f: Omit<RelationFilter, 'sort'>): SQL {
  const conditions: (SQL | undefined)[] = [eq(relations.tenant, tenant)];
  if (f.relation_id !== undefined) conditions.push(eq(relations.relationId, f.relation_id));
  if (f.resource_id) conditions.push(eq(relations.resourceId, f.resource_id));
  if (f.resource_origin_id) conditions.push(eq(relations.resourceOriginId, f.resource_origin_id));
  if (f.account_id) conditions.push(eq(relations.accountId, f.account_id));
  const types: RelationType[] = [...(f.relation_type ? [f.relation_type] : []), ...(f.relation_types ?? [])];
  if (f.relation_type || f.relation_types?.length) conditions.push(inArray(relations.relationType, types));
  if (f.bind_reason) conditions.push(ilike(relations.bindReason, containing(f.bind_reason)));
  if (f.unbind_reason) conditions.push(ilike(relations.unbindReason, containing(f.unbind_reason)));
  if (f.state) conditions.push(eq(relations.state, f.state));
  return and(...conditions)!;
}

const rowSelection = {
  relation: relations,
  resourceName: resources.resourceName,
  mobile: accounts.mobile,
  udsUserId: accounts.udsUserId,
  name: accounts.name,
  gender: accounts.gender,
  nickname: accounts.nickName,
  countryCode: accounts.countryCode,
  headImage: accounts.avatar,
  medalImage: accounts.medalImage,
  intro: accounts.intro,
};

export interface RelationRow {
  relation: RelationTableRow;
  resourceName: string;
  mobile: string | null;
  udsUserId: string | null;
  name: string | null;
  gender: string | null;
  nickname: string | null;
  countryCode: string | null;
  headImage: string | null;
  medalImage: string | null;
  intro: string | null;
}

/**
 * Relations with their station's name and their account's fields (null when the portal has not
 * received the account); with `extra` columns.
 */
function withAccount<E extends SelectedFields>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({ ...rowSelection, ...extra })
    .from(relations)
    .innerJoin(resources, eq(resources.resourceId, relations.resourceId))
    .leftJoin(
      accounts,
      and(eq(accounts.tenant, relations.tenant), eq(accounts.accountId, relations.accountId)),
    );
}

export async function countRelations(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(relations)
    .where(where);
  return row?.n ?? 0;
}

/** One page and the total of the filtered list. */
export async function listRelationPage(
  db: DbOrTx,
  tenant: Tenant,
  filter: RelationFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: RelationRow[]; total: number }> {
  const where = relationWhere(tenant, filter);
  const [rows, total] = await Promise.all([
    withAccount(db)
      .where(where)
      .orderBy(...orderBy(relationOrder(filter.sort)))
      .limit(page.pageSize)
      .offset(pageOffset(page.pageNo, page.pageSize)),
    countRelations(db, where),
  ]);
  return { rows, total };
}

/** Where an export batch ended: the sort key as the database prints it, and the id. */
export interface RelationCursor {
  value: string;
  relationId: number;
}

function after({ key, direction }: RelationOrder, cursor: RelationCursor): SQL {
  return direction === 'asc'
    ? sql`(${key}, ${relations.relationId}) > (${cursor.value}, ${cursor.relationId})`
    : sql`(${key}, ${relations.relationId}) < (${cursor.value}, ${cursor.relationId})`;
}

/** One batch of an export, read by key so every batch costs the same. */
export async function exportRelationBatch(
  db: DbOrTx,
  where: SQL,
  order: RelationOrder,
  cursor: RelationCursor | null,
  size: number,
): Promise<{ rows: RelationRow[]; next: RelationCursor | null }> {
  const rows = await withAccount(db, { cursorValue: sql<string>`(${order.key})::text` })
    .where(and(where, cursor ? after(order, cursor) : undefined))
    .orderBy(...orderBy(order))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows,
    next:
      last && rows.length === size ? { value: last.cursorValue, relationId: last.relation.relationId } : null,
  };
}

export async function findRelation(
  db: DbOrTx,
  tenant: Tenant,
  relationId: number,
): Promise<RelationRow | undefined> {
  const [row] = await withAccount(db).where(
    and(eq(relations.tenant, tenant), eq(relations.relationId, relationId)),
  );
  return row;
}

/** The relation itself, locked until the transaction ends, so two unbinds of it run one after the other. */
export async function lockRelation(
  tx: DbOrTx,
  tenant: Tenant,
  relationId: number,
): Promise<RelationTableRow | undefined> {
  const [row] = await tx
    .select()
    .from(relations)
    .where(and(eq(relations.tenant, tenant), eq(relations.relationId, relationId)))
    .for('update');
  return row;
}

/**
 * Inserts a bound relation unless the account already holds a live one of that type on the station (the
 * partial unique index decides, so two binds at once cannot both succeed); answers it, or undefined.
 */
export async function insertBound(
  tx: DbOrTx,
  values: typeof relations.$inferInsert,
): Promise<RelationTableRow | undefined> {
  const [row] = await tx.insert(relations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function markUnbound(
  tx: DbOrTx,
  relationId: number,
  change: { unbindReason: string; unboundBy: string | null },
): Promise<RelationTableRow> {
  const [row] = await tx
    .update(relations)
    .set({ ...change, state: 'unbind', unbindTime: sql`now()` })
    .where(eq(relations.relationId, relationId))
    .returning();
  return row!;
}

/** The live relations of a station, of one type or all, oldest first. */
export function liveRelations(
  db: DbOrTx,
  tenant: Tenant,
  resourceId: string,
  relationType?: RelationType,
): Promise<RelationTableRow[]> {
  return db
    .select()
    .from(relations)
    .where(
      and(
        eq(relations.tenant, tenant),
        eq(relations.resourceId, resourceId),
        eq(relations.state, 'bind'),
        relationType ? eq(relations.relationType, relationType) : undefined,
      ),
    )
    .orderBy(relations.relationId);
}

/** The account as binding needs it: whether the tenant has it, and whether it was deleted. */
export async function findAccount(
  db: DbOrTx,
  tenant: Tenant,
  accountId: string,
): Promise<{ isDelete: boolean; nickname: string | null; name: string | null } | undefined> {
  const [row] = await db
    .select({ isDelete: accounts.isDelete, nickname: accounts.nickName, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.tenant, tenant), eq(accounts.accountId, accountId)));
  return row;
}

/** Those of the accounts that have a mobile on record: only theirs are revealed by a search. */
export async function accountsWithMobile(
  db: DbOrTx,
  tenant: Tenant,
  accountIds: readonly string[],
): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({ accountId: accounts.accountId })
    .from(accounts)
    .where(
      and(
        eq(accounts.tenant, tenant),
        inArray(accounts.accountId, [...accountIds]),
        isNotNull(accounts.mobile),
      ),
    );
  return rows.map((r) => r.accountId);
}
