import { and, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import { couponCodeLength, randomCouponCodes } from '@cmp/domain/coupons/coupon-code-alphabet';
import { couponExpiry } from '@cmp/domain/coupons/coupon-expiry';
import type { CouponChannel } from '@cmp/domain/coupons/coupon-records';
import type { DbOrTx } from '../../platform/db/database.js';
import { couponFailure } from './coupon-failure.js';
import { couponBatches, coupons } from './coupons.tables.js';

export type CouponBatchRow = typeof couponBatches.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

const DAY_MS = 86_400_000;
/** Tries to draw fresh codes for the few that collide with a code already issued somewhere. */
const CODE_TRIES = 5;

/**
 * When a coupon of the batch bound at `bindTime` is valid: a fixed-date batch's own days; otherwise from
 * the binding through the end of its `effectiveDays`-th day (the binding day is day 1) in the tenant's
 * zone. An unbound code of a days-after-binding batch has no dates until it is claimed.
 */
export function couponDates(
  batch: Pick<CouponBatchRow, 'expireTypeCode' | 'effectiveDate' | 'expireDate' | 'effectiveDays'>,
  bindTime: Date | null,
): { effectiveDate: Date | null; expireDate: Date | null } {
  if (batch.expireTypeCode === 'fixed_date') {
    return { effectiveDate: batch.effectiveDate, expireDate: batch.expireDate };
  }
  if (!bindTime) return { effectiveDate: null, expireDate: null };
  const lastDay = bindTime.getTime() + ((batch.effectiveDays ?? 1) - 1) * DAY_MS;
  return { effectiveDate: bindTime, expireDate: new Date(couponExpiry(lastDay)) };
}

/** Batch states in which no coupon may be issued any more. */
export const CLOSED_BATCH_STATUSES = ['failed', 'killed'] as const;

/** What issuing answers of each coupon it made. */
export interface IssuedCoupon {
  couponId: number;
  couponUuid: string;
  accountId: string | null;
}

/**
 * Inserts the coupons, and the bind records of the bound ones, as one statement over a JSON document: a
 * chunk of 5,000 coupons is one parameter instead of 80,000 (PostgreSQL refuses more than 65,535), and
 * building the statement costs less than running it. A code already issued anywhere is skipped (`on
 * conflict do nothing`), as is a sequence number of the record that exists.
 */
async function insertCoupons(
  tx: DbOrTx,
  { tenant, batch, channel, generateRecordId, operatorAccount }: IssueRequest,
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

export interface IssueRequest {
  tenant: Tenant;
  batch: CouponBatchRow;
  /** One entry per coupon: the account it is bound to, or null for a code waiting to be claimed. */
  accountIds: readonly (string | null)[];
  channel: CouponChannel;
  operatorAccount: string;
  generateRecordId?: number;
  /**
   * The record's sequence number of the first coupon. Given, a coupon whose number exists already is
   * skipped, so a chunk of a generation done twice issues nothing twice.
   */
  seqStart?: number;
  now?: Date;
}

/**
 * Issues coupons of a batch in the caller's transaction: takes them from the stock, counts them created
 * (and assigned when bound), and writes a bind record for each bound one. Throws
 * `coupon_batch_stock_not_enough` when the stock is short and `coupon_unavailable` when the batch is
 * closed; the caller's transaction then writes nothing. Answers what it made, without reading the rows
 * back: a generation makes thousands a chunk and needs only their number.
 */
export async function issueCouponRefs(tx: DbOrTx, request: IssueRequest): Promise<IssuedCoupon[]> {
  const { tenant, batch, generateRecordId, seqStart } = request;
  const now = request.now ?? new Date();
  const length = couponCodeLength(batch.amount);
  let pending = request.accountIds.map((accountId, i) => ({
    accountId,
    seq: seqStart === undefined ? null : seqStart + i,
  }));
  const issued: IssuedCoupon[] = [];
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt === CODE_TRIES)
      throw new Error(`could not draw unique coupon codes for batch ${batch.couponBatchId}`);
    const codes = randomCouponCodes(pending.length, length);
    const rows = await insertCoupons(tx, request, pending, codes, now);
    issued.push(...rows);
    const inserted = new Set(rows.map((row) => row.couponUuid));
    let missing = pending.filter((_, i) => !inserted.has(codes[i]!));
    if (missing.length > 0 && generateRecordId !== undefined && seqStart !== undefined) {
      // A missing sequence number that exists was issued by an earlier try of this chunk, not lost to a code clash.
      const done = await tx
        .select({ seq: coupons.seq })
        .from(coupons)
        .where(
          and(
            eq(coupons.generateRecordId, generateRecordId),
            inArray(
              coupons.seq,
              missing.map((m) => m.seq!),
            ),
          ),
        );
      const doneSeqs = new Set(done.map((d) => d.seq));
      missing = missing.filter((m) => !doneSeqs.has(m.seq));
    }
    pending = missing;
  }
  if (issued.length === 0) return issued;

  const bound = issued.filter((row) => row.accountId !== null);
  const [taken] = await tx
    .update(couponBatches)
    .set({
      stockAmount: sql`${couponBatches.stockAmount} - ${issued.length}`,
      createdAmount: sql`${couponBatches.createdAmount} + ${issued.length}`,
      assignedAmount: sql`${couponBatches.assignedAmount} + ${bound.length}`,
      updateTime: now,
    })
    .where(
      and(
        eq(couponBatches.couponBatchId, batch.couponBatchId),
        eq(couponBatches.tenant, tenant),
        gte(couponBatches.stockAmount, issued.length),
        notInArray(couponBatches.status, [...CLOSED_BATCH_STATUSES]),
      ),
    )
    .returning({ status: couponBatches.status });
  if (!taken) {
    const [current] = await tx
      .select({ status: couponBatches.status })
      .from(couponBatches)
      .where(eq(couponBatches.couponBatchId, batch.couponBatchId));
    throw couponFailure(
      current && (CLOSED_BATCH_STATUSES as readonly string[]).includes(current.status)
        ? 'coupon_unavailable'
        : 'coupon_batch_stock_not_enough',
    );
  }
  return issued;
}

/** `issueCouponRefs`, answering the coupons as stored. */
export async function issueCoupons(tx: DbOrTx, request: IssueRequest): Promise<CouponRow[]> {
  const issued = await issueCouponRefs(tx, request);
  if (issued.length === 0) return [];
  return tx
    .select()
    .from(coupons)
    .where(
      inArray(
        coupons.couponId,
        issued.map((coupon) => coupon.couponId),
      ),
    )
    .orderBy(coupons.couponId);
}
