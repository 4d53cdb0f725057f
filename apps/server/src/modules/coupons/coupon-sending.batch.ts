import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { CLOSED_BATCH_STATUSES, type CouponBatchRow } from './coupon-issue.js';
import { couponFailure } from './coupon-failure.js';
import { couponBatches, coupons } from './coupons.tables.js';

/**
 * The tenant's batch, locked until the transaction ends so that sends to it check the limit per user one
 * after the other: 404 when the tenant has no such batch, coupon_unavailable when it is closed or does
 * not grant coupons (`grantEnable` false), as for the apps' claims.
 */
export async function lockOpenBatch(
  tx: DbOrTx,
  tenant: Tenant,
  couponBatchId: number,
): Promise<CouponBatchRow> {
  const [batch] = await tx
    .select()
    .from(couponBatches)
    .where(and(eq(couponBatches.tenant, tenant), eq(couponBatches.couponBatchId, couponBatchId)))
    .for('update');
  if (!batch) throw AppError.notFound('coupon batch', couponBatchId);
  if ((CLOSED_BATCH_STATUSES as readonly string[]).includes(batch.status) || !batch.grantEnable)
    throw couponFailure('coupon_unavailable');
  return batch;
}

/** An open batch of the tenant, read without a lock (a job's chunk re-reads it each time). */
export async function openBatch(db: DbOrTx, tenant: Tenant, couponBatchId: number): Promise<CouponBatchRow> {
  const [batch] = await db
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
  if (!batch) throw couponFailure('coupon_unavailable');
  return batch;
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

/** Accounts that `amount` more coupons would take past the batch's limit per user. */
export async function overLimit(
  db: DbOrTx,
  batch: CouponBatchRow,
  accountIds: readonly string[],
  amount: number,
): Promise<string[]> {
  if (batch.limitPerUser === null) return [];
  const limit = batch.limitPerUser;
  if (amount > limit) return [...accountIds];
  const held = await heldByAccounts(db, batch.couponBatchId, accountIds);
  return accountIds.filter((id) => (held.get(id) ?? 0) + amount > limit);
}
