import type { Tenant } from '@cmp/domain';
import { normalizeCouponCode } from '@cmp/domain/coupons/coupon-code-alphabet';
import type { CouponClaim } from '@cmp/domain/coupons/coupon-claims';
import type { Coupon } from '@cmp/domain/coupons/coupon-records';
import { couponDates } from '@cmp/domain/coupons/coupon-expiry';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { findCouponBatch, type CouponBatchRow } from './coupon-batches.repo.js';
import * as repo from './coupon-claims.repo.js';
import type { CouponRow } from './coupon-issue.repo.js';
import { batchClosed, couponFailure } from './coupon-issue.service.js';
import { toCoupon } from './coupon-records.service.js';
import { TokenClaims, userNotFound, type Claimed } from './coupon-token-claims.service.js';
import { liveAccountExists } from '../accounts/accounts.views.js';

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

/**
 * A user's claims (signed app API): a code waiting to be claimed, or one coupon from a generate record's
 * token. Each runs in a transaction holding the user's claim lock, so a user's claims go one at a time,
 * while claims of different users only meet on the code or the batch stock they share; claims of one token
 * that arrive together share a transaction (`TokenClaims`).
 */
export class CouponClaimsService {
  private readonly tokenClaims: TokenClaims;

  constructor(private readonly db: Db) {
    this.tokenClaims = new TokenClaims(db);
  }

  async claim(
    tenant: Tenant,
    input: CouponClaim,
    operatorAccount: string,
    now = new Date(),
  ): Promise<Coupon[]> {
    if (input.couponCode === undefined) {
      const claimed = await this.tokenClaims.claim(tenant, input.couponToken!, {
        accountId: input.accountId,
        amount: input.amount,
        operatorAccount,
        now,
      });
      return [toCoupon(claimed)];
    }
    const code = normalizeCouponCode(input.couponCode);
    return this.db.transaction(async (tx) => {
      await repo.lockClaimant(tx, tenant, input.accountId);
      if (!(await liveAccountExists(tx, tenant, input.accountId))) throw userNotFound(input.accountId);
      return [toCoupon(await this.byCode(tx, tenant, input.accountId, code, operatorAccount, now))];
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
