import { endOfDayMs, type DayInput } from '../shared/day-range.js';
import { DEFAULT_TIMEZONE } from '../shared/utc-offset.js';

/**
 * A coupon stays valid through its whole last day, 23:59:59.999 in the tenant's zone, not just until the
 * moment of day the date was picked at.
 */
export const couponExpiry = (day: DayInput, timezone: string = DEFAULT_TIMEZONE): number =>
  endOfDayMs(day, timezone);
