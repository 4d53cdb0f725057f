import type { CouponsDeps } from './coupons.module.js';
import type { CouponsPart } from './coupons-part.js';

/** Coupon claims: built by the coupons issue. */
export function couponClaimsPart(_deps: CouponsDeps): CouponsPart {
  return { jobKinds: [] };
}
