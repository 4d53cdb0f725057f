import { z } from 'zod';
import { EPOCH_MS, integer, integerParam, text } from '../shared/input.js';
import { multiply, roundTo, subtract } from '../shared/decimal.js';
import { toMinutes } from '../shared/time-of-day.js';
import type { BusinessFeePeriod } from '../stations/fees.js';
import { ChargingDiscountRulesSchema, type ChargingDiscountRules } from './charging-discount.js';
import { ActivityTypeSchema } from './activity-types.js';
import { ActivityRuleSchema } from './activity-contracts.js';
import type { TimeSharingItem } from './time-sharing.js';
import { USER_ROLES, UserRoleSchema, type UserRole } from './user-roles.js';

/** The longest charging window a quote prices. */
export const MAX_QUOTE_WINDOW_MS = 48 * 3_600_000;
/** Prices per kWh are quoted to 4 decimals of a yuan, as stations' fees are kept. */
const PRICE_PLACES = 4;
const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** What the app asks: a station, a user and the window it plans to charge in. */
export const PriceQuoteRequestSchema = z
  .object({
    resourceId: text(64).min(1),
    accountId: text(64).min(1).optional(),
    /** The user's role in the purchase funnel, as the app knows it; ordinary user when absent. */
    userRole: UserRoleSchema.default('default'),
    start: integer(EPOCH_MS),
    end: integer(EPOCH_MS),
  })
  .refine((q) => q.end > q.start && q.end - q.start <= MAX_QUOTE_WINDOW_MS, {
    error: 'quote.window',
    path: ['end'],
  });
export type PriceQuoteRequest = z.input<typeof PriceQuoteRequestSchema>;

export const QuotePriceSchema = z.object({ electricity: z.number(), service: z.number(), total: z.number() });
export type QuotePrice = z.infer<typeof QuotePriceSchema>;

/** A stretch of the window with one price: the station's and what the user pays, and the activity giving it. */
export const QuoteSlotSchema = z.object({
  start: z.number().int(),
  end: z.number().int(),
  base: QuotePriceSchema,
  price: QuotePriceSchema,
  activityId: z.number().int().nullable(),
});
export type QuoteSlot = z.infer<typeof QuoteSlotSchema>;

export const PriceQuoteSchema = z.object({
  resourceId: z.string(),
  currency: z.literal('CNY'),
  slots: z.array(QuoteSlotSchema),
  /** The charging discounts that apply to the station and the user in the window; each slot names its winner. */
  activities: z.array(z.object({ activityId: z.number().int(), activityName: z.string() })),
});
export type PriceQuote = z.infer<typeof PriceQuoteSchema>;

/** A live charging discount of the station, as the quote reads it. */
export interface QuoteActivity {
  activityId: number;
  activityName: string;
  beginTime: number;
  endTime: number;
  chargingDiscountRules: readonly ChargingDiscountRules[];
}

const rank = (role: UserRole): number => USER_ROLES.indexOf(role);

/**
 * The rule of an activity that reaches the user: a rule for a role reaches that role and every narrower
 * one, and of those that reach the user the narrowest is the one meant for them.
 */
export function ruleForUser(
  rules: readonly ChargingDiscountRules[],
  role: UserRole,
): ChargingDiscountRules | undefined {
  return rules
    .filter((rule) => rank(rule.userRole) <= rank(role))
    .reduce<ChargingDiscountRules | undefined>(
      (best, rule) => (best === undefined || rank(rule.userRole) > rank(best.userRole) ? rule : best),
      undefined,
    );
}

const slotAt = (slots: readonly TimeSharingItem[] | undefined, minute: number): TimeSharingItem | undefined =>
  slots?.find((slot) => toMinutes(slot.start) <= minute && minute < toMinutes(slot.end));

const priceOf = (electricity: number, service: number): QuotePrice => {
  const e = roundTo(electricity, PRICE_PLACES);
  const s = roundTo(service, PRICE_PLACES);
  return { electricity: e, service: s, total: roundTo(e + s, PRICE_PLACES) };
};

/**
 * The price under a rule at a minute of the day. A promotional price (type 1) is what the user pays per kWh,
 * taken off the service part first, then the electricity; the parts' own price lists, where the rule has
 * them, set each part instead. A percent discount (type 2, a ratio: 0.85 pays 85 %) scales both parts, or
 * each part by its own list. A discount never raises a price.
 */
export function discountedPrice(rule: ChargingDiscountRules, base: QuotePrice, minute: number): QuotePrice {
  if (rule.discountType === 1) {
    const elec = slotAt(rule.timesharingElecPrice, minute)?.price;
    const serv = slotAt(rule.timesharingServicePrice, minute)?.price;
    if (elec !== undefined || serv !== undefined) {
      return priceOf(
        Math.min(base.electricity, elec ?? base.electricity),
        Math.min(base.service, serv ?? base.service),
      );
    }
    const promo = slotAt(rule.timesharing, minute)?.price;
    if (promo === undefined || promo >= base.total) return base;
    const electricity = Math.min(base.electricity, promo);
    return priceOf(electricity, subtract(promo, electricity));
  }
  const ratio = slotAt(rule.timesharing, minute)?.discount;
  const elecRatio = slotAt(rule.timesharingElecDiscount, minute)?.discount ?? ratio ?? 1;
  const servRatio = slotAt(rule.timesharingServiceDiscount, minute)?.discount ?? ratio ?? 1;
  return priceOf(
    multiply(base.electricity, Math.min(elecRatio, 1)),
    multiply(base.service, Math.min(servRatio, 1)),
  );
}

