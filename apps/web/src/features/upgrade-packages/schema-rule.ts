import { useMemo } from 'react';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { formatMessage } from '@cmp/domain/messages/format';
import { ruleMessageOfIssue } from '@cmp/domain/shared/zod-issues';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';

/**
 * A form rule that checks a field with the domain's own schema of it, so the form refuses exactly what the
 * server refuses, in the catalog's words. An empty field is left to the `required` rule.
 */
export function useSchemaRule(schema: z.ZodType): FormRule {
  const locale = useDomainLocale();
  return useMemo<FormRule>(
    () => ({
      validator: async (_rule, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        const parsed = schema.safeParse(value);
        if (!parsed.success)
          throw new Error(formatMessage(locale, ruleMessageOfIssue(parsed.error.issues[0]!)));
      },
    }),
    [schema, locale],
  );
}
