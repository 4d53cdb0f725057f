import type { CouponsDeps } from './coupons.module.js';
import type { CouponsPart } from './coupons-part.js';

/** Coupon batches: built by the coupons issue. */
export function couponBatchesPart(_deps: CouponsDeps): CouponsPart {
  return { jobKinds: [] };
}
