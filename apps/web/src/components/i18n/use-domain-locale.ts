import { useTranslation } from 'react-i18next';
import type { Locale } from '@cmp/domain/messages/format';

/**
 * Rule and label texts owned by the domain catalogs are formatted in the language i18next resolved, so one
 * language switch changes both our own strings and the domain's. Anything not English reads as Chinese, the
 * portal's default.
 */
export function useDomainLocale(): Locale {
  const { i18n } = useTranslation('components');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return language?.startsWith('en') ? 'en-US' : 'zh-CN';
}
