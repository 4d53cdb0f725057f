import type { Tenant } from '@cmp/domain';
import { couponCodeLength, randomCouponCodes } from '@cmp/domain/coupons/coupon-code-alphabet';
import { isClosedBatchStatus } from '@cmp/domain/coupons/coupon-statuses';
import {
  COUPON_REWARD_FAILURE_LABELS,
  COUPON_REWARD_FAILURE_STATUS,
  type CouponRewardFailure,
} from '@cmp/domain/coupons/reward-failures';
import type { Actor } from '../../platform/audit/audit.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  findOpenBatch,
  heldByAccounts,
  lockTenantBatch,
  type CouponBatchRow,
} from './coupon-batches.repo.js';
import * as repo from './coupon-issue.repo.js';

/** Tries to draw fresh codes for the few that collide with a code already issued somewhere. */
const CODE_TRIES = 5;

/**
 * A refusal of the failure catalogue (spec M8), answered as `{ error: { code, message } }`: the failure's
 * code with its status, and its label in the caller's language.
 */
export const couponFailure = (code: CouponRewardFailure): AppError => {
  const rule = { key: COUPON_REWARD_FAILURE_LABELS[code] };
  return new AppError(COUPON_REWARD_FAILURE_STATUS[code], code, rule.key, undefined, undefined, rule);
};

/** Who a staff action's coupons and records name as their operator. */
export const operatorOf = (actor: Actor): string => actor.userName ?? 'system';

/** A batch that hands out no more coupons: ended, failed, or switched off for granting. */
export const batchClosed = (batch: CouponBatchRow): boolean =>
  !batch.grantEnable || isClosedBatchStatus(batch.status);

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
  const batch = await lockTenantBatch(tx, tenant, couponBatchId);
  if (!batch) throw AppError.notFound('coupon batch', couponBatchId);
  if (batchClosed(batch)) throw couponFailure('coupon_unavailable');
  return batch;
}

/** An open batch of the tenant, read without a lock (a job's chunk re-reads it each time). */
export async function openBatch(db: DbOrTx, tenant: Tenant, couponBatchId: number): Promise<CouponBatchRow> {
  const batch = await findOpenBatch(db, tenant, couponBatchId);
  if (!batch) throw couponFailure('coupon_unavailable');
  return batch;
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

export interface IssueRequest extends repo.IssueSource {
  /** One entry per coupon: the account it is bound to, or null for a code waiting to be claimed. */
  accountIds: readonly (string | null)[];
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
export async function issueCouponRefs(tx: DbOrTx, request: IssueRequest): Promise<repo.IssuedCoupon[]> {
  const { tenant, batch, generateRecordId, seqStart } = request;
  const now = request.now ?? new Date();
  const length = couponCodeLength(batch.amount);
  let pending = request.accountIds.map((accountId, i) => ({
    accountId,
    seq: seqStart === undefined ? null : seqStart + i,
  }));
  const issued: repo.IssuedCoupon[] = [];
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt === CODE_TRIES)
      throw new Error(`could not draw unique coupon codes for batch ${batch.couponBatchId}`);
    const codes = randomCouponCodes(pending.length, length);
    const rows = await repo.insertCoupons(tx, request, pending, codes, now);
    issued.push(...rows);
    const inserted = new Set(rows.map((row) => row.couponUuid));
    let missing = pending.filter((_, i) => !inserted.has(codes[i]!));
    if (missing.length > 0 && generateRecordId !== undefined && seqStart !== undefined) {
      // A missing sequence number that exists was issued by an earlier try of this chunk, not lost to a code clash.
      const done = await repo.issuedSeqs(
        tx,
        generateRecordId,
        missing.map((m) => m.seq!),
      );
      missing = missing.filter((m) => !done.has(m.seq));
    }
    pending = missing;
  }
  if (issued.length === 0) return issued;

  const bound = issued.filter((row) => row.accountId !== null).length;
  if (!(await repo.takeIssued(tx, tenant, batch.couponBatchId, issued.length, bound, now))) {
    const status = await repo.batchStatus(tx, batch.couponBatchId);
    throw couponFailure(
      status !== undefined && isClosedBatchStatus(status)
        ? 'coupon_unavailable'
        : 'coupon_batch_stock_not_enough',
    );
  }
  return issued;
}

