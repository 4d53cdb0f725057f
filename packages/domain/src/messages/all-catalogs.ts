import { enUS } from './en-US.js';
import { registerCatalog } from './format.js';
import { zhCN } from './zh-CN.js';

/**
 * Registers every language's texts with formatMessage: for the server, which answers each request in its
 * reader's language, and for the domain's and the server's tests (their vitest setup files). The web does
 * not import this module: it loads the language in use only (apps/web/src/i18n/domain-catalogs.ts).
 */
export function registerAllCatalogs(): void {
  registerCatalog('zh-CN', zhCN);
  registerCatalog('en-US', enUS);
}
