import { describe, expect, it } from 'vitest';
import { couponExpiry } from './coupon-expiry.js';

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
