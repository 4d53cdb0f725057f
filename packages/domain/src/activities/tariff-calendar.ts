import { z } from 'zod';
import { idParam, INT8, text } from '../shared/input.js';
import type { BusinessFeePeriod } from '../stations/fees.js';
import { quotePrices, QuotePriceSchema, ruleForUser, type QuoteActivity } from './price-quote.js';
import { USER_ROLES, UserRoleSchema, type UserRole } from './user-roles.js';

const DAY_MS = 24 * 3_600_000;

/** A day of a station's prices: the station, the day in its own zone, whose user, and an activity to preview. */
export const TariffCalendarQuerySchema = z.object({
  resourceId: text(64).min(1),
  date: z.iso.date({ error: 'calendar.date' }),
  userRole: UserRoleSchema.default('default'),
  /** A charging discount of the tenant drawn even before it starts, as its own page previews it. */
  activityId: idParam(INT8).optional(),
});
export type TariffCalendarQuery = z.output<typeof TariffCalendarQuerySchema>;

const CalendarSlotSchema = z.object({
  start: z.number().int(),
  end: z.number().int(),
  price: QuotePriceSchema,
});
export type CalendarSlot = z.infer<typeof CalendarSlotSchema>;

/** Two discounts live at the station at once for the same roles: users there get only the lower price. */
export const CalendarOverlapSchema = z.object({
  activityIds: z.tuple([z.number().int(), z.number().int()]),
  start: z.number().int(),
  end: z.number().int(),
  userRoles: z.array(UserRoleSchema),
});
export type CalendarOverlap = z.infer<typeof CalendarOverlapSchema>;

export const TariffCalendarSchema = z.object({
  resourceId: z.string(),
  date: z.string(),
  userRole: UserRoleSchema,
  dayStart: z.number().int(),
  dayEnd: z.number().int(),
  /** The station's own price through the day; a time it has no fee for is left out. */
  base: z.array(CalendarSlotSchema),
  /** Each charging discount of the day, alone against the station's price. */
  discounts: z.array(
    z.object({
      activityId: z.number().int(),
      activityName: z.string(),
      beginTime: z.number().int(),
      endTime: z.number().int(),
      /** False for an activity shown before it starts: users do not get its price yet. */
      live: z.boolean(),
      /** False when no rule of the activity reaches the user role asked for; its slots are then empty. */
      reaches: z.boolean(),
      /** The price under this activity alone; where it does not lower the station's price, that price. */
      slots: z.array(CalendarSlotSchema.extend({ discounted: z.boolean() })),
    }),
  ),
  overlaps: z.array(CalendarOverlapSchema),
});
export type TariffCalendar = z.infer<typeof TariffCalendarSchema>;

/** The first moment of a `YYYY-MM-DD` day in a zone `utcOffset` minutes east of UTC. */
export const dayStartOf = (date: string, utcOffset: number): number =>
  Date.parse(`${date}T00:00:00Z`) - utcOffset * 60_000;

export interface CalendarActivity extends QuoteActivity {
  live: boolean;
}

/**
 * A day's prices at a station in its zone (`utcOffset` minutes east of UTC): the station's own, each
 * discount's alone (every discount is priced as the quote prices it, with itself the only activity), and the
 * pairs of live discounts that meet in time for a role both reach.
 */
export function tariffCalendar(input: {
  resourceId: string;
  date: string;
  userRole: UserRole;
  basePeriods: readonly BusinessFeePeriod[];
  activities: readonly CalendarActivity[];
  utcOffset: number;
}): TariffCalendar {
  const { resourceId, date, userRole, basePeriods, activities, utcOffset } = input;
  const dayStart = dayStartOf(date, utcOffset);
  const dayEnd = dayStart + DAY_MS;
  const day = { basePeriods, userRole, start: dayStart, end: dayEnd, utcOffset };
  const base = quotePrices({ ...day, activities: [] }).map(({ start, end, base }) => ({
    start,
    end,
    price: base,
  }));
  const discounts = activities.map(({ live, ...activity }) => {
    const reaches = ruleForUser(activity.chargingDiscountRules, userRole) !== undefined;
    return {
      activityId: activity.activityId,
      activityName: activity.activityName,
      beginTime: activity.beginTime,
      endTime: activity.endTime,
      live,
      reaches,
      slots: reaches
        ? quotePrices({ ...day, activities: [activity] }).map(({ start, end, price, activityId }) => ({
            start,
            end,
            price,
            discounted: activityId !== null,
          }))
        : [],
    };
  });
  return {
    resourceId,
    date,
    userRole,
    dayStart,
    dayEnd,
    base,
    discounts,
    overlaps: overlapsOf(activities, day),
  };
}

function overlapsOf(
  activities: readonly CalendarActivity[],
  day: { start: number; end: number },
): CalendarOverlap[] {
  const live = activities.filter((activity) => activity.live);
  return live.flatMap((a, index) =>
    live.slice(index + 1).flatMap((b) => {
      const start = Math.max(a.beginTime, b.beginTime, day.start);
      const end = Math.min(a.endTime, b.endTime, day.end);
      const userRoles = USER_ROLES.filter(
        (role) =>
          ruleForUser(a.chargingDiscountRules, role) !== undefined &&
          ruleForUser(b.chargingDiscountRules, role) !== undefined,
      );
      return start < end && userRoles.length > 0
        ? [{ activityIds: [a.activityId, b.activityId] as [number, number], start, end, userRoles }]
        : [];
    }),
  );
}
