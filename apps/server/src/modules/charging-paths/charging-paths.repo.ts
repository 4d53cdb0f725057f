import { and, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { pageOffset, parseSort, type Tenant } from '@cmp/domain';
import {
  CHARGING_PATH_SORTABLE,
  type ChargingPathFilter,
  type ChargingPathLocations,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database.js';
import { accounts } from '../accounts/accounts.tables.js';
import { chargingPaths, chargingPathTotals } from './charging-paths.tables.js';

export type ChargingPathRow = typeof chargingPaths.$inferSelect;
export type NewChargingPath = typeof chargingPaths.$inferInsert;

export type PathOrder = 'asc' | 'desc';

/** The requested order (400 for a column it cannot sort by), newest search first by default. */
export function pathOrder(sort: string | undefined): PathOrder {
  return parseSort(sort, CHARGING_PATH_SORTABLE)?.direction ?? 'desc';
}

/** Search time then id, both not null, as `charging_paths_time_idx` holds them: pages never overlap. */
const orderBy = (direction: PathOrder) =>
  direction === 'asc'
    ? [sql`${chargingPaths.searchTime} asc`, sql`${chargingPaths.pathId} asc`]
    : [sql`${chargingPaths.searchTime} desc`, sql`${chargingPaths.pathId} desc`];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** LIKE (not ILIKE) so the text_pattern_ops indexes serve it; Chinese names have no case anyway. */
const startsWith = (column: Parameters<typeof like>[0], text: string) => like(column, `${escapeLike(text)}%`);

/** The filter's accounts of the tenant: by whole mobile, and by the start of the name or the nickname. */
function accountCondition(tenant: Tenant, f: ChargingPathFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.mobile) conditions.push(eq(accounts.mobile, f.mobile));
  if (f.name) conditions.push(or(startsWith(accounts.name, f.name), startsWith(accounts.nickName, f.name))!);
  if (conditions.length === 0) return undefined;
  return inArray(
    chargingPaths.accountId,
    sql`(select ${accounts.accountId} from ${accounts} where ${and(eq(accounts.tenant, tenant), ...conditions)})`,
  );
}

/**
 * The list's conditions, all on `charging_paths` (the accounts through one id subquery), so the count needs
 * no join. Every path of the area is its tenant's: another tenant's id matches nothing.
 */
export function pathWhere(tenant: Tenant, f: ChargingPathFilter): SQL {
  if (f.tenantId !== undefined && f.tenantId !== tenant) return sql`false`;
  const conditions: (SQL | undefined)[] = [eq(chargingPaths.tenant, tenant)];
  if (f.startTime !== undefined) conditions.push(gte(chargingPaths.searchTime, new Date(f.startTime)));
  // Stored times are finer than a millisecond: the whole end millisecond is inside the range.
  if (f.endTime !== undefined) conditions.push(lt(chargingPaths.searchTime, new Date(f.endTime + 1)));
  if (f.commentaryRating) {
    conditions.push(
      f.commentaryRating.length ? inArray(chargingPaths.commentaryRating, f.commentaryRating) : sql`false`,
    );
  }
  if (f.accountId) conditions.push(eq(chargingPaths.accountId, f.accountId));
  if (f.originPoint) conditions.push(startsWith(chargingPaths.origName, f.originPoint));
  if (f.destinationPoint) conditions.push(startsWith(chargingPaths.destName, f.destinationPoint));
  conditions.push(accountCondition(tenant, f));
  return and(...conditions)!;
}

/** A list row: the path without its road, and who planned it. */
const listSelection = {
  pathId: chargingPaths.pathId,
  tenant: chargingPaths.tenant,
  accountId: chargingPaths.accountId,
  vehicleId: chargingPaths.vehicleId,
  vehicleModel: chargingPaths.vehicleModel,
  ratedRange: chargingPaths.ratedRange,
  currentRange: chargingPaths.currentRange,
  searchTime: chargingPaths.searchTime,
  tag: chargingPaths.tag,
  distance: chargingPaths.distance,
  duration: chargingPaths.duration,
  status: chargingPaths.status,
  locations: chargingPaths.locations,
  commentaryRating: chargingPaths.commentaryRating,
  name: accounts.name,
  nickname: accounts.nickName,
  mobile: accounts.mobile,
};
export interface PathListRow {
  pathId: number;
  tenant: string;
  accountId: string;
  vehicleId: string | null;
  vehicleModel: string | null;
  ratedRange: number;
  currentRange: number;
  searchTime: Date;
  tag: string;
  distance: number;
  duration: number;
  status: string;
  locations: ChargingPathLocations;
  commentaryRating: number | null;
  name: string | null;
  nickname: string | null;
  mobile: string | null;
}

/** Paths with their account, when the tenant has it. */
const withAccount = <E extends SelectedFields>(db: DbOrTx, extra: E = {} as E) =>
  db
    .select({ ...listSelection, ...extra })
    .from(chargingPaths)
    .leftJoin(
      accounts,
      and(eq(accounts.tenant, chargingPaths.tenant), eq(accounts.accountId, chargingPaths.accountId)),
    );

/**
 * One page of paths: its ids found on `charging_paths` alone (its indexes, its offset), then only those
 * rows joined to their accounts.
 */
export function pathPageQuery(
  db: DbOrTx,
  where: SQL,
  direction: PathOrder,
  page: { pageNo: number; pageSize: number },
) {
  const ids = db
    .select({ id: chargingPaths.pathId })
    .from(chargingPaths)
    .where(where)
    .orderBy(...orderBy(direction))
    .limit(page.pageSize)
    .offset(pageOffset(page.pageNo, page.pageSize));
  return withAccount(db)
    .where(inArray(chargingPaths.pathId, ids))
    .orderBy(...orderBy(direction));
}

export const pathCountQuery = (db: DbOrTx, where: SQL) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chargingPaths)
    .where(where);

