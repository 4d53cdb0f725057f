import { describe, expect, it } from 'vitest';
import { fromCents, percentToRatio, ratioToPercent, toCents } from './money.js';

describe('cents', () => {
  it('should store yuan times 100 as whole cents', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('0.29')).toBe(29);
  });

  it('should load cents divided by 100', () => {
    expect(fromCents(1999)).toBe(19.99);
  });
});

describe('percent', () => {
  it('should send a percentage divided by 100 and rounded to 2 decimals', () => {
    expect(percentToRatio(85)).toBe(0.85);
    expect(percentToRatio(85.5)).toBe(0.86);
    expect(percentToRatio(7)).toBe(0.07);
  });

  it('should load a ratio multiplied by 100', () => {
    expect(ratioToPercent(0.57)).toBe(57);
    expect(ratioToPercent(0.07)).toBe(7);
  });
});
