import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { couponValueFromWire, priceLimitFromWire } from '@cmp/domain/coupons/coupon-money';
import type { CouponTypeCode } from '@cmp/domain/coupons/coupon-types';
import { multiply, subtract } from '@cmp/domain/shared/decimal';

const yuan = (amount: number): string => `¥${amount.toFixed(2)}`;

/**
 * A coupon's value as staff read it: money in yuan from cents (¥12.50), a discount as its readers say it:
 * the share paid and in 折 in Chinese (85% / 8.5折), the share paid and taken off in English.
 */
export function formatCouponValue(type: CouponTypeCode, wire: number, t: TFunction<'coupons'>): string {
  const value = couponValueFromWire(type, wire);
  if (type !== 'discount') return yuan(value);
  return t('common.discount', { percent: value, zhe: multiply(value, 0.1), off: subtract(100, value) });
}

/** A voucher's minimum order price in yuan, or the word for "any order". */
export const formatPriceLimit = (wire: number | string, anyOrder: string): string => {
  const limit = priceLimitFromWire(wire);
  return limit === 'all' ? anyOrder : yuan(limit);
};

/** A day of a batch's validity; the expiry is the last moment of that day, so the time says nothing. */
export const formatDay = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '-' : dayjs(ms).format('YYYY-MM-DD');
