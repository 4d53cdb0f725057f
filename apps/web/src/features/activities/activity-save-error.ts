import { useCallback } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActivityFields } from '@cmp/domain/activities/activity-contracts';
import { formatMessage, type RuleMessage } from '@cmp/domain/messages/format';
import type { FieldRuleMessage } from '@cmp/domain/shared/zod-issues';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { editorFieldOf, type FieldName } from './activity-editor-values';

type ServerFieldError = { path: string; message: string; key?: string; params?: RuleMessage['params'] };
const isServerFieldError = (d: unknown): d is ServerFieldError =>
  typeof d === 'object' && d !== null && 'path' in d && typeof d.path === 'string' && 'message' in d;

/** A refused save's field problems in the domain's shape, or none when it was refused for another reason. */
const serverProblems = (error: unknown): FieldRuleMessage[] =>
  error instanceof ApiError && error.status === 400 && Array.isArray(error.details)
    ? error.details.filter(isServerFieldError).map((detail) => ({
        path: detail.path,
        message: detail.key
          ? ({ key: detail.key, params: detail.params } as RuleMessage)
          : ({ key: 'form.invalidInput' } as RuleMessage),
      }))
    : [];

/**
 * Marks each field a problem names, whether the domain's checks found it before sending or the server's
 * 400 details after, with the catalog's words, and gives the form one message naming the problems of
 * fields it does not show. Any other refusal (409 stale version, 422 rule) is described as it is.
 */
export function useActivityFieldErrors(form: FormInstance): {
  problemsError: (problems: FieldRuleMessage[], sent: ActivityFields) => Error;
  saveError: (error: unknown, sent: ActivityFields) => Error;
} {
  const { t } = useTranslation('activities');
  const describe = useDescribeError();
  const locale = useDomainLocale();
  const problemsError = useCallback(
    (problems: FieldRuleMessage[], sent: ActivityFields) => {
      const shown = new Map<string, { name: FieldName; errors: string[] }>();
      const unshown: string[] = [];
      for (const problem of problems) {
        const text = formatMessage(locale, problem.message);
        const name = editorFieldOf(problem.path, sent, problem.message.params);
        if (!name) {
          unshown.push(text);
          continue;
        }
        const key = name.join('.');
        const entry = shown.get(key) ?? { name, errors: [] };
        if (!entry.errors.includes(text)) entry.errors.push(text);
        shown.set(key, entry);
      }
      form.setFields([...shown.values()]);
      return new Error([t('editor.invalid'), ...new Set(unshown)].join(' '));
    },
    [t, locale, form],
  );
  const saveError = useCallback(
    (error: unknown, sent: ActivityFields) => {
      const problems = serverProblems(error);
      return problems.length > 0 ? problemsError(problems, sent) : new Error(describe(error));
    },
    [problemsError, describe],
  );
  return { problemsError, saveError };
}
