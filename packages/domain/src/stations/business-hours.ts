import { z } from 'zod';
import { formatMessage, ruleMessage, type Locale, type RuleMessage } from '../messages/format.js';
import {
  END_OF_DAY,
  START_OF_DAY,
  nextRangeAfter,
  TimeRangeSchema,
  validateTimeRanges,
  type TimeRange,
} from '../shared/time-of-day.js';
import { DEFAULT_TIMEZONE, TimezoneSchema } from '../shared/utc-offset.js';

export { TimeRangeSchema, type TimeRange };
export { DEFAULT_TIMEZONE };

export const MAX_RANGES_PER_DAY = 3;
/** Message keys of the weekday names, indexed by `dayOfWeek - 1` (1 is Monday, 7 is Sunday). */
export const WEEKDAY_KEYS = [
  'weekday.monday',
  'weekday.tuesday',
  'weekday.wednesday',
  'weekday.thursday',
  'weekday.friday',
  'weekday.saturday',
  'weekday.sunday',
] as const;
export const DAYS_OF_WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

export const BusinessHourDaySchema = z
  .object({
    dayOfWeek: z.number().int().min(1).max(7),
    isOpen: z.boolean(),
    timeRanges: z.array(TimeRangeSchema),
  })
  .superRefine((day, ctx) => {
    // The range schema already reports a bad format at the exact field; the rest point at their range.
    for (const problem of validateDay(day).filter((p) => p.key !== 'time.invalidFormat')) {
      const range = problem.params?.range;
      const path = typeof range === 'number' ? ['timeRanges', range - 1] : ['timeRanges'];
      ctx.addIssue({ code: 'custom', path, message: problem.key, params: problem.params });
    }
  });
export type BusinessHourDay = z.infer<typeof BusinessHourDaySchema>;

export const OpeningHoursSchema = z.object({
  timezone: TimezoneSchema,
  openList: z
    .array(BusinessHourDaySchema)
    .max(DAYS_OF_WEEK.length)
    .refine((days) => new Set(days.map((day) => day.dayOfWeek)).size === days.length, {
      error: 'businessHours.duplicateDay',
    }),
});
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

const ALL_DAY: TimeRange = { start: START_OF_DAY, end: END_OF_DAY };

export function defaultOpeningHours(): OpeningHours {
  return {
    timezone: DEFAULT_TIMEZONE,
    openList: DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, isOpen: true, timeRanges: [{ ...ALL_DAY }] })),
  };
}

export const canAddRange = (ranges: readonly TimeRange[]): boolean => ranges.length < MAX_RANGES_PER_DAY;

export const nextTimeRange = (ranges: readonly TimeRange[]): TimeRange => nextRangeAfter(ranges);

export function validateDay(day: Pick<BusinessHourDay, 'timeRanges'>): RuleMessage[] {
  const tooMany =
    day.timeRanges.length > MAX_RANGES_PER_DAY
      ? [ruleMessage('businessHours.tooManyRanges', { max: MAX_RANGES_PER_DAY })]
      : [];
  return [...tooMany, ...validateTimeRanges(day.timeRanges)];
}

const rangesText = (ranges: readonly TimeRange[]): string =>
  ranges.map((r) => `${r.start}~${r.end}`).join(',');

/**
 * Every open day has the same ranges. The source system's simple editor could only edit such hours (spec
 * §4: "business hours editable only if all open entries are identical"); the portal edits each day on its
 * own, so this only decides how the hours read (docs/decisions.md, "Per-day business hours stay editable").
 */
export function sameHoursEveryOpenDay(openList: readonly BusinessHourDay[]): boolean {
  const open = openList.filter((day) => day.isOpen).map((day) => rangesText(day.timeRanges));
  return open.every((text) => text === open[0]);
}

/** `Monday to Sunday 00:00~24:00` when every day shares its hours, otherwise one entry per open day. */
export function businessHoursText(hours: OpeningHours, locale: Locale): string {
  const open = [...hours.openList].filter((day) => day.isOpen).sort((a, b) => a.dayOfWeek - b.dayOfWeek);
  if (open.length === 0) return formatMessage(locale, ruleMessage('businessHours.closed'));
  const first = open[0]?.timeRanges ?? [];
  if (open.length === DAYS_OF_WEEK.length && sameHoursEveryOpenDay(open)) {
    return `${formatMessage(locale, ruleMessage('businessHours.everyDay'))} ${rangesText(first)}`;
  }
  return open
    .map(
      (day) =>
        `${formatMessage(locale, { key: WEEKDAY_KEYS[day.dayOfWeek - 1] ?? '' })} ${rangesText(day.timeRanges)}`,
    )
    .join('; ');
}
