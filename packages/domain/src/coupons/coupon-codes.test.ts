import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import {
  COUPON_BATCH_STATUS_LABELS,
  COUPON_BATCH_STATUSES,
  COUPON_STATUS_LABELS,
  COUPON_STATUSES,
} from './coupon-statuses.js';
import {
  COUPON_ABANDON_TYPES,
  COUPON_BIZ_CODES,
  COUPON_CODE_TYPES,
  COUPON_GENERATE_TYPES,
  COUPON_LIST_COUNT,
  COUPON_NAME_LIST_PAGE_SIZE,
  COUPON_PLATFORM_TYPES,
  COUPON_RULE_ALL,
  COUPON_RULE_TYPES,
  COUPON_SUBCLASS_WHOLE_ORDER,
  COUPON_TYPE_CODES,
  COUPON_TYPE_LABELS,
  isCouponTypeAllowed,
} from './coupon-types.js';

const en = (key: string): string => formatMessage('en-US', { key });

describe('coupon types', () => {
  it('should know the type, business, code, generate, abandon, platform and rule types', () => {
    expect(COUPON_TYPE_CODES).toEqual(['equity', 'discount', 'voucher']);
    expect(COUPON_BIZ_CODES).toEqual(['pe_external', 'charging_external']);
    expect(COUPON_CODE_TYPES).toEqual(['random', 'custom']);
    expect(COUPON_GENERATE_TYPES).toEqual(['generate_assign', 'batch_generate_assign', 'generate']);
    expect(COUPON_ABANDON_TYPES).toEqual(['coupon_generate_record_id', 'coupon_uuid']);
    expect(COUPON_PLATFORM_TYPES).toEqual(['pe_app', 'pe_wx_mini', 'pe_alipay_mini']);
    expect(COUPON_RULE_TYPES).toEqual([
      'operator',
      'city',
      'group',
      'tag',
      'subclass',
      'platform_type',
      'total_price',
    ]);
  });

  it('should label equity as the fixed-price coupon', () => {
    expect(COUPON_TYPE_CODES.map((t) => en(COUPON_TYPE_LABELS[t]))).toEqual([
      'Fixed-price coupon',
      'Discount coupon',
      'Voucher',
    ]);
  });

  it('should allow only equity for one-tap power-up and discount or voucher for scan-to-charge', () => {
    expect(isCouponTypeAllowed('pe_external', 'equity')).toBe(true);
    expect(isCouponTypeAllowed('pe_external', 'voucher')).toBe(false);
    expect(isCouponTypeAllowed('charging_external', 'discount')).toBe(true);
    expect(isCouponTypeAllowed('charging_external', 'voucher')).toBe(true);
    expect(isCouponTypeAllowed('charging_external', 'equity')).toBe(false);
  });
});

describe('coupon rule values', () => {
  it("should read the rule value 'all' as every value", () => {
    expect(COUPON_RULE_ALL).toBe('all');
  });

  it("should code the whole-order subclass as '-1'", () => {
    expect(COUPON_SUBCLASS_WHOLE_ORDER).toBe('-1');
  });
});

describe('coupon lists', () => {
  it('should list coupon batches with count 100', () => {
    expect(COUPON_LIST_COUNT).toBe(100);
  });

  it('should list coupons by name with page size 100', () => {
    expect(COUPON_NAME_LIST_PAGE_SIZE).toBe(100);
  });
});

describe('coupon statuses', () => {
  it('should label batch statuses created, generating, finished, failed and ended', () => {
    expect(COUPON_BATCH_STATUSES.map((s) => en(COUPON_BATCH_STATUS_LABELS[s]))).toEqual([
      'Created',
      'Generating',
      'Finished',
      'Failed',
      'Ended',
    ]);
  });

  it('should label coupon statuses to be used, used, expired and cancelled', () => {
    expect(COUPON_STATUSES.map((s) => en(COUPON_STATUS_LABELS[s]))).toEqual([
      'To be used',
      'Used',
      'Expired',
      'Cancelled',
    ]);
  });
});
