import type { Tenant } from '@cmp/domain';
import { normalizeCouponCode } from '@cmp/domain/coupons/coupon-code-alphabet';
import type { CouponCheck } from '@cmp/domain/coupons/coupon-claims';
import type { CouponRule, CouponUseRange } from '@cmp/domain/coupons/coupon-batches';
import { couponDiscount, couponFitsOrder } from '@cmp/domain/coupons/coupon-rule-match';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { findCouponBatch, type CouponBatchRow } from './coupon-batches.repo.js';
import * as repo from './coupon-claims.repo.js';
import type { CouponRow } from './coupon-issue.repo.js';
import { couponFailure } from './coupon-issue.service.js';

export interface CouponUseResult {
  couponUuid: string;
  discount: number;
  payable: number;
}

/** An order that already used another coupon: one coupon per order. */
export const ORDER_HAS_COUPON = 'coupon_order_taken';
const orderHasCoupon = (orderId: string): AppError => {
  const rule = { key: 'coupons.orderHasCoupon', params: { orderId } };
  return new AppError(409, ORDER_HAS_COUPON, rule.key, { orderId }, undefined, rule);
};

const NO_RANGE: CouponUseRange = { operator: [], chargeStation: [], customTag: [] };

/** Why the coupon cannot go on the order now, as the catalogue names it, or null when it can. */
function useRefusal(coupon: CouponRow, order: CouponCheck['order'], now: Date) {
  if (coupon.status === 'created') return 'coupon_unavailable' as const;
  if (coupon.accountId !== order.accountId) return 'coupon_received' as const;
  if (coupon.status === 'used') return 'coupon_used' as const;
  if (coupon.status === 'abandon') return 'coupon_unavailable' as const;
  if (coupon.status === 'expired' || (coupon.expireDate !== null && coupon.expireDate < now))
    return 'coupon_expired' as const;
  if (coupon.effectiveDate !== null && coupon.effectiveDate > now) return 'coupon_ineffective' as const;
  return null;
}

/** The discount of the batch's coupon on the order, or coupon_rule_mismatch_error when its rules refuse it. */
function priced(coupon: CouponRow, batch: CouponBatchRow, order: CouponCheck['order']): CouponUseResult {
  const fits = couponFitsOrder(
    {
      rules: batch.rules as CouponRule[],
      useRange: { ...NO_RANGE, ...(batch.useRange as Partial<CouponUseRange>) },
      totalPrice: batch.totalPrice,
    },
    order,
  );
  if (!fits) throw couponFailure('coupon_rule_mismatch_error');
  return {
    couponUuid: coupon.couponUuid,
    ...couponDiscount(
      {
        couponTypeCode: batch.couponTypeCode as 'equity' | 'discount' | 'voucher',
        couponValue: batch.couponValue,
        couponSubType: batch.couponSubType,
      },
      order,
    ),
  };
}

/**
 * A user's coupon against a charging order (signed app API): a check prices it, a use prices it and marks
 * it used on the order, once. Money is in cents throughout.
 */
export class CouponUseService {
  constructor(private readonly db: Db) {}

  async check(tenant: Tenant, input: CouponCheck, now = new Date()): Promise<CouponUseResult> {
    const coupon = await repo.couponByCode(this.db, tenant, normalizeCouponCode(input.couponUuid));
    return this.priceFor(this.db, tenant, coupon, input.order, now);
  }

  /**
   * Uses the coupon on the order. The same coupon sent again for the same order answers as the first
   * time and changes nothing; another coupon for an order that has one is refused.
   */
  async consume(tenant: Tenant, input: CouponCheck, now = new Date()): Promise<CouponUseResult> {
    const { order } = input;
    return this.db.transaction(async (tx) => {
      await repo.lockOrder(tx, tenant, order.orderId);
      const coupon = await repo.lockCouponByCode(tx, tenant, normalizeCouponCode(input.couponUuid));
      if (
        coupon &&
        coupon.status === 'used' &&
        coupon.orderId === order.orderId &&
        coupon.accountId === order.accountId
      ) {
        const batch = (await findCouponBatch(tx, tenant, coupon.couponBatchId))!;
        return priced(coupon, batch, order);
      }
      const result = await this.priceFor(tx, tenant, coupon, order, now);
      if (await repo.couponOfOrder(tx, tenant, order.orderId)) throw orderHasCoupon(order.orderId);
      await repo.markUsed(tx, coupon!, order.orderId, now);
      return result;
    });
  }

  private async priceFor(
    db: DbOrTx,
    tenant: Tenant,
    coupon: CouponRow | undefined,
    order: CouponCheck['order'],
    now: Date,
  ): Promise<CouponUseResult> {
    if (!coupon) throw couponFailure('invalid_coupon_code');
    const refusal = useRefusal(coupon, order, now);
    if (refusal) throw couponFailure(refusal);
    const batch = (await findCouponBatch(db, tenant, coupon.couponBatchId))!;
    return priced(coupon, batch, order);
  }
}
