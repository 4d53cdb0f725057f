import { describe, expect, it } from 'vitest';
import { mergeFeePeriods } from '../stations/fees.js';
import type { ChargingDiscountRules } from './charging-discount.js';
import { discountedPrice, quotePrices, ruleForUser, type QuoteActivity } from './price-quote.js';

const HOUR = 3_600_000;
/** 2026-12-01 00:00 in UTC+08:00. */
const MIDNIGHT = Date.UTC(2026, 10, 30, 16);
const BEIJING = 8 * 60;
/** Off-peak 00:00–08:00 at 0.3 + 0.4, peak 08:00–24:00 at 0.8 + 0.6. */
const FEES = mergeFeePeriods(
  [
    { start: '00:00', end: '08:00', fee: 0.3 },
    { start: '08:00', end: '24:00', fee: 0.8 },
  ],
  [{ start: '00:00', end: '24:00', fee: 0.4 }],
).map((p) => (p.start === '08:00' ? { ...p, serviceFee: 0.6, fee: 1.4 } : p));

const percent = (
  discount: number,
  role: ChargingDiscountRules['userRole'] = 'default',
): ChargingDiscountRules => ({
  userRole: role,
  discountType: 2,
  timesharing: [{ start: '00:00', end: '24:00', discount }],
});
const activity = (
  activityId: number,
  rules: ChargingDiscountRules[],
  window = [MIDNIGHT - 24 * HOUR, MIDNIGHT + 48 * HOUR],
): QuoteActivity => ({
  activityId,
  activityName: `A${activityId}`,
  beginTime: window[0]!,
  endTime: window[1]!,
  chargingDiscountRules: rules,
});

describe('ruleForUser', () => {
  it('should reach a role and every narrower one, and pick the narrowest that reaches the user', () => {
    const rules = [percent(0.9, 'default'), percent(0.7, 'pre_owner')];
    expect(ruleForUser(rules, 'default')?.timesharing[0]?.discount).toBe(0.9);
    expect(ruleForUser(rules, 'intentional_owner')?.timesharing[0]?.discount).toBe(0.9);
    expect(ruleForUser(rules, 'vehicle_owner')?.timesharing[0]?.discount).toBe(0.7);
    expect(ruleForUser([percent(0.7, 'pre_owner')], 'default')).toBeUndefined();
  });
});

describe('discountedPrice', () => {
  const base = { electricity: 0.8, service: 0.6, total: 1.4 };
  it('should take a promotional price off the service part first, and never raise a price', () => {
    const promo = (price: number): ChargingDiscountRules => ({
      userRole: 'default',
      discountType: 1,
      timesharing: [{ start: '00:00', end: '24:00', price }],
    });
    expect(discountedPrice(promo(1), base, 600)).toEqual({ electricity: 0.8, service: 0.2, total: 1 });
    expect(discountedPrice(promo(0.5), base, 600)).toEqual({ electricity: 0.5, service: 0, total: 0.5 });
    expect(discountedPrice(promo(2), base, 600)).toEqual(base);
  });

  it('should scale each part by its own list where the rule has one', () => {
    const rule: ChargingDiscountRules = {
      ...percent(0.9),
      timesharingServiceDiscount: [{ start: '00:00', end: '24:00', discount: 0.5 }],
    };
    expect(discountedPrice(rule, base, 600)).toEqual({ electricity: 0.72, service: 0.3, total: 1.02 });
  });
});

describe('quotePrices', () => {
  it("should cut the window at the station's fee periods in its zone and name no activity without one", () => {
    const slots = quotePrices({
      basePeriods: FEES,
      activities: [],
      userRole: 'default',
      start: MIDNIGHT + 6 * HOUR,
      end: MIDNIGHT + 10 * HOUR,
      utcOffset: BEIJING,
    });
    expect(slots).toEqual([
      {
        start: MIDNIGHT + 6 * HOUR,
        end: MIDNIGHT + 8 * HOUR,
        base: { electricity: 0.3, service: 0.4, total: 0.7 },
        price: { electricity: 0.3, service: 0.4, total: 0.7 },
        activityId: null,
      },
      {
        start: MIDNIGHT + 8 * HOUR,
        end: MIDNIGHT + 10 * HOUR,
        base: { electricity: 0.8, service: 0.6, total: 1.4 },
        price: { electricity: 0.8, service: 0.6, total: 1.4 },
        activityId: null,
      },
    ]);
  });

  it('should let the activity giving the lowest price win each slot, the earliest on a tie', () => {
    const night: ChargingDiscountRules = {
      userRole: 'default',
      discountType: 2,
      timesharing: [
        { start: '00:00', end: '07:00', discount: 0.5 },
        { start: '07:00', end: '24:00', discount: 1 },
      ],
    };
    const slots = quotePrices({
      basePeriods: FEES,
      activities: [activity(1, [percent(0.8)]), activity(2, [night]), activity(3, [percent(0.8)])],
      userRole: 'default',
      start: MIDNIGHT + 6 * HOUR,
      end: MIDNIGHT + 9 * HOUR,
      utcOffset: BEIJING,
    });
    expect(
      slots.map((s) => [(s.start - MIDNIGHT) / HOUR, (s.end - MIDNIGHT) / HOUR, s.price.total, s.activityId]),
    ).toEqual([
      [6, 7, 0.35, 2],
      [7, 8, 0.56, 1],
      [8, 9, 1.12, 1],
    ]);
  });

  it('should apply an activity only inside its own window and only to the roles its rules reach', () => {
    const later = activity(1, [percent(0.5)], [MIDNIGHT + 9 * HOUR, MIDNIGHT + 48 * HOUR]);
    const owners = activity(2, [percent(0.1, 'vehicle_owner')]);
    const slots = quotePrices({
      basePeriods: FEES,
      activities: [later, owners],
      userRole: 'pre_owner',
      start: MIDNIGHT + 8 * HOUR,
      end: MIDNIGHT + 10 * HOUR,
      utcOffset: BEIJING,
    });
    expect(slots.map((s) => [(s.start - MIDNIGHT) / HOUR, s.price.total, s.activityId])).toEqual([
      [8, 1.4, null],
      [9, 0.7, 1],
    ]);
  });

  it('should run across midnight into the next day', () => {
    const slots = quotePrices({
      basePeriods: FEES,
      activities: [],
      userRole: 'default',
      start: MIDNIGHT - HOUR,
      end: MIDNIGHT + HOUR,
      utcOffset: BEIJING,
    });
    expect(slots.map((s) => [(s.start - MIDNIGHT) / HOUR, (s.end - MIDNIGHT) / HOUR, s.base.total])).toEqual([
      [-1, 0, 1.4],
      [0, 1, 0.7],
    ]);
  });
});
