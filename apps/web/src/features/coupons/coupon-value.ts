import dayjs from 'dayjs';
import { couponValueFromWire, priceLimitFromWire } from '@cmp/domain/coupons/coupon-money';
import type { CouponTypeCode } from '@cmp/domain/coupons/coupon-types';
import { multiply } from '@cmp/domain/shared/decimal';

const yuan = (amount: number): string => `¥${amount.toFixed(2)}`;

/**
 * A coupon's value as staff read it: money in yuan from cents (¥12.50), a discount both ways its readers
 * say it, as the share paid and in 折 (85% / 8.5折).
 */
export function formatCouponValue(type: CouponTypeCode, wire: number): string {
  const value = couponValueFromWire(type, wire);
  if (type !== 'discount') return yuan(value);
  return `${value}% / ${multiply(value, 0.1)}折`;
}

/** A voucher's minimum order price in yuan, or the word for "any order". */
export const formatPriceLimit = (wire: number | string, anyOrder: string): string => {
  const limit = priceLimitFromWire(wire);
  return limit === 'all' ? anyOrder : yuan(limit);
};

/** A day of a batch's validity; the expiry is the last moment of that day, so the time says nothing. */
export const formatDay = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '-' : dayjs(ms).format('YYYY-MM-DD');
