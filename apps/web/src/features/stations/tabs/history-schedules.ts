import type { z } from 'zod';
import type { Locale } from '@cmp/domain/messages/format';
import { businessHoursText, OpeningHoursSchema } from '@cmp/domain/stations/business-hours';
import { FeePeriodSchema, formatFee, type FeePeriod } from '@cmp/domain/stations/fees';

/** The value as a list of the schema's items, or undefined when any item is of another shape. */
function listOf<T>(schema: z.ZodType<T>, value: unknown): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items: T[] = [];
  for (const item of value) {
    const parsed = schema.safeParse(item);
    if (!parsed.success) return undefined;
    items.push(parsed.data);
  }
  return items;
}

const feePrice = (period: FeePeriod): string =>
  period.feeMin != null || period.feeMax != null
    ? `${formatFee(period.feeMin ?? period.fee)}-${formatFee(period.feeMax ?? period.fee)}`
    : formatFee(period.fee);

function hoursText(value: unknown, locale: Locale): string | undefined {
  const hours = OpeningHoursSchema.safeParse(value);
  return hours.success ? businessHoursText(hours.data, locale) : undefined;
}

function feeText(value: unknown): string | undefined {
  return listOf(FeePeriodSchema, value)
    ?.map((period) => `${period.start}~${period.end} ${feePrice(period)}`)
    .join('; ');
}

const SCHEDULES: Record<string, (value: unknown, locale: Locale) => string | undefined> = {
  businessHours: hoursText,
  openingHours: hoursText,
  electricityFee: feeText,
  serviceFee: feeText,
};

/**
 * Opening hours and fee periods in words (`Monday to Sunday 00:00~24:00`, `00:00~08:00 0.80; …`) rather
 * than their stored JSON; undefined for any other field, or for a value of another shape.
 */
export function scheduleText(field: string, value: unknown, locale: Locale): string | undefined {
  return SCHEDULES[field]?.(value, locale);
}
