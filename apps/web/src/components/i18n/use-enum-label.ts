import { useCallback } from 'react';
import { enumLabel, type EnumerationName } from '@cmp/domain/messages/enumerations';
import { useDomainLocale } from './use-domain-locale';

export type EnumLabel = (
  name: EnumerationName,
  value: string | number | null | undefined,
  fallback?: string,
) => string;

/**
 * Names an enumeration value in the reader's language from the domain's one catalogue of labels, so a
 * screen never shows a code such as `free_while_charging` or connector type `4`.
 */
export function useEnumLabel(): EnumLabel {
  const locale = useDomainLocale();
  return useCallback<EnumLabel>(
    (name, value, fallback) => enumLabel(locale, name, value, fallback),
    [locale],
  );
}
