import { enUS, type MessageKey } from './en-US.js';
import { zhCN } from './zh-CN.js';

export type Locale = 'zh-CN' | 'en-US';
export const LOCALES = ['zh-CN', 'en-US'] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** A rule's verdict as data, so the server and the web can render it in the reader's language. */
export interface RuleMessage {
  key: string;
  params?: Record<string, string | number>;
}

export type { MessageKey };

const CATALOGS: Record<Locale, Readonly<Record<string, string>>> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Builds a message whose key is checked against the catalogs at compile time. */
export function ruleMessage(key: MessageKey, params?: RuleMessage['params']): RuleMessage {
  return params === undefined ? { key } : { key, params };
}

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * An unknown key is returned as is, and a placeholder without a parameter is left in place, so a gap in a
 * catalog shows up on screen instead of hiding the message.
 */
export function formatMessage(locale: Locale, msg: RuleMessage): string {
  const template = CATALOGS[locale][msg.key] ?? msg.key;
  return template.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = msg.params?.[name];
    return value === undefined ? placeholder : String(value);
  });
}
