import Decimal from 'decimal.js';

/** Numbers as entered (`'0.1'`) or as sent (`0.1`); strings avoid a binary float before the exact maths. */
export type DecimalInput = number | string;

// Binary floats turn 0.1 + 0.2 into 0.30000000000000004 and 1.15 × 100 into 114.99999999999999, which
// would show on screen and, for money, put a wrong cent on the wire.

export const add = (a: DecimalInput, b: DecimalInput): number => new Decimal(a).plus(b).toNumber();
export const subtract = (a: DecimalInput, b: DecimalInput): number => new Decimal(a).minus(b).toNumber();
export const multiply = (a: DecimalInput, b: DecimalInput): number => new Decimal(a).times(b).toNumber();
export const divide = (a: DecimalInput, b: DecimalInput): number => new Decimal(a).dividedBy(b).toNumber();

/** Half away from zero, the rounding staff expect from a receipt (1.005 → 1.01). */
export const roundTo = (value: DecimalInput, places = 2): number =>
  new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();

export const toFixedText = (value: DecimalInput, places = 2): string =>
  new Decimal(value).toFixed(places, Decimal.ROUND_HALF_UP);
