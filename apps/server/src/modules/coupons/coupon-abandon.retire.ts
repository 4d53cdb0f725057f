import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';

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
