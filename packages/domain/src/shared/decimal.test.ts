import { describe, expect, it } from 'vitest';
import { add, divide, multiply, roundTo, subtract, toFixedText } from './decimal.js';

describe('exact arithmetic', () => {
  it('should add without float error', () => {
    expect(add(0.1, 0.2)).toBe(0.3);
  });

  it('should subtract without float error', () => {
    expect(subtract(0.3, 0.1)).toBe(0.2);
  });

  it('should multiply without float error', () => {
    expect(multiply(1.15, 100)).toBe(115);
    expect(multiply('19.99', 100)).toBe(1999);
  });

  it('should divide without float error', () => {
    expect(divide(0.3, 0.1)).toBe(3);
    expect(divide(1999, 100)).toBe(19.99);
  });
});

describe('rounding', () => {
  it('should round half away from zero to 2 decimals by default', () => {
    expect(roundTo(1.005)).toBe(1.01);
    expect(roundTo(-1.005)).toBe(-1.01);
    expect(roundTo(0.123456, 4)).toBe(0.1235);
  });

  it('should format with a fixed number of decimals', () => {
    expect(toFixedText(1)).toBe('1.00');
    expect(toFixedText('2.345')).toBe('2.35');
  });
});
