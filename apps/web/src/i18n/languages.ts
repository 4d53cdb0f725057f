export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const STORAGE_KEY = 'cmp.language';

export function storedLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
}

/** Whether the reader chose a language in the portal. */
export const hasStoredLanguage = (): boolean => isLanguage(localStorage.getItem(STORAGE_KEY));

/** The first of the browser's languages the portal speaks (any Chinese reads zh-CN, any English en-US). */
export function browserLanguage(): Language | undefined {
  for (const tag of navigator.languages.length > 0 ? navigator.languages : [navigator.language]) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en-US';
  }
  return undefined;
}
