import { describe, expect, it } from 'vitest';
import enUS from './en-US';
import zhCN from './zh-CN';

const keysOf = (catalog: object, prefix = ''): string[] =>
  Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('components catalogs', () => {
  it('should define the same keys in Chinese and English', () => {
    expect(keysOf(enUS).sort()).toEqual(keysOf(zhCN).sort());
  });
});
