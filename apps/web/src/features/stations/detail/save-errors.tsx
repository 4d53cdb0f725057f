import { useCallback } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '@cmp/domain';
import { ApiError } from '../../../api/client';
import { describeError } from '../../../api/describe-error';

const fieldErrorsOf = (details: unknown): FieldError[] =>
  Array.isArray(details)
    ? details.filter(
        (d): d is FieldError =>
          typeof d === 'object' && d !== null && typeof d.path === 'string' && typeof d.message === 'string',
      )
    : [];

/** `body.electricityFee.1.start` → `electricityFee`: each editor of the form is one field. */
const requestFieldOf = (path: string): string => path.replace(/^body\./, '').split('.')[0] ?? path;

export interface SaveErrorOptions {
  /** The form whose fields show the server's complaints. */
  form: FormInstance;
  /** The form field showing a request field; leave out the ones the form does not show. */
  fieldOf: (requestField: string) => string | undefined;
  /** Loads the station again after someone else changed it. */
  onReload: () => void;
}

/**
 * Turns a failed save into what the user sees. A 400 marks each field the server named and says so above
 * the buttons (listing the ones the form does not show); a version conflict (409) says someone else changed
 * the station and offers to reload it; a broken rule (422) and anything else show the server's message.
 * The returned Error is what the EntityForm shows.
 */
export function useSaveError({ form, fieldOf, onReload }: SaveErrorOptions): (error: unknown) => Error {
  const { t, i18n } = useTranslation('stationDetail');
  const { modal } = App.useApp();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return new Error(describeError(i18n, error));
      if (error.status === 409) {
        modal.confirm({
          title: t('save.conflictTitle'),
          content: error.message,
          okText: t('save.reload'),
          cancelText: t('save.keepEditing'),
          onOk: onReload,
        });
        return new Error(error.message);
      }
      const details = error.status === 400 ? fieldErrorsOf(error.details) : [];
      if (details.length === 0) return new Error(describeError(i18n, error));
      const shown = new Map<string, string[]>();
      const unshown: string[] = [];
      for (const detail of details) {
        const field = fieldOf(requestFieldOf(detail.path));
        if (field) shown.set(field, [...(shown.get(field) ?? []), detail.message]);
        else unshown.push(`${requestFieldOf(detail.path)}: ${detail.message}`);
      }
      form.setFields([...shown].map(([name, errors]) => ({ name, errors })));
      return new Error([t('save.invalid'), ...unshown].join(' '));
    },
    [t, i18n, modal, form, fieldOf, onReload],
  );
}
