import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { ERROR_CODES, type FieldError } from '@cmp/domain';
import { formatMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import { ApiError } from './client';

/** Where field labels live, searched in this order; the first namespace that names the field wins. */
const FIELD_NAMESPACES = [
  'stations',
  'stationDetail',
  'worksheets',
  'roadBooks',
  'admin',
  'comments',
  'operators',
] as const;
/** Parts of a validation path that say where the value was sent, not which field it is. */
const REQUEST_PARTS = new Set(['body', 'querystring', 'params', 'headers']);

type DetailedFieldError = FieldError & { key?: string; params?: RuleMessage['params'] };

const isFieldErrors = (details: unknown): details is DetailedFieldError[] =>
  Array.isArray(details) &&
  details.every((d) => typeof d === 'object' && d !== null && 'path' in d && 'message' in d);

const isRule = (details: unknown): details is RuleMessage =>
  typeof details === 'object' &&
  details !== null &&
  !Array.isArray(details) &&
  typeof (details as RuleMessage).key === 'string';

const localeOf = (i18n: I18n): Locale =>
  (i18n.resolvedLanguage ?? i18n.language)?.startsWith('en') ? 'en-US' : 'zh-CN';

/**
 * The label of the field a validation path names (`querystring.resourceType.0` → 站点类型), or undefined
 * when no screen names it: a reader is never shown the path itself.
 */
export function fieldLabel(i18n: I18n, path: string): string | undefined {
  const field = path
    .split('.')
    .filter((part) => !REQUEST_PARTS.has(part) && !/^\d+$/.test(part))
    .at(-1);
  if (!field) return undefined;
  const ns = FIELD_NAMESPACES.find((namespace) => i18n.exists(`${namespace}:field.${field}`));
  return ns ? i18n.t(`${ns}:field.${field}`) : undefined;
}

/**
 * Each refused field as "label: problem" in the reader's language. The server sends the rule's key with
 * its parameters, so the text follows the language the user chose rather than the one the request named.
 */
function fieldProblems(i18n: I18n, details: readonly DetailedFieldError[]): string[] {
  const locale = localeOf(i18n);
  const problems = details.map((detail) => {
    const label = fieldLabel(i18n, detail.path);
    const problem = detail.key
      ? formatMessage(locale, { key: detail.key, ...(detail.params ? { params: detail.params } : {}) })
      : formatMessage(locale, { key: 'form.invalidInput' });
    return label ? i18n.t('errors:fieldProblem', { field: label, problem }) : problem;
  });
  return [...new Set(problems)];
}

/**
 * A sentence for the user: known error codes in their language (`errors:code.<code>`), the fields a
 * refused request names by their labels, otherwise the server's own message, and a network hint when the
 * request never reached the server.
 */
export function describeError(i18n: I18n, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'too_many_attempts' && error.retryAfter !== undefined) {
      return i18n.t('errors:tooManyAttemptsWait', { seconds: error.retryAfter });
    }
    if (error.code === ERROR_CODES.validation && isFieldErrors(error.details) && error.details.length > 0) {
      return i18n.t('errors:invalidFields', {
        problems: fieldProblems(i18n, error.details).join(i18n.t('errors:problemSeparator')),
      });
    }
    // A refusal that names its rule (a taken code, a stale version, an unknown owner) says that rule.
    if (isRule(error.details)) return formatMessage(localeOf(i18n), error.details);
    const key = `errors:code.${error.code}`;
    return i18n.exists(key) ? i18n.t(key) : error.message;
  }
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return i18n.t('errors:network');
  if (error instanceof Error && error.message !== '') return error.message;
  return i18n.t('errors:unexpected');
}

/** Kept for the forms that ask for it by name; describeError names the refused fields for every caller. */
export const describeErrorWithFields = describeError;

export function useDescribeError(): (error: unknown) => string {
  const { i18n } = useTranslation('errors');
  return useCallback((error: unknown) => describeError(i18n, error), [i18n]);
}
