import { useMemo } from 'react';
import type { FormRule } from 'antd';
import { formatMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import {
  checkMaxLength,
  checkMaxNumber,
  checkNumber,
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
  };
}

/** The shared rules in the language the portal shows. */
export function useFormRules(): FormRules {
  const locale = useDomainLocale();
  return useMemo(() => formRules(locale), [locale]);
}
