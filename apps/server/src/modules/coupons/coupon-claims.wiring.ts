import type { CouponsDeps } from './coupons.module.js';
import type { CouponsPart } from './coupons-part.js';
import { couponClaimRoutes } from './coupon-claims.routes.js';
import { CouponClaims } from './coupon-claims.service.js';
import { CouponUse } from './coupon-use.js';

/** Coupon claims: the apps' side, signed by the app back end: claim, list, check and consume. */
export function couponClaimsPart({ db }: CouponsDeps): CouponsPart {
  const claims = new CouponClaims(db);
  const use = new CouponUse(db);
  return {
    jobKinds: [],
    app: async (signed) => {
      await signed.register(couponClaimRoutes, { claims, use });
    },
  };
}
