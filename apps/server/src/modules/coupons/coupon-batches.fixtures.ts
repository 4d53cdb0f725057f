import type { CouponBatchCreateInput } from '@cmp/domain/coupons/coupon-batches';

/** A voucher batch as staff fill it in: money in yuan, fixed dates. */
export const voucherBatch = (fields: Partial<CouponBatchCreateInput> = {}): CouponBatchCreateInput => ({
  couponName: '满50减10',
  batchName: '双十一代金券',
  couponBizCode: 'charging_external',
  couponTypeCode: 'voucher',
  amount: 100,
  expireTypeCode: 'fixed_date',
  effectiveDate: '2026-11-01',
  expireDate: '2026-11-30',
  effectiveDays: null,
  couponValue: 10.5,
  totalPrice: 50,
  ...fields,
});
