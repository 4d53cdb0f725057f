import { useMemo } from 'react';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { formatMessage } from '@cmp/domain/messages/format';
import { ruleMessageOfIssue } from '@cmp/domain/shared/zod-issues';
import { useDomainLocale } from '../i18n/use-domain-locale';

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * antd rules that run the API contract itself, so a form refuses exactly what the server would and in the
 * catalog's words. `toRequest` turns the form's values into the request; a field's rule reports the
 * contract's issues at the request paths the field stands for (a date range stands for two).
 */
export function useSchemaRules<V>(
  schema: z.ZodType,
  toRequest: (values: V) => unknown,
): (paths: string[], options?: { required?: boolean }) => FormRule[] {
  const locale = useDomainLocale();
  return useMemo(
    () =>
      (paths, options = {}) => [
        ({ getFieldsValue }) => ({
          required: options.required ?? false,
          validator: async (_rule, value: unknown) => {
            // Emptiness is judged on the control's own value: the request may stand in for an empty control
            // with a value (an empty date range) whose contract issue would not say "required".
            if (isEmpty(value)) {
              if (options.required) throw new Error(formatMessage(locale, { key: 'form.required' }));
              return;
            }
            const result = schema.safeParse(toRequest(getFieldsValue(true) as V));
            if (result.success) return;
            const issue = result.error.issues.find((i) => paths.includes(i.path.join('.')));
            if (issue) throw new Error(formatMessage(locale, ruleMessageOfIssue(issue)));
          },
        }),
      ],
    [schema, toRequest, locale],
  );
}