/** `issueCouponRefs`, answering the coupons as stored. */
export async function issueCoupons(tx: DbOrTx, request: IssueRequest): Promise<repo.CouponRow[]> {
  const issued = await issueCouponRefs(tx, request);
  if (issued.length === 0) return [];
  return repo.couponsByIds(
    tx,
    issued.map((coupon) => coupon.couponId),
  );
}

/** What an activity's reward gives of a batch: `amount` coupons bound to one account. */
export interface CouponGrant {
  tenant: Tenant;
  couponBatchId: number;
  accountId: string;
  amount: number;
  operatorAccount: string;
}

/**
 * Gives an account coupons of a batch as an activity's reward, in the caller's transaction: the batch must
 * be the tenant's and open (`coupon_unavailable`), within its limit per user (`coupon_batch_amount_limit`)
 * and its stock (`coupon_batch_stock_not_enough`). Throws the failure of the catalogue (spec M8); the
 * caller keeps it as the reward's fail reason.
 */
export async function grantCoupons(tx: DbOrTx, grant: CouponGrant): Promise<number[]> {
  const [outcome] = await grantCouponsInBulk(
    tx,
    grant.tenant,
    grant.couponBatchId,
    [{ accountId: grant.accountId, amount: grant.amount }],
    grant.operatorAccount,
  );
  if ('failure' in outcome!) throw couponFailure(outcome.failure);
  return outcome!.couponIds;
}

/** What one of many grants of a batch came to: its coupons, or the failure that kept them. */
export type GrantOutcome = { couponIds: number[] } | { failure: CouponRewardFailure };

/**
 * Many grants of one batch at once, in the caller's transaction, each judged in their order, as
 * `grantCoupons` judges one: the batch's lock taken once, the limits per user read once, the stock given to the first
 * grants it covers, and the coupons of all the others issued in one statement. For the reward engine, whose
 * batches give hundreds of rewards of a batch at a time.
 */
export async function grantCouponsInBulk(
  tx: DbOrTx,
  tenant: Tenant,
  couponBatchId: number,
  grants: readonly { accountId: string; amount: number }[],
  operatorAccount: string,
): Promise<GrantOutcome[]> {
  const batch = await lockTenantBatch(tx, tenant, couponBatchId);
  if (!batch || batchClosed(batch)) return grants.map(() => ({ failure: 'coupon_unavailable' }));
  const held =
    batch.limitPerUser === null
      ? new Map<string, number>()
      : await heldByAccounts(tx, couponBatchId, [...new Set(grants.map((g) => g.accountId))]);
  let stock = batch.stockAmount;
  const outcomes: (GrantOutcome | 'issue')[] = grants.map(({ accountId, amount }) => {
    const holds = held.get(accountId) ?? 0;
    if (batch.limitPerUser !== null && holds + amount > batch.limitPerUser)
      return { failure: 'coupon_batch_amount_limit' };
    if (amount > stock) return { failure: 'coupon_batch_stock_not_enough' };
    stock -= amount;
    held.set(accountId, holds + amount);
    return 'issue';
  });
  const issuing = grants.filter((_, i) => outcomes[i] === 'issue');
  const issued =
    issuing.length === 0
      ? []
      : await issueCouponRefs(tx, {
          tenant,
          batch,
          accountIds: issuing.flatMap(({ accountId, amount }) => Array<string>(amount).fill(accountId)),
          channel: 'activity_reward',
          operatorAccount,
        });
  const byAccount = new Map<string, number[]>();
  for (const coupon of issued) {
    const held = byAccount.get(coupon.accountId!);
    if (held) held.push(coupon.couponId);
    else byAccount.set(coupon.accountId!, [coupon.couponId]);
  }
  return grants.map(({ accountId, amount }, i) => {
    const outcome = outcomes[i]!;
    if (outcome !== 'issue') return outcome;
    return { couponIds: byAccount.get(accountId)!.splice(0, amount) };
  });
}
