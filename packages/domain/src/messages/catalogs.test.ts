import { describe, expect, it } from 'vitest';
import { enUS } from './en-US.js';
import { zhCN } from './zh-CN.js';

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();

describe('message catalogs', () => {
  it('should have exactly the same keys in zh-CN and en-US', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
  });

  it('should use the same placeholders in both languages', () => {
    for (const [key, english] of Object.entries(enUS)) {
      expect({ key, params: placeholders(zhCN[key as keyof typeof enUS]) }).toEqual({
        key,
        params: placeholders(english),
      });
    }
  });

  it('should have no empty text', () => {
    const empty = [...Object.entries(enUS), ...Object.entries(zhCN)].filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });
});
