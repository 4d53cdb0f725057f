import { ruleMessage, type RuleMessage } from '../messages/format.js';

/** The only length limits the forms offer; a new limit is a spec change, not a call-site choice. */
export const MAX_LENGTHS = [10, 16, 17, 32, 64, 128, 255, 512, 1024] as const;
export type MaxLength = (typeof MAX_LENGTHS)[number];
export const DEFAULT_MAX_NUMBER = 100;

const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;

/**
 * A phone number as stations and operators print it (docs/decisions.md "Input rules"): digits, an optional
 * leading +, and -, spaces and brackets between them (`400-820-5555`, `(021) 6123 4567`, `+86 10 1234 5678`),
 * optionally followed by an extension after 转, ext or x (`010-12345678转123`). Three to twenty digits before
 * the extension, so short hotlines such as 95598 pass and a stray digit in text does not.
 */
const PHONE_PATTERN = /^(\+?[\d\s()-]+?)(?:\s*(?:转|ext\.?|x)\s*(\d{1,6}))?$/i;

export function isPhoneNumber(value: string): boolean {
  const match = PHONE_PATTERN.exec(value.trim());
  const digits = match?.[1]?.replace(/\D/g, '').length ?? 0;
  return digits >= 3 && digits <= 20;
}

/** Empty means nothing was entered: no value, only blanks, or no item chosen in a multiple select. */
export function isEmptyInput(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export function checkRequired(value: unknown): RuleMessage | undefined {
  return isEmptyInput(value) ? ruleMessage('form.required') : undefined;
}

// The checkers below pass empty input: whether a field may be empty is checkRequired's decision alone.

export function checkNumber(value: unknown): RuleMessage | undefined {
  if (isEmptyInput(value)) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : ruleMessage('form.number');
  return typeof value === 'string' && NUMBER_PATTERN.test(value.trim())
    ? undefined
    : ruleMessage('form.number');
}

export function checkMaxLength(value: unknown, n: MaxLength): RuleMessage | undefined {
  if (isEmptyInput(value)) return undefined;
  return String(value).length > n ? ruleMessage('form.maxLength', { max: n }) : undefined;
}

/** Text that is not a number is left to checkNumber, so a field reports one problem at a time. */
export function checkMaxNumber(value: unknown, n: number = DEFAULT_MAX_NUMBER): RuleMessage | undefined {
  if (isEmptyInput(value) || checkNumber(value) !== undefined) return undefined;
  return Number(value) > n ? ruleMessage('form.maxNumber', { max: n }) : undefined;
}

export function checkPhone(value: unknown): RuleMessage | undefined {
  if (isEmptyInput(value)) return undefined;
  return typeof value === 'string' && isPhoneNumber(value) ? undefined : ruleMessage('form.phone');
}
