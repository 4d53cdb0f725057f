import { and, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import { couponDates } from '@cmp/domain/coupons/coupon-expiry';
import type { CouponChannel } from '@cmp/domain/coupons/coupon-records';
import { CLOSED_BATCH_STATUSES } from '@cmp/domain/coupons/coupon-statuses';
import type { DbOrTx } from '../../platform/db/database.js';
import type { CouponBatchRow } from './coupon-batches.repo.js';
import { couponBatches, coupons } from './coupons.tables.js';

export type CouponRow = typeof coupons.$inferSelect;

/** What issuing answers of each coupon it made. */
export interface IssuedCoupon {
  couponId: number;
  couponUuid: string;
  accountId: string | null;
}

/** Who issues coupons of which batch, and how they reach their accounts. */
export interface IssueSource {
  tenant: Tenant;
  batch: CouponBatchRow;
  channel: CouponChannel;
  operatorAccount: string;
  generateRecordId?: number;
}

/**
 * Inserts the coupons, and the bind records of the bound ones, as one statement over a JSON document: a
 * chunk of 5,000 coupons is one parameter instead of 80,000 (PostgreSQL refuses more than 65,535), and
 * building the statement costs less than running it. A code already issued anywhere is skipped (`on
 * conflict do nothing`), as is a sequence number of the record that exists.
 */
export async function insertCoupons(
  tx: DbOrTx,
  { tenant, batch, channel, generateRecordId, operatorAccount }: IssueSource,
  pending: readonly { accountId: string | null; seq: number | null }[],
  codes: readonly string[],
  now: Date,
): Promise<IssuedCoupon[]> {
  const unbound = couponDates(batch, null);
  const bound = couponDates(batch, now);
  const at = (date: Date | null) => (date ? date.toISOString() : null);
  const json = JSON.stringify(
    pending.map(({ accountId, seq }, i) => ({ c: codes[i], s: seq, a: accountId })),
  );
  const result = (await tx.execute(sql`
    with made as (
      insert into coupons (tenant, coupon_uuid, coupon_batch_id, generate_record_id, seq, account_id, status,
        coupon_channel, effective_date, expire_date, bind_date, create_time, update_time)
      select ${tenant}, u.c, ${batch.couponBatchId}::bigint, ${generateRecordId ?? null}::bigint, u.s, u.a,
        case when u.a is null then 'created' else 'assigned' end, ${channel},
        case when u.a is null then ${at(unbound.effectiveDate)}::timestamptz else ${at(bound.effectiveDate)}::timestamptz end,
        case when u.a is null then ${at(unbound.expireDate)}::timestamptz else ${at(bound.expireDate)}::timestamptz end,
        case when u.a is null then null else ${at(now)}::timestamptz end,
        ${at(now)}::timestamptz, ${at(now)}::timestamptz
      from json_to_recordset(${json}::json) as u(c text, s integer, a text)
      on conflict do nothing
      returning coupon_id, coupon_uuid, account_id
    ),
    bound as (
      insert into coupon_bind_records (tenant, coupon_id, coupon_batch_id, account_id, channel, operator_account,
        create_time)
      select ${tenant}, coupon_id, ${batch.couponBatchId}::bigint, account_id, ${channel}, ${operatorAccount},
        ${at(now)}::timestamptz
      from made where account_id is not null
    )
    select coupon_id, coupon_uuid, account_id from made`)) as unknown as {
    rows: { coupon_id: string | number; coupon_uuid: string; account_id: string | null }[];
  };
  return result.rows.map((row) => ({
    couponId: Number(row.coupon_id),
    couponUuid: row.coupon_uuid,
    accountId: row.account_id,
  }));
}

/** Which of `seqs` the record has issued already. */
export async function issuedSeqs(
  tx: DbOrTx,
  generateRecordId: number,
  seqs: readonly number[],
): Promise<Set<number | null>> {
  const rows = await tx
    .select({ seq: coupons.seq })
    .from(coupons)
    .where(and(eq(coupons.generateRecordId, generateRecordId), inArray(coupons.seq, [...seqs])));
  return new Set(rows.map((row) => row.seq));
}

/**
 * Takes `issued` coupons from the open batch's stock and counts them created, `bound` of them assigned;
 * answers false, moving nothing, when the batch is closed or its stock is short.
 */
export async function takeIssued(
  tx: DbOrTx,
  tenant: Tenant,
  couponBatchId: number,
  issued: number,
  bound: number,
  now: Date,
): Promise<boolean> {
  const [taken] = await tx
    .update(couponBatches)
    .set({
      stockAmount: sql`${couponBatches.stockAmount} - ${issued}`,
      createdAmount: sql`${couponBatches.createdAmount} + ${issued}`,
      assignedAmount: sql`${couponBatches.assignedAmount} + ${bound}`,
      updateTime: now,
    })
    .where(
      and(
        eq(couponBatches.couponBatchId, couponBatchId),
        eq(couponBatches.tenant, tenant),
        gte(couponBatches.stockAmount, issued),
        notInArray(couponBatches.status, [...CLOSED_BATCH_STATUSES]),
      ),
    )
    .returning({ status: couponBatches.status });
  return taken !== undefined;
}

export async function batchStatus(tx: DbOrTx, couponBatchId: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ status: couponBatches.status })
    .from(couponBatches)
    .where(eq(couponBatches.couponBatchId, couponBatchId));
  return row?.status;
}

export async function couponsByIds(tx: DbOrTx, couponIds: readonly number[]): Promise<CouponRow[]> {
  return tx
    .select()
    .from(coupons)
    .where(inArray(coupons.couponId, [...couponIds]))
    .orderBy(coupons.couponId);
}
