import type { MessageKey } from './en-US.js';

export type Locale = 'zh-CN' | 'en-US';
export const LOCALES = ['zh-CN', 'en-US'] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** A rule's verdict as data, so the server and the web can render it in the reader's language. */
export interface RuleMessage {
  key: string;
  params?: Record<string, string | number>;
}

export type { MessageKey };

/** One language's texts: every key the English catalog defines (en-US.ts), checked at compile time. */
export type MessageCatalog = Readonly<Record<MessageKey, string>>;

/**
 * The catalogs this program speaks. This module imports neither on purpose: the server registers both
 * (all-catalogs.ts, it answers each request in its reader's language), the web only the language in use, loaded
 * when that language is chosen (apps/web/src/i18n/domain-catalogs.ts), so a page never downloads the other's.
 */
const CATALOGS = new Map<Locale, Readonly<Record<string, string>>>();

/** Makes a language's texts available to formatMessage; registering a language again replaces its texts. */
export function registerCatalog(locale: Locale, catalog: MessageCatalog): void {
  CATALOGS.set(locale, catalog);
}

/** Whether formatMessage can speak `locale` yet. */
export const hasCatalog = (locale: Locale): boolean => CATALOGS.has(locale);

/**
 * Formatting in a language whose catalog was never registered is a mistake of the program (a page rendered
 * before its language loaded, a process that did not register the catalogs), not a gap in a catalog: outside
 * production it throws, so it is met at once rather than as message keys on screen. A production build names
 * it once in the console and shows the keys rather than breaking the screen.
 */
const reportedMissing = new Set<Locale>();
function catalogOf(locale: Locale): Readonly<Record<string, string>> | undefined {
  const catalog = CATALOGS.get(locale);
  if (catalog) return catalog;
  const problem = `no message catalog registered for ${locale} (registered: ${[...CATALOGS.keys()].join(', ') || 'none'})`;
  if (process.env.NODE_ENV !== 'production') throw new Error(problem);
  if (!reportedMissing.has(locale)) console.error(problem);
  reportedMissing.add(locale);
  return undefined;
}

/**
 * Whether `key` names a text of the catalogs. Every catalog holds the same keys (catalogs.test.ts), so any
 * registered one answers; with none registered this fails as formatMessage does.
 */
export function isMessageKey(key: string): key is MessageKey {
  const catalog = CATALOGS.values().next().value ?? catalogOf(DEFAULT_LOCALE);
  return catalog !== undefined && Object.hasOwn(catalog, key);
}

/** Builds a message whose key is checked against the catalogs at compile time. */
export function ruleMessage(key: MessageKey, params?: RuleMessage['params']): RuleMessage {
  return params === undefined ? { key } : { key, params };
}

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * An unknown key is returned as is, and a placeholder without a parameter is left in place, so a gap in a
 * catalog shows up on screen instead of hiding the message. The locale's catalog must be registered.
 */
export function formatMessage(locale: Locale, msg: RuleMessage): string {
  const template = catalogOf(locale)?.[msg.key] ?? msg.key;
  return template.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = msg.params?.[name];
    return value === undefined ? placeholder : String(value);
  });
}

/**
 * Labels as `{ value: text }` in a language, from `{ value: message key }`: for a page that needs a few
 * enumerations' labels without the registry of them all (messages/enumerations.ts).
 */
export function labelTexts(locale: Locale, labels: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(labels).map(([value, key]) => [value, formatMessage(locale, { key })]),
  );
}
