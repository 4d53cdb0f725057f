import { ruleMessage, type RuleMessage } from '../messages/format.js';
import { checkNumber } from '../shared/form-rules.js';
import { percentToRatio, ratioToPercent } from '../shared/money.js';

export interface NumericTagLimits {
  /** The tag group's name, which the below-minimum message starts with. */
  groupName: string;
  min?: number;
  max?: number;
}

export function checkNumericTag(value: number | string, limits: NumericTagLimits): RuleMessage | undefined {
  const notNumber = checkNumber(value);
  if (notNumber) return notNumber;
  const number = Number(value);
  if (limits.min !== undefined && number < limits.min) {
    return ruleMessage('tag.belowMin', { group: limits.groupName, min: limits.min });
  }
  if (limits.max !== undefined && number > limits.max)
    return ruleMessage('tag.aboveMax', { max: limits.max });
  return undefined;
}

/** Maximum charging current a station delivers, in amperes. */
export const CHARGING_SPEED_TAG = { unit: 'A', min: 1, max: 350 } as const;

const FIRST_NUMBER = /\d+(?:\.\d+)?/;

/**
 * The fault-ratio ceiling is configured in the tag's tooltip text (for example "at most 30%") rather than
 * in its metadata, so it is read from there; without a number there is no ceiling.
 */
export function faultRatioLimits(tooltip: string | undefined): { min: 0; max?: number } {
  const match = tooltip === undefined ? null : FIRST_NUMBER.exec(tooltip);
  return match ? { min: 0, max: Number(match[0]) } : { min: 0 };
}

/** Staff enter the fault ratio as a percentage; the tag stores a ratio with 2 decimals. */
export const faultRatioToTagValue = (percent: number | string): string => String(percentToRatio(percent));
export const faultRatioFromTagValue = (tagValue: string): number => ratioToPercent(tagValue);
