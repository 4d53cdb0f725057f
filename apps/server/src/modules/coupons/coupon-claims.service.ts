import type { Tenant } from '@cmp/domain';
import { USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import { normalizeCouponCode } from '@cmp/domain/coupons/coupon-code-alphabet';
import type { CouponClaim } from '@cmp/domain/coupons/coupon-claims';
import type { Coupon } from '@cmp/domain/coupons/coupon-records';
import { couponDates } from '@cmp/domain/coupons/coupon-expiry';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { findCouponBatch, type CouponBatchRow } from './coupon-batches.repo.js';
import * as repo from './coupon-claims.repo.js';
import type { CouponRow } from './coupon-issue.repo.js';
import { batchClosed, couponFailure, issueCoupons } from './coupon-issue.service.js';
import { toCoupon } from './coupon-records.service.js';
import { liveAccountExists } from '../accounts/accounts.views.js';

export const userNotFound = (accountId: string): AppError =>
  new AppError(404, USER_NOT_FOUND, `account ${accountId} not found`, { missing: [accountId] });

/** Why a code cannot be claimed by the account, as the catalogue names it, or null when it can. */
function codeRefusal(coupon: CouponRow, accountId: string, now: Date) {
  if (coupon.accountId === accountId) return 'duplicate_coupon_receive' as const;
  if (coupon.status === 'abandon') return 'coupon_unavailable' as const;
  if (coupon.status === 'used') return 'coupon_used' as const;
  if (coupon.status === 'expired' || (coupon.expireDate !== null && coupon.expireDate < now))
    return 'coupon_expired' as const;
  if (coupon.status !== 'created') return 'coupon_received' as const;
  return null;
}

interface Claimed {
  coupon: CouponRow;
  batch: CouponBatchRow;
}

/** Generate records whose coupons are still being made, and those that never will be. */
const UNFINISHED_RECORD = ['created', 'processing'];
const DEAD_RECORD = ['failed', 'killed'];

/**
 * A user's claims (signed app API): a code waiting to be claimed, or one coupon from a generate record's
 * token. Each runs in one transaction holding the user's claim lock, so a user's claims go one at a time,
 * while claims of different users only meet on the code or the batch stock they share.
 */
export class CouponClaimsService {
  constructor(private readonly db: Db) {}

  async claim(
    tenant: Tenant,
    input: CouponClaim,
    operatorAccount: string,
    now = new Date(),
  ): Promise<Coupon[]> {
    return this.db.transaction(async (tx) => {
      await repo.lockClaimant(tx, tenant, input.accountId);
      if (!(await liveAccountExists(tx, tenant, input.accountId))) throw userNotFound(input.accountId);
      const { coupon, batch } =
        input.couponCode !== undefined
          ? await this.byCode(
              tx,
              tenant,
              input.accountId,
              normalizeCouponCode(input.couponCode),
              operatorAccount,
              now,
            )
          : await this.byToken(tx, tenant, input, operatorAccount, now);
      return [toCoupon({ coupon, batch })];
    });
  }

  private async byCode(
    tx: DbOrTx,
    tenant: Tenant,
    accountId: string,
    code: string,
    operatorAccount: string,
    now: Date,
  ): Promise<Claimed> {
    const coupon = await repo.lockCouponByCode(tx, tenant, code);
    if (!coupon) throw couponFailure('invalid_coupon_code');
    const refusal = codeRefusal(coupon, accountId, now);
    if (refusal) throw couponFailure(refusal);
    const batch = (await findCouponBatch(tx, tenant, coupon.couponBatchId))!;
    if (batchClosed(batch)) throw couponFailure('coupon_unavailable');
    await this.withinLimit(tx, tenant, batch, accountId);
    const bound = await repo.bindCode(tx, {
      tenant,
      coupon,
      accountId,
      dates: couponDates(batch, now),
      operatorAccount,
      now,
    });
    return { coupon: bound, batch };
  }

  private async byToken(
    tx: DbOrTx,
    tenant: Tenant,
    input: CouponClaim,
    operatorAccount: string,
    now: Date,
  ): Promise<Claimed> {
    if (input.amount !== 1) throw couponFailure('coupon_invalid_issue_amount');
    const record = await repo.generateRecordByToken(tx, tenant, input.couponToken!);
    if (!record) throw couponFailure('coupon_generate_record_unavailable');
    if (DEAD_RECORD.includes(record.status)) throw couponFailure('coupon_generate_record_state_unavailable');
    if (UNFINISHED_RECORD.includes(record.status))
      throw couponFailure('coupon_generate_record_state_unfinished');
    if (record.couponTokenEffectiveDate && record.couponTokenEffectiveDate > now)
      throw couponFailure('coupon_ineffective');
    if (record.couponTokenExpireDate && record.couponTokenExpireDate < now)
      throw couponFailure('coupon_expired');
    const batch = (await findCouponBatch(tx, tenant, record.couponBatchId))!;
    if (batchClosed(batch)) throw couponFailure('coupon_unavailable');
    // Spares a rush that emptied the stock the insert it would roll back; the stock update still decides.
    if (batch.stockAmount < 1) throw couponFailure('coupon_batch_stock_not_enough');
    if (await repo.claimedByToken(tx, tenant, record.generateRecordId, input.accountId))
      throw couponFailure('duplicate_coupon_receive');
    await this.withinLimit(tx, tenant, batch, input.accountId);
    const [issued] = await issueCoupons(tx, {
      tenant,
      batch,
      accountIds: [input.accountId],
      channel: 'claim_token',
      operatorAccount,
      generateRecordId: record.generateRecordId,
      now,
    });
    return { coupon: issued!, batch };
  }

  private async withinLimit(
    tx: DbOrTx,
    tenant: Tenant,
    batch: CouponBatchRow,
    accountId: string,
  ): Promise<void> {
    if (batch.limitPerUser === null) return;
    if ((await repo.boundCount(tx, tenant, batch.couponBatchId, accountId)) >= batch.limitPerUser)
      throw couponFailure('coupon_batch_amount_limit');
  }

  /** The account's coupons, newest bound first; `statuses` empty for all of them. */
  async listOf(tenant: Tenant, accountId: string, statuses: readonly string[]): Promise<Coupon[]> {
    if (!(await liveAccountExists(this.db, tenant, accountId))) throw userNotFound(accountId);
    const rows = await repo.couponsOfAccount(this.db, tenant, accountId, statuses);
    return rows.map(toCoupon);
  }
}
