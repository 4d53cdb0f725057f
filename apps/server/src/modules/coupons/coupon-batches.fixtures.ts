import type { CouponBatchCreateInput } from '@cmp/domain/coupons/coupon-batches';
import { earliestEffectiveDate, EFFECTIVE_DATE_GRACE_MS } from '@cmp/domain/coupons/coupon-batch-rules';

const DAY_MS = 86_400_000;

/**
 * The fixture batch's first and last days: today in China time and 29 days on, since a new batch may not
 * start in the past. Taken once, so a test that runs over midnight still names the days it created.
 */
const chinaDay = (at: number) => earliestEffectiveDate(at + EFFECTIVE_DATE_GRACE_MS);
const now = Date.now();
export const FIRST_DAY = chinaDay(now);
export const LAST_DAY = chinaDay(now + 29 * DAY_MS);

/** A voucher batch as staff fill it in: money in yuan, fixed dates, off the electricity fee. */
export const voucherBatch = (fields: Partial<CouponBatchCreateInput> = {}): CouponBatchCreateInput => ({
  couponName: '满50减10',
  batchName: '双十一代金券',
  couponBizCode: 'charging_external',
  couponTypeCode: 'voucher',
  amount: 100,
  expireTypeCode: 'fixed_date',
  effectiveDate: FIRST_DAY,
  expireDate: LAST_DAY,
  effectiveDays: null,
  couponValue: 10.5,
  totalPrice: 50,
  priceElectricityFee: true,
  ...fields,
});
