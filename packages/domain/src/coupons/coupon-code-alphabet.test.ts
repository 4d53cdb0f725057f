import { describe, expect, it } from 'vitest';
import { COUPON_CODE_ALPHABET, couponCodeLength, randomCouponCodes } from './coupon-code-alphabet.js';

describe('coupon codes', () => {
  it('should leave the look-alikes 0, O, 1 and I out of 32 characters', () => {
    expect(COUPON_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(COUPON_CODE_ALPHABET).size).toBe(32);
    for (const lookAlike of '0O1I') expect(COUPON_CODE_ALPHABET).not.toContain(lookAlike);
  });

  it('should grow the code with the batch, never under 12 characters', () => {
    expect(couponCodeLength(1)).toBe(12);
    expect(couponCodeLength(1_000_000)).toBe(12);
    expect(couponCodeLength(10_000_000)).toBe(13);
  });

  it('should draw distinct codes of the asked length from the alphabet', () => {
    const codes = randomCouponCodes(10_000, 12);
    expect(codes).toHaveLength(10_000);
    expect(new Set(codes).size).toBe(10_000);
    for (const code of codes) expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{12}$/);
  });

  it('should use every character about as often', () => {
    const counts = new Map<string, number>();
    for (const code of randomCouponCodes(4_000, 16))
      for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    // 64,000 characters over 32: 2,000 each, far inside 1,700..2,300 unless the draw is biased.
    for (const c of COUPON_CODE_ALPHABET) expect(counts.get(c)).toBeGreaterThan(1_700);
    for (const c of COUPON_CODE_ALPHABET) expect(counts.get(c)).toBeLessThan(2_300);
  });
});
