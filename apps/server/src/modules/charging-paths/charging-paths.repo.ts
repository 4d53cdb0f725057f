import { and, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import {
  DEFAULT_CHARGING_PATH_SORT,
  type CHARGING_PATH_SORTABLE,
  type ChargingPathFilter,
  type ChargingPathLocations,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList, narrows } from '../../platform/lists/define-list.js';
import type { SortKey } from '../../platform/lists/list-order.js';
import { startsWith } from '../../platform/lists/text-match.js';
import { accountDirectory, personalCarDirectory } from '../accounts/accounts.views.js';
import { chargingPaths, chargingPathTotals } from './charging-paths.tables.js';

export type ChargingPathRow = typeof chargingPaths.$inferSelect;
export type NewChargingPath = typeof chargingPaths.$inferInsert;

/** The charging path filter of one tenant. */
export type PathFilter = Omit<ChargingPathFilter, 'sort'> & { tenant: Tenant };

/** What scopes the list (or says how to show it) rather than narrowing it: a tenant's total is kept. */
const SCOPE_KEYS = ['tenant', 'revealMobile'];

const qb = new QueryBuilder();

/** The filter's accounts of the tenant: by whole mobile, and by the start of the name or the nickname. */
function accountCondition(tenant: Tenant, f: ChargingPathFilter): SQL | undefined {
  const conditions = matchingAccounts(f);
  if (conditions.length === 0) return undefined;
  return inArray(
    chargingPaths.accountId,
    qb
      .select({ accountId: accountDirectory.accountId })
      .from(accountDirectory)
      .where(and(eq(accountDirectory.tenant, tenant), ...conditions)),
  );
}

function matchingAccounts(f: Pick<ChargingPathFilter, 'mobile' | 'name'>): SQL[] {
  const conditions: SQL[] = [];
  if (f.mobile) conditions.push(eq(accountDirectory.mobile, f.mobile));
  if (f.name) {
    conditions.push(
      or(startsWith(accountDirectory.name, f.name), startsWith(accountDirectory.nickName, f.name))!,
    );
  }
  return conditions;
}

/**
 * The list's conditions, all on `charging_paths` (the accounts through one id subquery), so the count needs
 * no join. Every path of the area is its tenant's: another tenant's id matches nothing.
 */
export function pathWhere({ tenant, ...f }: PathFilter): SQL {
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
  name: accountDirectory.name,
  nickname: accountDirectory.nickName,
  mobile: accountDirectory.mobile,
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
      accountDirectory,
      and(
        eq(accountDirectory.tenant, chargingPaths.tenant),
        eq(accountDirectory.accountId, chargingPaths.accountId),
      ),
    );

/** The tenant's number of paths, as the triggers on `charging_paths` keep it. */
async function tenantTotal(db: DbOrTx, tenant: Tenant): Promise<number> {
  const [row] = await db
    .select({ total: chargingPathTotals.total })
    .from(chargingPathTotals)
    .where(eq(chargingPathTotals.tenant, tenant));
  return row?.total ?? 0;
}

/**
 * The tenant's paths, newest search first: search time then id, both not null, as `charging_paths_time_idx`
 * holds them. The total of the whole list is kept, not counted; a filtered one is counted.
 */
export const chargingPathList = defineList({
  table: chargingPaths,
  id: chargingPaths.pathId,
  sort: {
    keys: {
      searchTime: chargingPaths.searchTime,
    } satisfies Record<(typeof CHARGING_PATH_SORTABLE)[number], SortKey>,
    default: DEFAULT_CHARGING_PATH_SORT,
  },
  where: pathWhere,
  select: (db, cursor) => withAccount(db, cursor).$dynamic(),
  keptTotal: (db, filter) => (narrows(filter, SCOPE_KEYS) ? undefined : tenantTotal(db, filter.tenant)),
});

/** The accounts a name or mobile filter matches, for the audit of an export that shows their mobiles. */
export async function matchingAccountIds(
  db: DbOrTx,
  tenant: Tenant,
  filter: ChargingPathFilter,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ accountId: accountDirectory.accountId })
    .from(accountDirectory)
    .where(and(eq(accountDirectory.tenant, tenant), ...matchingAccounts(filter)))
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
      name: accountDirectory.name,
      nickname: accountDirectory.nickName,
      mobile: accountDirectory.mobile,
      deleted: accountDirectory.isDelete,
    })
    .from(chargingPaths)
    .leftJoin(
      accountDirectory,
      and(
        eq(accountDirectory.tenant, chargingPaths.tenant),
        eq(accountDirectory.accountId, chargingPaths.accountId),
      ),
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

/** The model of one of the tenant's cars, when the portal has the car and its model. */
export async function carModel(db: DbOrTx, tenant: Tenant, vehicleId: string): Promise<string | null> {
  const [car] = await db
    .select({ model: personalCarDirectory.model })
    .from(personalCarDirectory)
    .where(and(eq(personalCarDirectory.tenant, tenant), eq(personalCarDirectory.vehicleId, vehicleId)));
  return car?.model ?? null;
}
