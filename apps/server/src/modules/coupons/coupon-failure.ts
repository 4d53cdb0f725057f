import { COUPON_REWARD_FAILURE_LABELS, type CouponRewardFailure } from '@cmp/domain/coupons/reward-failures';
import { AppError } from '../../platform/http/app-error.js';

/**
 * The HTTP status of each failure of the catalogue (spec M8): 404 for a code or record nobody has, 422 for a
 * request that cannot fit the coupon's rules, 409 for a coupon or batch whose state refuses it now.
 */
const STATUS: Record<CouponRewardFailure, 404 | 409 | 422> = {
  coupon_expired: 409,
  coupon_ineffective: 409,
  coupon_received: 409,
  coupon_used: 409,
  coupon_unavailable: 409,
  invalid_coupon_code: 404,
  duplicate_coupon_receive: 409,
  coupon_invalid_issue_amount: 422,
  coupon_batch_amount_limit: 409,
  coupon_batch_stock_not_enough: 409,
  coupon_generate_record_unavailable: 404,
  coupon_generate_record_state_unavailable: 409,
  coupon_generate_record_state_unfinished: 409,
  coupon_rule_mismatch_error: 422,
};

/** A refusal answered as `{ error: { code, message } }`: the failure's code and its label in the caller's language. */
export const couponFailure = (code: CouponRewardFailure): AppError => {
  const rule = { key: COUPON_REWARD_FAILURE_LABELS[code] };
  return new AppError(STATUS[code], code, rule.key, undefined, undefined, rule);
};
