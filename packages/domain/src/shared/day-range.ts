import { parseUtcOffset } from './utc-offset.js';

/** Staff and stations keep China time, so a day starts at midnight UTC+08:00 unless a zone is given. */
export const DEFAULT_UTC_OFFSET = '+08:00';
const DAY_MS = 86_400_000;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD`, or any instant within the day (a `Date` or epoch milliseconds). */
export type DayInput = Date | number | string;

export function startOfDayMs(day: DayInput, offset: string = DEFAULT_UTC_OFFSET): number {
  const offsetMs = parseUtcOffset(offset) * 60_000;
  if (typeof day === 'string') {
    const match = CALENDAR_DAY.exec(day);
    if (!match) throw new RangeError(`not a calendar day: "${day}"`);
    return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - offsetMs;
  }
  const instant = typeof day === 'number' ? day : day.getTime();
  if (!Number.isFinite(instant)) throw new RangeError('not a valid date');
  return Math.floor((instant + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
}

/** The last millisecond of the day, 23:59:59.999, so a `<=` filter includes the whole day. */
export const endOfDayMs = (day: DayInput, offset: string = DEFAULT_UTC_OFFSET): number =>
  startOfDayMs(day, offset) + DAY_MS - 1;

/** What a date-range picker sends: the start of the earlier day to the end of the later one. */
export function dayRangeMs(
  first: DayInput,
  last: DayInput,
  offset: string = DEFAULT_UTC_OFFSET,
): [number, number] {
  const [from, to] = [startOfDayMs(first, offset), startOfDayMs(last, offset)].sort((a, b) => a - b);
  return [from ?? 0, (to ?? 0) + DAY_MS - 1];
}
