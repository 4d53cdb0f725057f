import { describe, expect, it } from 'vitest';
import { formatMessage, ruleMessage } from './format.js';

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
