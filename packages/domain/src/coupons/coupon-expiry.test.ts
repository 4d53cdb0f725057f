import { describe, expect, it } from 'vitest';
import { couponDates, couponExpiry } from './coupon-expiry.js';

describe('couponExpiry', () => {
  it('should expire at 23:59:59.999 of that day in UTC+08:00 by default', () => {
    expect(new Date(couponExpiry('2024-06-30')).toISOString()).toBe('2024-06-30T15:59:59.999Z');
  });

  it("should use the tenant's timezone", () => {
    expect(new Date(couponExpiry('2024-06-30', 'UTC+01:00')).toISOString()).toBe('2024-06-30T22:59:59.999Z');
  });

  it('should move a picked moment to the end of its day', () => {
    expect(new Date(couponExpiry(Date.parse('2024-06-30T01:30:00Z'))).toISOString()).toBe(
      '2024-06-30T15:59:59.999Z',
    );
  });
});

describe('couponDates', () => {
  const fixed = {
    expireTypeCode: 'fixed_date',
    effectiveDate: new Date('2026-11-01T00:00:00+08:00'),
    expireDate: new Date('2026-11-30T23:59:59.999+08:00'),
    effectiveDays: null,
  };
  const days = {
    expireTypeCode: 'days_after_binding',
    effectiveDate: null,
    expireDate: null,
    effectiveDays: 7,
  };

  it("should give a fixed-date batch's coupons the batch's days, bound or not", () => {
    const dates = { effectiveDate: fixed.effectiveDate, expireDate: fixed.expireDate };
    expect(couponDates(fixed, null)).toEqual(dates);
    expect(couponDates(fixed, new Date('2026-11-10T10:00:00+08:00'))).toEqual(dates);
  });

  it('should run days after binding from the binding through the end of the last day, the binding day first', () => {
    const bound = new Date('2026-11-10T10:00:00+08:00');
    expect(couponDates(days, bound)).toEqual({
      effectiveDate: bound,
      expireDate: new Date('2026-11-16T23:59:59.999+08:00'),
    });
    expect(couponDates(days, null)).toEqual({ effectiveDate: null, expireDate: null });
  });
});
