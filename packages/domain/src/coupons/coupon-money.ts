import { fromCents, percentToRatio, ratioToPercent, toCents } from '../shared/money.js';
import type { CouponTypeCode } from './coupon-types.js';

/**
 * Equity and voucher values are money and travel in cents; a discount value is a percentage and travels
 * as a ratio rounded to 2 decimals.
 */
export const couponValueToWire = (type: CouponTypeCode, value: number | string): number =>
  type === 'discount' ? percentToRatio(value) : toCents(value);

export const couponValueFromWire = (type: CouponTypeCode, value: number): number =>
  type === 'discount' ? ratioToPercent(value) : fromCents(value);

export const NO_PRICE_LIMIT = 'all';
/** The minimum order price a voucher needs, in yuan, or `all` when any order qualifies. */
export type PriceLimit = number | typeof NO_PRICE_LIMIT;

export const priceLimitToWire = (limit: PriceLimit): number | typeof NO_PRICE_LIMIT =>
  limit === NO_PRICE_LIMIT ? NO_PRICE_LIMIT : toCents(limit);

export const priceLimitFromWire = (limit: number | string): PriceLimit =>
  limit === NO_PRICE_LIMIT ? NO_PRICE_LIMIT : fromCents(limit);
