import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

/** Why issuing a coupon reward failed, as the coupon service reports it. */
export const COUPON_REWARD_FAILURES = [
  'coupon_expired',
  'coupon_ineffective',
  'coupon_received',
  'coupon_used',
  'coupon_unavailable',
  'invalid_coupon_code',
  'duplicate_coupon_receive',
  'coupon_invalid_issue_amount',
  'coupon_batch_amount_limit',
  'coupon_batch_stock_not_enough',
  'coupon_generate_record_unavailable',
  'coupon_generate_record_state_unavailable',
  'coupon_generate_record_state_unfinished',
  'coupon_rule_mismatch_error',
] as const;
export const CouponRewardFailureSchema = z.enum(COUPON_REWARD_FAILURES);
export type CouponRewardFailure = z.infer<typeof CouponRewardFailureSchema>;

export const COUPON_REWARD_FAILURE_LABELS = {
  coupon_expired: 'rewardFailure.couponExpired',
  coupon_ineffective: 'rewardFailure.couponIneffective',
  coupon_received: 'rewardFailure.couponReceived',
  coupon_used: 'rewardFailure.couponUsed',
  coupon_unavailable: 'rewardFailure.couponUnavailable',
  invalid_coupon_code: 'rewardFailure.invalidCouponCode',
  duplicate_coupon_receive: 'rewardFailure.duplicateCouponReceive',
  coupon_invalid_issue_amount: 'rewardFailure.invalidIssueAmount',
  coupon_batch_amount_limit: 'rewardFailure.batchAmountLimit',
  coupon_batch_stock_not_enough: 'rewardFailure.batchStockNotEnough',
  coupon_generate_record_unavailable: 'rewardFailure.generateRecordUnavailable',
  coupon_generate_record_state_unavailable: 'rewardFailure.generateRecordStateUnavailable',
  coupon_generate_record_state_unfinished: 'rewardFailure.generateRecordStateUnfinished',
  coupon_rule_mismatch_error: 'rewardFailure.ruleMismatch',
} as const satisfies Record<CouponRewardFailure, MessageKey>;

/**
 * The HTTP status each failure answers (spec M8): 404 for a code or record nobody has, 422 for a request
 * that cannot fit the coupon's rules, 409 for a coupon or batch whose state refuses it now.
 */
export const COUPON_REWARD_FAILURE_STATUS = {
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
} as const satisfies Record<CouponRewardFailure, 404 | 409 | 422>;

/** The label of a failure reason; reasons the catalogue does not know are shown as they came. */
export const couponRewardFailureLabel = (reason: string): string =>
  CouponRewardFailureSchema.safeParse(reason).success
    ? COUPON_REWARD_FAILURE_LABELS[reason as CouponRewardFailure]
    : reason;
