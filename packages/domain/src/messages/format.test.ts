import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMessage, isMessageKey, ruleMessage } from './format.js';
import { zhCN } from './zh-CN.js';

/** format.ts with an empty registry: the tests' setup registers both languages in the one they import. */
const freshFormat = async () => {
  vi.resetModules();
  return import('./format.js');
};

describe('formatMessage', () => {
  it('should fill placeholders in English', () => {
    expect(formatMessage('en-US', { key: 'form.maxLength', params: { max: 32 } })).toBe(
      'Enter at most 32 characters',
    );
  });

  it('should fill placeholders in Chinese', () => {
    expect(formatMessage('zh-CN', { key: 'form.maxLength', params: { max: 32 } })).toBe(
      '输入长度不能超过32个字符',
    );
  });

  it('should ignore parameters the text does not use', () => {
    expect(formatMessage('en-US', { key: 'time.overlap', params: { range: 2 } })).toBe(
      'Time ranges must not overlap',
    );
  });

  it('should leave a placeholder without a parameter in place', () => {
    expect(formatMessage('en-US', { key: 'form.maxNumber' })).toBe('Enter a number no greater than {max}');
  });

  it('should show an unknown key as is', () => {
    expect(formatMessage('zh-CN', { key: 'no.such.key' })).toBe('no.such.key');
  });
});

describe('the catalog registry', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('should refuse to format in a language whose catalog was never registered', async () => {
    const format = await freshFormat();
    format.registerCatalog('zh-CN', zhCN);

    expect(format.formatMessage('zh-CN', { key: 'form.required' })).toBe('输入不能为空');
    expect(format.hasCatalog('en-US')).toBe(false);
    expect(() => format.formatMessage('en-US', { key: 'form.required' })).toThrow(
      'no message catalog registered for en-US (registered: zh-CN)',
    );
  });

  it('should show the keys in production, naming the missing catalog once in the console', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    const format = await freshFormat();

    expect(format.formatMessage('en-US', { key: 'form.maxNumber', params: { max: 3 } })).toBe(
      'form.maxNumber',
    );
    expect(format.formatMessage('en-US', { key: 'form.required' })).toBe('form.required');
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith('no message catalog registered for en-US (registered: none)');
  });

  it('should tell a catalog key from any other text', () => {
    expect(isMessageKey('form.required')).toBe(true);
    expect(isMessageKey('Invalid option: expected one of "a"|"b"')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });
});

describe('ruleMessage', () => {
  it('should omit params when none are given', () => {
    expect(ruleMessage('form.required')).toEqual({ key: 'form.required' });
  });

  it('should carry the params', () => {
    expect(ruleMessage('form.maxNumber', { max: 300 })).toEqual({
      key: 'form.maxNumber',
      params: { max: 300 },
    });
  });
});
