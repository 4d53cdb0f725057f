import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { CouponChannel } from '@cmp/domain/coupons/coupon-records';
import type { DbOrTx } from '../../platform/db/database.js';
import { accountDirectory } from '../accounts/accounts.views.js';
import type { CouponBatchRow } from './coupon-batches.repo.js';
import type { GenerateRecordRow } from './coupon-generation.repo.js';
import type { CouponRow } from './coupon-issue.repo.js';
import { couponBatches, couponBindRecords, couponGenerateRecords, coupons } from './coupons.tables.js';

/** Most coupons a user's list answers: the newest, a wallet rather than an archive. */
export const USER_COUPON_LIST_MAX = 1000;

/**
 * Serialises one user's claims until the transaction ends, so a per-user limit or a second claim of one
 * token cannot slip between a count and an insert. A lock of the coupons' own, not the account's row: the
 * account belongs to the accounts module, which coupons only read.
 */
export async function lockClaimant(tx: DbOrTx, tenant: Tenant, accountId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`coupon-claimant:${tenant}:${accountId}`}, 0))`,
  );
}

/**
 * `lockClaimant` for several users at once, in the order of their lock keys: two transactions that take
 * overlapping sets then never wait for each other in a circle.
 */
export async function lockClaimants(
  tx: DbOrTx,
  tenant: Tenant,
  accountIds: readonly string[],
): Promise<void> {
  const keys = accountIds.map((accountId) => `coupon-claimant:${tenant}:${accountId}`);
  await tx.execute(sql`
    select pg_advisory_xact_lock(k.h)
    from (select hashtextextended(key, 0) as h from unnest(${sql.param(keys)}::text[]) as key order by 1) as k`);
}

/** Which of the accounts the tenant has, not deleted. */
export async function liveAccountIds(
  db: DbOrTx,
  tenant: Tenant,
  accountIds: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .select({ accountId: accountDirectory.accountId })
    .from(accountDirectory)
    .where(
      and(
        eq(accountDirectory.tenant, tenant),
        sql`${accountDirectory.accountId} = any(${sql.param([...accountIds])}::text[])`,
        eq(accountDirectory.isDelete, false),
      ),
    );
  return new Set(rows.map((row) => row.accountId));
}

/** The coupon of a code, locked until the transaction ends: of two claims or uses of it, one waits. */
export async function lockCouponByCode(
  tx: DbOrTx,
  tenant: Tenant,
  couponUuid: string,
): Promise<CouponRow | undefined> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.tenant, tenant), eq(coupons.couponUuid, couponUuid)))
    .for('update');
  return row;
}

export async function couponByCode(
  db: DbOrTx,
  tenant: Tenant,
  couponUuid: string,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.tenant, tenant), eq(coupons.couponUuid, couponUuid)));
  return row;
}

export async function generateRecordByToken(
  db: DbOrTx,
  tenant: Tenant,
  couponToken: string,
): Promise<GenerateRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(couponGenerateRecords)
    .where(and(eq(couponGenerateRecords.tenant, tenant), eq(couponGenerateRecords.couponToken, couponToken)));
  return row;
}

/** How many coupons of the batch the account was ever given, by any channel (its bind records). */
export async function boundCount(
  db: DbOrTx,
  tenant: Tenant,
  couponBatchId: number,
  accountId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponBindRecords)
    .where(
      and(
        eq(couponBindRecords.tenant, tenant),
        eq(couponBindRecords.couponBatchId, couponBatchId),
        eq(couponBindRecords.accountId, accountId),
      ),
    );
  return row!.n;
}

/** How many coupons of the batch each of the accounts was ever given, by any channel (its bind records). */
export async function boundCounts(
  db: DbOrTx,
  tenant: Tenant,
  couponBatchId: number,
  accountIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ accountId: couponBindRecords.accountId, n: sql<number>`count(*)::int` })
    .from(couponBindRecords)
    .where(
      and(
        eq(couponBindRecords.tenant, tenant),
        eq(couponBindRecords.couponBatchId, couponBatchId),
        sql`${couponBindRecords.accountId} = any(${sql.param([...accountIds])}::text[])`,
      ),
    )
    .groupBy(couponBindRecords.accountId);
  return new Map(rows.map((row) => [row.accountId, row.n]));
}

/** Which of the accounts already claimed a coupon by the record's token. */
export async function claimedByTokenAmong(
  db: DbOrTx,
  tenant: Tenant,
  generateRecordId: number,
  accountIds: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ accountId: coupons.accountId })
    .from(coupons)
    .where(
      and(
        eq(coupons.tenant, tenant),
        sql`${coupons.accountId} = any(${sql.param([...accountIds])}::text[])`,
        eq(coupons.generateRecordId, generateRecordId),
        eq(coupons.couponChannel, 'claim_token' satisfies CouponChannel),
      ),
    );
  return new Set(rows.map((row) => row.accountId!));
}

/** Binds an unclaimed code to the account, counts it assigned and records the binding, all at once. */
export async function bindCode(
  tx: DbOrTx,
  input: {
    tenant: Tenant;
    coupon: CouponRow;
    accountId: string;
    dates: { effectiveDate: Date | null; expireDate: Date | null };
    operatorAccount: string;
    now: Date;
  },
): Promise<CouponRow> {
  const { tenant, coupon, accountId, now } = input;
  const channel: CouponChannel = 'claim_code';
  const [bound] = await tx
    .update(coupons)
    .set({
      accountId,
      status: 'assigned',
      couponChannel: channel,
      bindDate: now,
      ...input.dates,
      updateTime: now,
    })
    .where(eq(coupons.couponId, coupon.couponId))
    .returning();
  await tx
    .update(couponBatches)
    .set({ assignedAmount: sql`${couponBatches.assignedAmount} + 1`, updateTime: now })
    .where(eq(couponBatches.couponBatchId, coupon.couponBatchId));
  await tx.insert(couponBindRecords).values({
    tenant,
    couponId: coupon.couponId,
    couponBatchId: coupon.couponBatchId,
    accountId,
    channel,
    operatorAccount: input.operatorAccount,
    createTime: now,
  });
  return bound!;
}

/**
 * Serialises the uses of coupons on one order until the transaction ends: a second coupon for an order
 * then sees the first, where the unique order index alone would only fail at the insert.
 */
export async function lockOrder(tx: DbOrTx, tenant: Tenant, orderId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`coupon-order:${tenant}:${orderId}`}, 0))`,
  );
}

