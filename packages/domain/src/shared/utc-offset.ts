import { z } from 'zod';

/** Stations and tenants store their zone as a fixed offset in this form, e.g. `UTC+08:00`. */
export const DEFAULT_TIMEZONE = 'UTC+08:00';

const UTC_OFFSET = /^(?:UTC)?([+-])(\d{2}):([0-5]\d)$/;

export const TimezoneSchema = z
  .string()
  .regex(/^UTC[+-](0\d|1[0-4]):[0-5]\d$/, { error: 'time.invalidTimezone' });

/** Minutes east of UTC of `UTC+08:00` or `+08:00`. */
export function parseUtcOffset(offset: string): number {
  const match = UTC_OFFSET.exec(offset);
  if (!match) throw new RangeError(`not a UTC offset: "${offset}"`);
  const [, sign, hours, minutes] = match;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}