const boundariesOf = (slots: readonly { start: string; end: string }[] | undefined): number[] =>
  (slots ?? []).flatMap((slot) => [toMinutes(slot.start), toMinutes(slot.end)]);

const ruleBoundaries = (rule: ChargingDiscountRules): number[] => [
  ...boundariesOf(rule.timesharing),
  ...boundariesOf(rule.timesharingElecPrice),
  ...boundariesOf(rule.timesharingServicePrice),
  ...boundariesOf(rule.timesharingElecDiscount),
  ...boundariesOf(rule.timesharingServiceDiscount),
];

const samePrice = (a: QuotePrice, b: QuotePrice) =>
  a.electricity === b.electricity && a.service === b.service && a.total === b.total;

/**
 * Prices a charging window, slot by slot, in the station's zone (`utcOffset` minutes east of UTC). The
 * window is cut wherever the station's fee, a rule's slot or an activity's window changes; in each piece,
 * of the activities live then whose rule reaches the user, the one giving the lowest total price wins (the
 * earliest created on a tie); no activity is named where none lowers the price. Pieces with the same
 * prices and winner are joined. A time the station has no fee for is left out.
 */
export function quotePrices(input: {
  basePeriods: readonly BusinessFeePeriod[];
  activities: readonly QuoteActivity[];
  userRole: UserRole;
  start: number;
  end: number;
  utcOffset: number;
}): QuoteSlot[] {
  const { basePeriods, userRole, start, end, utcOffset } = input;
  const reaching = input.activities.flatMap((activity) => {
    const rule = ruleForUser(activity.chargingDiscountRules, userRole);
    return rule ? [{ activity, rule }] : [];
  });
  const dayMinutes = new Set([
    0,
    ...boundariesOf(basePeriods),
    ...reaching.flatMap(({ rule }) => ruleBoundaries(rule)),
  ]);
  const offset = utcOffset * MINUTE;
  const firstDay = Math.floor((start + offset) / (DAY_MINUTES * MINUTE)) * DAY_MINUTES * MINUTE - offset;
  const cuts = new Set([start, end]);
  for (let day = firstDay; day < end; day += DAY_MINUTES * MINUTE) {
    for (const minute of dayMinutes) cuts.add(day + minute * MINUTE);
  }
  for (const { activity } of reaching) cuts.add(activity.beginTime).add(activity.endTime);
  const points = [...cuts].filter((t) => t >= start && t <= end).sort((a, b) => a - b);

  const slots: QuoteSlot[] = [];
  points.slice(1).forEach((to, index) => {
    const from = points[index]!;
    const minute = Math.floor(
      ((((from + offset) % (DAY_MINUTES * MINUTE)) + DAY_MINUTES * MINUTE) % (DAY_MINUTES * MINUTE)) / MINUTE,
    );
    const period = basePeriods.find((p) => toMinutes(p.start) <= minute && minute < toMinutes(p.end));
    if (!period) return;
    const base = priceOf(period.electricityFee, period.serviceFee);
    let price = base;
    let activityId: number | null = null;
    for (const { activity, rule } of reaching) {
      if (activity.beginTime > from || activity.endTime <= from) continue;
      const offered = discountedPrice(rule, base, minute);
      const better =
        offered.total < price.total ||
        (offered.total === price.total && activityId !== null && activity.activityId < activityId);
      if (better && offered.total < base.total) {
        price = offered;
        activityId = activity.activityId;
      }
    }
    const last = slots.at(-1);
    if (
      last &&
      last.end === from &&
      last.activityId === activityId &&
      samePrice(last.base, base) &&
      samePrice(last.price, price)
    ) {
      last.end = to;
    } else {
      slots.push({ start: from, end: to, base, price, activityId });
    }
  });
  return slots;
}

/** What the app asks: the activities a user sees at a station now (or at `at`). */
export const StationActivitiesQuerySchema = z.object({
  resourceId: text(64).min(1),
  userRole: UserRoleSchema.default('default'),
  at: integerParam(EPOCH_MS).optional(),
});
export type StationActivitiesQuery = z.input<typeof StationActivitiesQuerySchema>;

/** An activity as the app shows it at a station; a charging discount with the rule that reaches the user. */
export const StationActivitySchema = z.object({
  activityId: z.number().int(),
  activityType: ActivityTypeSchema,
  activityName: z.string(),
  activityDescription: z.string().nullable(),
  beginTime: z.number().int(),
  endTime: z.number().int(),
  coverImage: z.string().nullable(),
  rewardSlogan: z.string().nullable(),
  activityLink: z.string().nullable(),
  activityRules: z.array(ActivityRuleSchema),
  chargingDiscountRule: ChargingDiscountRulesSchema.nullable(),
});
export type StationActivity = z.infer<typeof StationActivitySchema>;
