import { divide, multiply, roundTo, type DecimalInput } from './decimal.js';

/** Money travels in integer cents (fen) so no amount is ever a float on the wire. */
export const toCents = (yuan: DecimalInput): number => roundTo(multiply(yuan, 100), 0);
export const fromCents = (cents: DecimalInput): number => divide(cents, 100);

/** Forms take percentages (85 for 85 %); the services take ratios rounded to 2 decimals (0.85). */
export const percentToRatio = (percent: DecimalInput): number => roundTo(divide(percent, 100), 2);
export const ratioToPercent = (ratio: DecimalInput): number => multiply(ratio, 100);
