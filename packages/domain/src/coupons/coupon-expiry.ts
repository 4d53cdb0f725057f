import { endOfDayMs, type DayInput } from '../shared/day-range.js';
import { DEFAULT_TIMEZONE } from '../shared/utc-offset.js';

/**
 * A coupon stays valid through its whole last day, 23:59:59.999 in the tenant's zone, not just until the
 * moment of day the date was picked at.
 */
export const couponExpiry = (day: DayInput, timezone: string = DEFAULT_TIMEZONE): number =>
  endOfDayMs(day, timezone);

const DAY_MS = 86_400_000;

/** What decides a coupon's dates: its batch's expiry type with its days or its day count. */
export interface CouponValidity {
  expireTypeCode: string;
  effectiveDate: Date | null;
  expireDate: Date | null;
  effectiveDays: number | null;
}

/**
 * When a coupon of the batch bound at `bindTime` is valid: a fixed-date batch's own days; otherwise from
 * the binding through the end of its `effectiveDays`-th day (the binding day is day 1) in the tenant's
 * zone. An unbound code of a days-after-binding batch has no dates until it is claimed.
 */
export function couponDates(
  batch: CouponValidity,
  bindTime: Date | null,
): { effectiveDate: Date | null; expireDate: Date | null } {
  if (batch.expireTypeCode === 'fixed_date') {
    return { effectiveDate: batch.effectiveDate, expireDate: batch.expireDate };
  }
  if (!bindTime) return { effectiveDate: null, expireDate: null };
  const lastDay = bindTime.getTime() + ((batch.effectiveDays ?? 1) - 1) * DAY_MS;
  return { effectiveDate: bindTime, expireDate: new Date(couponExpiry(lastDay)) };
}
