import { hasCatalog } from '@cmp/domain/messages/format';
import type { Language } from './languages';

// One chunk per language, each registering its texts with the domain's formatMessage as it loads: a reader
// of Chinese never downloads the English rule messages and labels, nor the other way round (the server, which
// answers in both, registers both: packages/domain/src/messages/all-catalogs.ts).
const DOMAIN_CATALOGS: Record<Language, () => Promise<unknown>> = {
  'zh-CN': () => import('./domain/zh-CN'),
  'en-US': () => import('./domain/en-US'),
};

const loading = new Map<Language, Promise<void>>();

/**
 * Loads the domain's texts of `language` once (formatMessage, ruleMessage's texts, enumLabel). Every namespace
 * of that language waits for them (resources.ts), so a language switch re-renders only once they are in, and
 * the first render waits for those of the language the portal starts in (main.tsx).
 */
export function loadDomainCatalog(language: Language): Promise<void> {
  let loaded = loading.get(language);
  if (!loaded) {
    loaded = DOMAIN_CATALOGS[language]().then(() => {
      // A chunk that failed to download resolves empty when main.tsx's handler reloads the page instead.
      if (!hasCatalog(language)) throw new Error(`the domain's ${language} texts did not load`);
    });
    // A failed download is tried again by the next caller.
    loaded.catch(() => loading.delete(language));
    loading.set(language, loaded);
  }
  return loaded;
}
