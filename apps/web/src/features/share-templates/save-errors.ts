import { useCallback } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '@cmp/domain';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';

const ruleKeyOf = (details: unknown): string | undefined =>
  typeof details === 'object' && details !== null && 'key' in details && typeof details.key === 'string'
    ? details.key
    : undefined;

const fieldErrorsOf = (details: unknown): FieldError[] =>
  Array.isArray(details)
    ? details.filter(
        (d): d is FieldError =>
          typeof d === 'object' && d !== null && typeof d.path === 'string' && typeof d.message === 'string',
      )
    : [];

/**
 * Turns a failed save into what the user sees: a refused rule at its field (`ruleFields`), the fields of a
 * 400 at theirs, and a stale version as a question to reload. Answers the message shown above the buttons.
 */
export function useSaveError(
  form: FormInstance,
  ruleFields: Readonly<Record<string, string>>,
  versionConflict: string,
  onReload: () => void,
): (error: unknown) => Error {
  const { t } = useTranslation('shareTemplates');
  const { modal } = App.useApp();
  const describe = useDescribeError();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return new Error(describe(error));
      const ruleKey = ruleKeyOf(error.details);
      if (ruleKey === versionConflict) {
        modal.confirm({
          title: t('editor.conflictTitle'),
          content: error.message,
          okText: t('editor.reload'),
          cancelText: t('editor.keepEditing'),
          onOk: onReload,
        });
        return new Error(error.message);
      }
      const field = ruleKey === undefined ? undefined : ruleFields[ruleKey];
      if (field) {
        form.setFields([{ name: field, errors: [error.message] }]);
        return new Error(error.message);
      }
      const details = error.status === 400 ? fieldErrorsOf(error.details) : [];
      if (details.length === 0) return new Error(describe(error));
      const byField = new Map<string, string[]>();
      for (const detail of details) {
        const name = detail.path.replace(/^body\./, '').split('.')[0] ?? detail.path;
        byField.set(name, [...(byField.get(name) ?? []), detail.message]);
      }
      form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
      return new Error(t('editor.invalid'));
    },
    [t, modal, describe, form, ruleFields, versionConflict, onReload],
  );
}
