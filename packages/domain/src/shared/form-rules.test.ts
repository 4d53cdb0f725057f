import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import {
  checkMaxLength,
  checkMaxNumber,
  checkNumber,
  checkRequired,
  DEFAULT_MAX_NUMBER,
  MAX_LENGTHS,
} from './form-rules.js';

describe('form rule constants', () => {
  it('should offer the spec length limits and a default maximum of 100', () => {
    expect(MAX_LENGTHS).toEqual([10, 16, 17, 32, 64, 128, 255, 512, 1024]);
    expect(DEFAULT_MAX_NUMBER).toBe(100);
  });
});

describe('checkRequired', () => {
  it.each([undefined, null, '', '   ', []])('should reject %j as empty', (value) => {
    expect(checkRequired(value)).toEqual({ key: 'form.required' });
  });

  it.each(['a', 0, false, ['x']])('should accept %j', (value) => {
    expect(checkRequired(value)).toBeUndefined();
  });

  it('should read input cannot be empty', () => {
    const msg = checkRequired('')!;
    expect(formatMessage('en-US', msg)).toBe('This field is required');
    expect(formatMessage('zh-CN', msg)).toBe('输入不能为空');
  });
});

describe('checkNumber', () => {
  it.each(['12', '-3', '0.5', ' 7 ', 42, ''])('should accept %j', (value) => {
    expect(checkNumber(value)).toBeUndefined();
  });

  it.each(['1a', '1.', '.5', 'abc', Number.NaN, true])('should reject %j', (value) => {
    expect(checkNumber(value)).toEqual({ key: 'form.number' });
  });

  it('should read input must be a number', () => {
    const msg = checkNumber('x')!;
    expect(formatMessage('en-US', msg)).toBe('Enter a number');
    expect(formatMessage('zh-CN', msg)).toBe('输入必须为数字');
  });
});

describe('checkMaxLength', () => {
  it('should accept exactly the limit', () => {
    expect(checkMaxLength('a'.repeat(10), 10)).toBeUndefined();
  });

  it('should reject one character over the limit', () => {
    expect(checkMaxLength('a'.repeat(33), 32)).toEqual({ key: 'form.maxLength', params: { max: 32 } });
  });

  it('should read input length cannot exceed N characters', () => {
    const msg = checkMaxLength('a'.repeat(1025), 1024)!;
    expect(formatMessage('en-US', msg)).toBe('Enter at most 1024 characters');
    expect(formatMessage('zh-CN', msg)).toBe('输入长度不能超过1024个字符');
  });
});

describe('checkMaxNumber', () => {
  it('should default to a maximum of 100', () => {
    expect(checkMaxNumber(100)).toBeUndefined();
    expect(checkMaxNumber('100.01')).toEqual({ key: 'form.maxNumber', params: { max: 100 } });
  });

  it('should use the given maximum', () => {
    expect(checkMaxNumber(301, 300)).toEqual({ key: 'form.maxNumber', params: { max: 300 } });
  });

  it('should leave empty and non-numeric input to the other rules', () => {
    expect(checkMaxNumber('')).toBeUndefined();
    expect(checkMaxNumber('abc')).toBeUndefined();
  });

  it('should read input number cannot exceed N', () => {
    const msg = checkMaxNumber(101)!;
    expect(formatMessage('en-US', msg)).toBe('Enter a number no greater than 100');
    expect(formatMessage('zh-CN', msg)).toBe('输入数字不能超过100');
  });
});
