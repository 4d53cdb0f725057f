import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { FieldError } from '@cmp/domain';
import { ApiError } from './client';

/**
 * A sentence for the user: known error codes in their language (`errors:code.<code>`), otherwise the
 * server's own message, and a network hint when the request never reached the server.
 */
export function describeError(i18n: I18n, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'too_many_attempts' && error.retryAfter !== undefined) {
      return i18n.t('errors:tooManyAttemptsWait', { seconds: error.retryAfter });
    }
    const key = `errors:code.${error.code}`;
    return i18n.exists(key) ? i18n.t(key) : error.message;
  }
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return i18n.t('errors:network');
  if (error instanceof Error && error.message !== '') return error.message;
  return i18n.t('errors:unexpected');
}

const isFieldErrors = (details: unknown): details is FieldError[] =>
  Array.isArray(details) &&
  details.every((d) => typeof d === 'object' && d !== null && 'path' in d && 'message' in d);

/** Like describeError, plus the fields a 400 names, so the user sees which input to fix. */
export function describeErrorWithFields(i18n: I18n, error: unknown): string {
  const text = describeError(i18n, error);
  if (!(error instanceof ApiError) || !isFieldErrors(error.details) || error.details.length === 0)
    return text;
  return `${text} (${error.details.map((d) => `${d.path}: ${d.message}`).join('; ')})`;
}

export function useDescribeError(): (error: unknown) => string {
  const { i18n } = useTranslation();
  return useCallback((error: unknown) => describeError(i18n, error), [i18n]);
}
