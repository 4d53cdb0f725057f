import { useMemo } from 'react';
import type { FormRule } from 'antd';
import { formatMessage, ruleMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import {
  checkMaxLength,
  checkMaxNumber,
  checkNumber,
  checkPhone,
  checkRequired,
  type MaxLength,
} from '@cmp/domain/shared/form-rules';
import { useDomainLocale } from '../i18n/use-domain-locale';

export interface FormRules {
  required: () => FormRule;
  number: () => FormRule;
  maxLength: (max: MaxLength) => FormRule;
  /** Numbers above `max` (100 unless given) are refused. */
  maxNumber: (max?: number) => FormRule;
  /**
   * A number from `min` to `max` (both included), optionally whole. Number inputs get no min/max of their
   * own for this: antd would quietly clamp 301 to 300 instead of saying it is too big.
   */
  range: (min: number, max: number, options?: { integer?: boolean }) => FormRule;
  /** A phone number as `isPhoneNumber` of the domain takes it (the server's `optionalPhone`). */
  phone: () => FormRule;
}

function checkRange(value: unknown, min: number, max: number, integer: boolean): RuleMessage | undefined {
  if (typeof value !== 'number') return undefined;
  if (integer && !Number.isInteger(value)) return ruleMessage('form.integer');
  if (value < min) return ruleMessage('form.minNumber', { min });
  if (value > max) return ruleMessage('form.maxNumber', { max });
  return undefined;
}

/**
 * antd rules backed by the domain's checks, so the web refuses exactly what the server refuses and says
 * it with the catalog's words. Each rule is a validator rather than antd's built-ins (`max`, `pattern`),
 * whose own messages and notion of "empty" differ from the spec's.
 */
export function formRules(locale: Locale): FormRules {
  const rule = (check: (value: unknown) => RuleMessage | undefined, required = false): FormRule => ({
    required,
    validator: async (_rule, value: unknown) => {
      const problem = check(value);
      if (problem) throw new Error(formatMessage(locale, problem));
    },
  });
  return {
    required: () => rule(checkRequired, true),
    number: () => rule(checkNumber),
    maxLength: (max) => rule((value) => checkMaxLength(value, max)),
    maxNumber: (max) => rule((value) => checkMaxNumber(value, max)),
    range: (min, max, { integer = false } = {}) => rule((value) => checkRange(value, min, max, integer)),
    phone: () => rule(checkPhone),
  };
}

/** The shared rules in the language the portal shows. */
export function useFormRules(): FormRules {
  const locale = useDomainLocale();
  return useMemo(() => formRules(locale), [locale]);
}
