import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { resources, NAMESPACES } from './resources';
import { DEFAULT_LANGUAGE, storedLanguage, storeLanguage, type Language } from './languages';

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

function followLanguage(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
  document.documentElement.lang = language;
  document.title = i18n.t('shell:productTitle', { lng: language });
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  ns: NAMESPACES,
  defaultNS: 'common',
  // Resources are bundled, so initialising synchronously lets the first render already speak the language.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
followLanguage(i18n.language as Language);

/** Switches the portal's language, remembers it for the next visit, and moves dates and antd along. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  followLanguage(language);
  await i18n.changeLanguage(language);
}

export { i18n };
