import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { loadDomainCatalog } from './domain-catalogs';
import { BOOT_NAMESPACES, loadCatalog, NAMESPACES } from './resources';
import { isLanguage, LANGUAGES, storedLanguage, storeLanguage, type Language } from './languages';

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** Loads the texts a page asks for from their own chunk, in the language in use only. */
const catalogBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    if (!isLanguage(language)) return callback(new Error(`unsupported language ${language}`), false);
    loadCatalog(language, namespace).then(
      (catalog) => callback(null, catalog),
      (error: Error) => callback(error, false),
    );
  },
};

function followLanguage(language: string): void {
  if (!isLanguage(language)) return;
  dayjs.locale(DAYJS_LOCALES[language]);
  document.documentElement.lang = language;
  document.title = i18n.t('shell:productTitle', { lng: language });
}

i18n.on('languageChanged', followLanguage);
i18n.on('loaded', () => followLanguage(i18n.language));

const startLanguage = storedLanguage();

/**
 * Resolves when the domain's texts (rule messages, enumeration labels) of the language the portal starts in
 * are in: main.tsx renders nothing before, so no screen paints a message key. A language switch loads the new
 * language's with its namespaces (resources.ts).
 */
export const domainTextsReady = loadDomainCatalog(startLanguage);

/**
 * Resolves when the boot namespaces of the stored language are in. Screens that need more ask for their
 * namespaces through useTranslation (the staff area loads them all with its route, see the router).
 */
export const i18nReady = i18n
  .use(catalogBackend)
  .use(initReactI18next)
  .init({
    lng: startLanguage,
    supportedLngs: LANGUAGES,
    // Both catalogs hold the same keys (catalogs.test.ts), so there is nothing to fall back to; a fallback
    // would download the other language's texts on every page.
    fallbackLng: false,
    load: 'currentOnly',
    ns: BOOT_NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** Every namespace of the language in use: the staff area's screens need them. */
export const loadAllNamespaces = () => i18n.loadNamespaces([...NAMESPACES]);

/** Switches the portal's language, remembers it for the next visit, and moves dates and antd along. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

export { i18n };
