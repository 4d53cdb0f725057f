import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import {
  COUPON_REWARD_FAILURE_LABELS,
  COUPON_REWARD_FAILURES,
  couponRewardFailureLabel,
} from './reward-failures.js';

describe('coupon reward failures', () => {
  it('should label every failure with the spec text', () => {
    expect(
      Object.fromEntries(
        COUPON_REWARD_FAILURES.map((f) => [
          f,
          formatMessage('en-US', { key: COUPON_REWARD_FAILURE_LABELS[f] }),
        ]),
      ),
    ).toEqual({
      coupon_expired: 'Coupon expired',
      coupon_ineffective: 'Not yet valid',
      coupon_received: 'Already claimed',
      coupon_used: 'Already used',
      coupon_unavailable: 'Coupon unavailable',
      invalid_coupon_code: 'Invalid code',
      duplicate_coupon_receive: 'Duplicate claim',
      coupon_invalid_issue_amount: 'Abnormal quantity',
      coupon_batch_amount_limit: 'Batch claim limit reached',
      coupon_batch_stock_not_enough: 'Batch stock insufficient',
      coupon_generate_record_unavailable: 'Generate record unavailable',
      coupon_generate_record_state_unavailable: 'Generate record state unavailable',
      coupon_generate_record_state_unfinished: 'Generate record unfinished',
      coupon_rule_mismatch_error: 'Rule does not match the rule the coupon was created with',
    });
  });

  it('should show a Chinese label', () => {
    expect(formatMessage('zh-CN', { key: couponRewardFailureLabel('coupon_expired') })).toBe('优惠券已过期');
  });

  it('should show an unknown reason as it came', () => {
    expect(formatMessage('zh-CN', { key: couponRewardFailureLabel('network_down') })).toBe('network_down');
  });
});
