import type { CouponsDeps } from './coupons.module.js';
import type { CouponsPart } from './coupons-part.js';

/** Coupon records: built by the coupons issue. */
export function couponRecordsPart(_deps: CouponsDeps): CouponsPart {
  return { jobKinds: [] };
}
