import { and, eq, getTableColumns, gte, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { CouponBatchFilter } from '@cmp/domain/coupons/coupon-batches';
import { CLOSED_BATCH_STATUSES } from '@cmp/domain/coupons/coupon-statuses';
import { DEFAULT_COUPON_LIST_SORT, type COUPON_LIST_SORTABLE } from '@cmp/domain/coupons/coupon-types';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { couponBatches, coupons } from './coupons.tables.js';

export type CouponBatchRow = typeof couponBatches.$inferSelect;
export type NewCouponBatch = typeof couponBatches.$inferInsert;

/** The batch filter (spec M3.3.3) of one tenant. */
export type CouponBatchScopedFilter = Omit<CouponBatchFilter, 'sort'> & { tenant: Tenant };

function couponBatchWhere({ tenant, ...filter }: CouponBatchScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(couponBatches.tenant, tenant)];
  if (filter.couponBatchId !== undefined)
    conditions.push(eq(couponBatches.couponBatchId, filter.couponBatchId));
  if (filter.couponBatchName) {
    conditions.push(
      or(
        contains(couponBatches.batchName, filter.couponBatchName),
        contains(couponBatches.couponName, filter.couponBatchName),
      ),
    );
  }
  if (filter.couponBizCode) conditions.push(eq(couponBatches.couponBizCode, filter.couponBizCode));
  if (filter.couponTypeCode) conditions.push(eq(couponBatches.couponTypeCode, filter.couponTypeCode));
  if (filter.status) conditions.push(eq(couponBatches.status, filter.status));
  if (filter.createTimeFrom !== undefined) {
    conditions.push(gte(couponBatches.createTime, new Date(filter.createTimeFrom)));
  }
  if (filter.createTimeTo !== undefined) {
    conditions.push(lte(couponBatches.createTime, new Date(filter.createTimeTo)));
  }
  return and(...conditions)!;
}

/** The batch list: newest first, in the order of `coupon_batches_time_idx`. */
export const couponBatchList = defineList({
  table: couponBatches,
  id: couponBatches.couponBatchId,
  sort: {
    keys: { createTime: couponBatches.createTime } satisfies Record<
      (typeof COUPON_LIST_SORTABLE)[number],
      AnyPgColumn
    >,
    default: DEFAULT_COUPON_LIST_SORT,
    nulls: 'low',
  },
  where: couponBatchWhere,
  select: (db, cursor) =>
    db
      .select({ ...getTableColumns(couponBatches), ...cursor })
      .from(couponBatches)
      .$dynamic(),
});

export async function findCouponBatch(
  db: DbOrTx,
  tenant: Tenant,
  couponBatchId: number,
): Promise<CouponBatchRow | undefined> {
  const [row] = await db
    .select()
    .from(couponBatches)
    .where(and(eq(couponBatches.tenant, tenant), eq(couponBatches.couponBatchId, couponBatchId)));
  return row;
}

/** The batch, locked until the transaction ends, so stock and status changes of it go one after another. */
export async function lockCouponBatch(
  tx: DbOrTx,
  couponBatchId: number,
): Promise<CouponBatchRow | undefined> {
  const [row] = await tx
    .select()
    .from(couponBatches)
    .where(eq(couponBatches.couponBatchId, couponBatchId))
    .for('update');
  return row;
}

/** The tenant's batch, locked until the transaction ends. */
export async function lockTenantBatch(
  tx: DbOrTx,
  tenant: Tenant,
  couponBatchId: number,
): Promise<CouponBatchRow | undefined> {
  const [row] = await tx
    .select()
    .from(couponBatches)
    .where(and(eq(couponBatches.tenant, tenant), eq(couponBatches.couponBatchId, couponBatchId)))
    .for('update');
  return row;
}

/** The tenant's batch if it is open and grants coupons, read without a lock. */
export async function findOpenBatch(
  db: DbOrTx,
  tenant: Tenant,
  couponBatchId: number,
): Promise<CouponBatchRow | undefined> {
  const [row] = await db
    .select()
    .from(couponBatches)
    .where(
      and(
        eq(couponBatches.tenant, tenant),
        eq(couponBatches.couponBatchId, couponBatchId),
        notInArray(couponBatches.status, [...CLOSED_BATCH_STATUSES]),
        eq(couponBatches.grantEnable, true),
      ),
    );
  return row;
}

export async function insertCouponBatch(tx: DbOrTx, row: NewCouponBatch): Promise<CouponBatchRow> {
  const [inserted] = await tx.insert(couponBatches).values(row).returning();
  return inserted!;
}

/** Moves the batch's stock by `by` (negative takes it). */
export async function moveStock(tx: DbOrTx, couponBatchId: number, by: number): Promise<void> {
  await tx
    .update(couponBatches)
    .set({ stockAmount: sql`${couponBatches.stockAmount} + ${by}` })
    .where(eq(couponBatches.couponBatchId, couponBatchId));
}

const HELD_CHUNK = 1000;

/** How many coupons of the batch each account holds, whatever their status (abandoned and used count too). */
export async function heldByAccounts(
  db: DbOrTx,
  couponBatchId: number,
  accountIds: readonly string[],
): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  for (let at = 0; at < accountIds.length; at += HELD_CHUNK) {
    const rows = await db
      .select({ accountId: coupons.accountId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(coupons)
      .where(
        and(
          eq(coupons.couponBatchId, couponBatchId),
          sql`${coupons.accountId} = any(${sql.param(accountIds.slice(at, at + HELD_CHUNK))}::text[])`,
        ),
      )
      .groupBy(coupons.accountId);
    for (const row of rows) held.set(row.accountId!, row.n);
  }
  return held;
}
