import { describe, expect, it } from 'vitest';
import {
  couponValueFromWire,
  couponValueToWire,
  priceLimitFromWire,
  priceLimitToWire,
} from './coupon-money.js';

describe('coupon value', () => {
  it('should store equity and voucher values times 100 in cents', () => {
    expect(couponValueToWire('equity', 9.9)).toBe(990);
    expect(couponValueToWire('voucher', '1.15')).toBe(115);
    expect(couponValueFromWire('voucher', 115)).toBe(1.15);
  });

  it('should send a discount percentage divided by 100 with 2 decimals and load it times 100', () => {
    expect(couponValueToWire('discount', 88)).toBe(0.88);
    expect(couponValueToWire('discount', 88.8)).toBe(0.89);
    expect(couponValueFromWire('discount', 0.88)).toBe(88);
  });
});

describe('voucher price limit', () => {
  it('should store the limit times 100', () => {
    expect(priceLimitToWire(50)).toBe(5000);
    expect(priceLimitFromWire(5000)).toBe(50);
  });

  it("should keep 'all' as is", () => {
    expect(priceLimitToWire('all')).toBe('all');
    expect(priceLimitFromWire('all')).toBe('all');
  });
});
