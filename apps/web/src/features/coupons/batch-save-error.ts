import { useCallback } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMessage, type RuleMessage } from '@cmp/domain/messages/format';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';

type ServerFieldError = { path: string; message: string; key?: string; params?: RuleMessage['params'] };
const isServerFieldError = (d: unknown): d is ServerFieldError =>
  typeof d === 'object' && d !== null && 'path' in d && typeof d.path === 'string' && 'message' in d;

/**
 * Marks each field a refused save names (400 details, mapped by `fieldOf`) with the catalog's words and
 * gives the form one message; fields the form does not show are named in that message. Anything else is
 * described as it is.
 */
export function useFieldErrors(
  form: FormInstance,
  fieldOf: (path: string) => string | undefined,
): (error: unknown) => Error {
  const { t } = useTranslation('coupons');
  const describe = useDescribeError();
  const locale = useDomainLocale();
  return useCallback(
    (error: unknown) => {
      const details =
        error instanceof ApiError && error.status === 400 && Array.isArray(error.details)
          ? error.details.filter(isServerFieldError)
          : [];
      if (details.length === 0) return new Error(describe(error));
      const shown = new Map<string, string[]>();
      const unshown: string[] = [];
      for (const detail of details) {
        const text = detail.key
          ? formatMessage(locale, { key: detail.key, params: detail.params } as RuleMessage)
          : detail.message;
        const field = fieldOf(detail.path);
        if (field) shown.set(field, [...(shown.get(field) ?? []), text]);
        else unshown.push(text);
      }
      form.setFields([...shown].map(([name, errors]) => ({ name, errors })));
      return new Error([t('editor.invalid'), ...unshown].join(' '));
    },
    [t, describe, locale, form, fieldOf],
  );
}