export async function couponOfOrder(
  db: DbOrTx,
  tenant: Tenant,
  orderId: string,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.tenant, tenant), eq(coupons.orderId, orderId)));
  return row;
}

/** Marks the coupon used on the order and moves it from assigned to used in its batch's counters. */
export async function markUsed(tx: DbOrTx, coupon: CouponRow, orderId: string, now: Date): Promise<void> {
  await tx
    .update(coupons)
    .set({ status: 'used', consumeDate: now, orderId, updateTime: now })
    .where(eq(coupons.couponId, coupon.couponId));
  await tx
    .update(couponBatches)
    .set({
      usedAmount: sql`${couponBatches.usedAmount} + 1`,
      assignedAmount: sql`${couponBatches.assignedAmount} - 1`,
      updateTime: now,
    })
    .where(eq(couponBatches.couponBatchId, coupon.couponBatchId));
}

/** The account's coupons with their batches, newest bound first. */
export async function couponsOfAccount(
  db: DbOrTx,
  tenant: Tenant,
  accountId: string,
  statuses: readonly string[],
): Promise<{ coupon: CouponRow; batch: CouponBatchRow }[]> {
  return db
    .select({ coupon: coupons, batch: couponBatches })
    .from(coupons)
    .innerJoin(couponBatches, eq(couponBatches.couponBatchId, coupons.couponBatchId))
    .where(
      and(
        eq(coupons.tenant, tenant),
        eq(coupons.accountId, accountId),
        statuses.length > 0 ? inArray(coupons.status, [...statuses]) : undefined,
      ),
    )
    .orderBy(desc(coupons.bindDate), desc(coupons.couponId))
    .limit(USER_COUPON_LIST_MAX);
}
