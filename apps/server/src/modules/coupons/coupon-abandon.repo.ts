import { and, eq, getTableColumns, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { CouponAbandonFilter } from '@cmp/domain/coupons/coupon-records';
import { DEFAULT_COUPON_LIST_SORT, type COUPON_LIST_SORTABLE } from '@cmp/domain/coupons/coupon-types';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { couponAbandonRecords, couponBatches, coupons } from './coupons.tables.js';

export type AbandonRecordRow = typeof couponAbandonRecords.$inferSelect;
export type NewAbandonRecord = typeof couponAbandonRecords.$inferInsert;

/** The abandon record filter (spec M3.3.11) of one tenant. */
export type AbandonScopedFilter = Omit<CouponAbandonFilter, 'sort'> & { tenant: Tenant };

const abandonWhere = (filter: AbandonScopedFilter): SQL =>
  and(
    eq(couponAbandonRecords.tenant, filter.tenant),
    filter.couponAbandonRecordId === undefined
      ? undefined
      : eq(couponAbandonRecords.couponAbandonRecordId, filter.couponAbandonRecordId),
    filter.abandonType === undefined ? undefined : eq(couponAbandonRecords.abandonType, filter.abandonType),
    filter.value === undefined ? undefined : eq(couponAbandonRecords.value, filter.value),
    filter.operatorAccount === undefined
      ? undefined
      : eq(couponAbandonRecords.operatorAccount, filter.operatorAccount),
  )!;

/** The abandon record list: newest first, in the order of `coupon_abandon_records_time_idx`. */
export const abandonRecordList = defineList({
  table: couponAbandonRecords,
  id: couponAbandonRecords.couponAbandonRecordId,
  sort: {
    keys: { createTime: couponAbandonRecords.createTime } satisfies Record<
      (typeof COUPON_LIST_SORTABLE)[number],
      AnyPgColumn
    >,
    default: DEFAULT_COUPON_LIST_SORT,
    nulls: 'low',
  },
  where: abandonWhere,
  select: (db, cursor) =>
    db
      .select({ ...getTableColumns(couponAbandonRecords), ...cursor })
      .from(couponAbandonRecords)
      .$dynamic(),
});

/** Whether the batch still has coupons to abandon: unclaimed codes or unused coupons. */
export async function hasUnusedCoupons(tx: DbOrTx, couponBatchId: number): Promise<boolean> {
  const [left] = await tx
    .select({ couponId: coupons.couponId })
    .from(coupons)
    .where(and(eq(coupons.couponBatchId, couponBatchId), inArray(coupons.status, ['created', 'assigned'])))
    .limit(1);
  return left !== undefined;
}

/** Ends the batch: nothing more is issued from it. */
export async function killBatch(tx: DbOrTx, couponBatchId: number, now: Date): Promise<void> {
  await tx
    .update(couponBatches)
    .set({ status: 'killed', updateTime: now })
    .where(eq(couponBatches.couponBatchId, couponBatchId));
}

export async function batchNameOf(tx: DbOrTx, couponBatchId: number): Promise<string | null> {
  const [batch] = await tx
    .select({ batchName: couponBatches.batchName })
    .from(couponBatches)
    .where(eq(couponBatches.couponBatchId, couponBatchId));
  return batch?.batchName ?? null;
}

export async function insertAbandonRecord(tx: DbOrTx, values: NewAbandonRecord): Promise<AbandonRecordRow> {
  const [record] = await tx.insert(couponAbandonRecords).values(values).returning();
  return record!;
}

/** What a coupon no longer usable becomes, and the batch counter that counts it. */
const COUNTERS = { abandon: 'abandon_amount', expired: 'expired_amount' } as const;

export interface RetiredOfBatch {
  couponBatchId: number;
  /** Coupons retired, unclaimed codes among them. */
  total: number;
  /** Of those, the ones that were bound to an account. */
  assigned: number;
}

/**
 * Turns the still usable coupons (`created` and `assigned`) that `where` picks into `to`, at most `limit`
 * of them, and moves their batches' counters in the same statement: the counter of `to` up by all of
 * them, `assigned_amount` down by the bound ones. Rows are locked as they are picked, so a coupon claimed
 * or used meanwhile is judged by its new status; with `skipLocked` a row another transaction holds is
 * left for a later run instead of waited for.
 */
export async function retireCoupons(
  tx: DbOrTx,
  where: SQL,
  to: keyof typeof COUNTERS,
  { limit, skipLocked = false, orderBy }: { limit?: number; skipLocked?: boolean; orderBy?: SQL } = {},
): Promise<RetiredOfBatch[]> {
  const counter = sql.raw(COUNTERS[to]);
  const result = (await tx.execute(sql`
    with target as (
      select coupon_id, status, coupon_batch_id from coupons
      where ${where} and status in ('created', 'assigned')
      ${orderBy ? sql`order by ${orderBy}` : sql``}
      ${limit === undefined ? sql`` : sql`limit ${limit}`}
      for update ${skipLocked ? sql`skip locked` : sql``}
    ),
    done as (
      update coupons c set status = ${to}, update_time = now()
      from target t where c.coupon_id = t.coupon_id
      returning t.coupon_batch_id, t.status
    ),
    counts as (
      select coupon_batch_id, count(*)::int as total,
        (count(*) filter (where status = 'assigned'))::int as assigned
      from done group by coupon_batch_id
    ),
    moved as (
      update coupon_batches b set ${counter} = b.${counter} + counts.total,
        assigned_amount = b.assigned_amount - counts.assigned, update_time = now()
      from counts where b.coupon_batch_id = counts.coupon_batch_id
      returning b.coupon_batch_id
    )
    select coupon_batch_id, total, assigned from counts order by coupon_batch_id`)) as unknown as {
    rows: { coupon_batch_id: string | number; total: number; assigned: number }[];
  };
  return result.rows.map((row) => ({
    couponBatchId: Number(row.coupon_batch_id),
    total: Number(row.total),
    assigned: Number(row.assigned),
  }));
}

/** Expires at most `limit` usable coupons past their expiry, the oldest first, skipping rows others hold. */
export const expireDueCoupons = (tx: DbOrTx, now: Date, limit: number): Promise<RetiredOfBatch[]> =>
  retireCoupons(tx, lt(coupons.expireDate, now), 'expired', {
    limit,
    skipLocked: true,
    orderBy: sql`${coupons.expireDate}`,
  });

/** What an abandon names: one code, what a record made, an account's coupons, or a whole batch's. */
export type AbandonTarget =
  { couponUuid: string } | { generateRecordId: number } | { accountId: string } | { couponBatchId: number };

/** The tenant's coupons the target names, of one batch when `ofBatch` is given. */
export function abandonTargets(tenant: Tenant, target: AbandonTarget, ofBatch: number | undefined): SQL {
  const named =
    'couponUuid' in target
      ? eq(coupons.couponUuid, target.couponUuid)
      : 'generateRecordId' in target
        ? eq(coupons.generateRecordId, target.generateRecordId)
        : 'accountId' in target
          ? eq(coupons.accountId, target.accountId)
          : eq(coupons.couponBatchId, target.couponBatchId);
  return and(
    eq(coupons.tenant, tenant),
    ofBatch === undefined ? undefined : eq(coupons.couponBatchId, ofBatch),
    named,
  )!;
}
