import type { ClaimFrequency } from '../activities/gift-bags.js';
import { DEFAULT_TIMEZONE, parseUtcOffset } from '../shared/utc-offset.js';

/**
 * What a user's draws are counted in under a claim frequency: `once` for the whole activity, or the day
 * (YYYY-MM-DD) in the tenant's zone, UTC+08:00, so a user draws again after local midnight.
 */
export function drawPeriod(frequency: ClaimFrequency, now: number, zone: string = DEFAULT_TIMEZONE): string {
  if (frequency === 'once') return 'once';
  return new Date(now + parseUtcOffset(zone) * 60_000).toISOString().slice(0, 10);
}