export async function countPaths(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await pathCountQuery(db, where);
  return row?.n ?? 0;
}

/** The tenant's number of paths, as the triggers on `charging_paths` keep it. */
async function tenantTotal(db: DbOrTx, tenant: Tenant): Promise<number> {
  const [row] = await db
    .select({ total: chargingPathTotals.total })
    .from(chargingPathTotals)
    .where(eq(chargingPathTotals.tenant, tenant));
  return row?.total ?? 0;
}

/** Whether the filter narrows the tenant's paths at all (the order does not). */
const narrows = ({ sort: _sort, ...filter }: ChargingPathFilter): boolean =>
  Object.values(filter).some((value) => value !== undefined);

/**
 * One page and the total; on PostgreSQL page and total run at once. The total of the whole list is kept,
 * not counted; a filtered one is counted.
 */
export async function listPathPage(
  db: DbOrTx,
  tenant: Tenant,
  filter: ChargingPathFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: PathListRow[]; total: number }> {
  const where = pathWhere(tenant, filter);
  const [rows, total] = await Promise.all([
    pathPageQuery(db, where, pathOrder(filter.sort), page),
    narrows(filter) ? countPaths(db, where) : tenantTotal(db, tenant),
  ]);
  return { rows, total };
}

/** Where an export batch ended: the search time as the database prints it and the id. */
export interface PathCursor {
  value: string;
  pathId: number;
}

function after(direction: PathOrder, cursor: PathCursor): SQL {
  const time = chargingPaths.searchTime;
  return direction === 'asc'
    ? sql`(${time}, ${chargingPaths.pathId}) > (${cursor.value}::timestamptz, ${cursor.pathId})`
    : sql`(${time}, ${chargingPaths.pathId}) < (${cursor.value}::timestamptz, ${cursor.pathId})`;
}

/** One batch of an export, read by key so every batch costs the same. */
export async function exportPathBatch(
  db: DbOrTx,
  where: SQL,
  direction: PathOrder,
  cursor: PathCursor | null,
  size: number,
): Promise<{ rows: PathListRow[]; next: PathCursor | null }> {
  const rows = await withAccount(db, { cursorValue: sql<string>`${chargingPaths.searchTime}::text` })
    .where(and(where, cursor ? after(direction, cursor) : undefined))
    .orderBy(...orderBy(direction))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows,
    next: last && rows.length === size ? { value: last.cursorValue, pathId: last.pathId } : null,
  };
}

/** The accounts a name or mobile filter matches, for the audit of an export that shows their mobiles. */
export async function matchingAccountIds(
  db: DbOrTx,
  tenant: Tenant,
  filter: ChargingPathFilter,
  limit: number,
): Promise<string[]> {
  const conditions: SQL[] = [eq(accounts.tenant, tenant)];
  if (filter.mobile) conditions.push(eq(accounts.mobile, filter.mobile));
  if (filter.name) {
    conditions.push(or(startsWith(accounts.name, filter.name), startsWith(accounts.nickName, filter.name))!);
  }
  const rows = await db
    .select({ accountId: accounts.accountId })
    .from(accounts)
    .where(and(...conditions))
    .limit(limit);
  return rows.map((row) => row.accountId);
}

export interface PathDetailRow {
  path: ChargingPathRow;
  name: string | null;
  nickname: string | null;
  mobile: string | null;
  deleted: boolean | null;
}

export async function findPath(
  db: DbOrTx,
  tenant: Tenant,
  pathId: number,
): Promise<PathDetailRow | undefined> {
  const [row] = await db
    .select({
      path: chargingPaths,
      name: accounts.name,
      nickname: accounts.nickName,
      mobile: accounts.mobile,
      deleted: accounts.isDelete,
    })
    .from(chargingPaths)
    .leftJoin(
      accounts,
      and(eq(accounts.tenant, chargingPaths.tenant), eq(accounts.accountId, chargingPaths.accountId)),
    )
    .where(and(eq(chargingPaths.tenant, tenant), eq(chargingPaths.pathId, pathId)));
  return row;
}

export async function insertPath(db: DbOrTx, path: NewChargingPath): Promise<ChargingPathRow> {
  const [row] = await db.insert(chargingPaths).values(path).returning();
  return row!;
}

export async function ratePath(
  db: DbOrTx,
  tenant: Tenant,
  pathId: number,
  commentary: { rating: number; text: string | null },
): Promise<ChargingPathRow | undefined> {
  const [row] = await db
    .update(chargingPaths)
    .set({ commentaryRating: commentary.rating, commentaryText: commentary.text, commentaryTime: sql`now()` })
    .where(and(eq(chargingPaths.tenant, tenant), eq(chargingPaths.pathId, pathId)))
    .returning();
  return row;
}
