import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatMessage } from '../messages/format.js';
import { ruleMessageOfIssue } from './zod-issues.js';
import {
  EPOCH_MS,
  hasJsonCheck,
  hasSafeTextCheck,
  id,
  idParam,
  INT2,
  INT4,
  INT8,
  integer,
  integerParam,
  isSafeText,
  jsonCheck,
  jsonValue,
  text,
  trimmedText,
} from './input.js';

/** Each issue as its message key, its parameters and where it is. */
const problems = (schema: z.ZodType, value: unknown) =>
  (z.safeParse(schema, value).error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    ...ruleMessageOfIssue(issue),
  }));

describe('isSafeText', () => {
  it.each(['', 'plain', '充电站', 'a 🚗 and an emoji'])('should accept %j', (value) => {
    expect(isSafeText(value)).toBe(true);
  });

  it.each(['a\u0000b', 'a\ud800b', 'a\udc00', '\ud83d'])('should refuse %j', (value) => {
    expect(isSafeText(value)).toBe(false);
  });
});

describe('text', () => {
  it('should take text of up to its length, emoji included', () => {
    expect(text(8).parse('🚗 ok')).toBe('🚗 ok');
  });

  it('should refuse NUL and a lone surrogate with the message of a character not allowed', () => {
    expect(problems(text(), 'a\u0000b')).toEqual([{ path: '', key: 'form.invalidCharacter' }]);
    expect(problems(text(), 'a\ud800b')).toEqual([{ path: '', key: 'form.invalidCharacter' }]);
    const message = { key: 'form.invalidCharacter' };
    expect(formatMessage('en-US', message)).toBe('The input contains a character that is not allowed');
    expect(formatMessage('zh-CN', message)).toBe('输入包含不允许的字符');
  });

  it('should bound the length, at 255 unless given', () => {
    expect(problems(text(), 'x'.repeat(256))).toEqual([
      { path: '', key: 'form.maxLength', params: { max: 255 } },
    ]);
    expect(problems(text(10), 'x'.repeat(11))).toEqual([
      { path: '', key: 'form.maxLength', params: { max: 10 } },
    ]);
  });

  it('should measure and keep trimmed text without its blanks', () => {
    expect(trimmedText(3).parse('  abc  ')).toBe('abc');
    expect(problems(trimmedText(), ' \u0000 ')).toEqual([{ path: '', key: 'form.invalidCharacter' }]);
  });

  it('should carry its check through every refinement and wrapper, so contracts can be audited', () => {
    expect(hasSafeTextCheck(text())).toBe(true);
    expect(hasSafeTextCheck(trimmedText(64).min(1).regex(/a/))).toBe(true);
    expect(hasSafeTextCheck(text().optional().unwrap())).toBe(true);
    expect(hasSafeTextCheck(z.string().max(10))).toBe(false);
  });
});

describe('integers', () => {
  it('should bound an integer by the range of its column, integer unless given', () => {
    expect(problems(integer(), INT4.max + 1)).toEqual([
      { path: '', key: 'form.maxNumber', params: { max: INT4.max } },
    ]);
    expect(problems(integer(), INT4.min - 1)).toEqual([
      { path: '', key: 'form.minNumber', params: { min: INT4.min } },
    ]);
    expect(problems(integer(INT2), 32_768)).toEqual([
      { path: '', key: 'form.maxNumber', params: { max: 32_767 } },
    ]);
    expect(integer(INT8).parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('should refuse what is no whole number', () => {
    expect(problems(integer(), 1.5)).toEqual([{ path: '', key: 'form.integer' }]);
    expect(problems(integer(), 1e308)).toContainEqual({
      path: '',
      key: 'form.maxNumber',
      params: { max: INT4.max },
    });
    expect(problems(integer(), '1')).toEqual([{ path: '', key: 'form.number' }]);
  });

  it('should read an integer sent as text, and refuse text that is no number', () => {
    expect(integerParam().parse('42')).toBe(42);
    expect(problems(integerParam(), '99999999999')).toEqual([
      { path: '', key: 'form.maxNumber', params: { max: INT4.max } },
    ]);
    expect(problems(integerParam(), 'abc')).toEqual([{ path: '', key: 'form.number' }]);
    expect(problems(integerParam(), '1e308')).toContainEqual({
      path: '',
      key: 'form.maxNumber',
      params: { max: INT4.max },
    });
  });

  it('should take generated ids from 1 to the top of their column', () => {
    expect(problems(id(), 0)).toEqual([{ path: '', key: 'form.minNumber', params: { min: 1 } }]);
    expect(idParam().parse(String(INT4.max))).toBe(INT4.max);
    expect(problems(idParam(), String(INT4.max + 1))).toEqual([
      { path: '', key: 'form.maxNumber', params: { max: INT4.max } },
    ]);
    expect(idParam(INT8).parse('99999999999')).toBe(99999999999);
  });

  it('should hold epoch milliseconds a date and a timestamp column both take', () => {
    expect(new Date(EPOCH_MS.min).toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(new Date(EPOCH_MS.max).toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });
});

describe('jsonValue', () => {
  it('should take JSON whose strings are text', () => {
    const value = { a: [1, 'two', { three: null, four: true }], 充电: '站' };

    expect(jsonValue().parse(value)).toEqual(value);
  });

  it('should refuse NUL or a lone surrogate anywhere in it, keys included, and say where', () => {
    expect(problems(jsonValue(), { a: [{ b: 'x\u0000' }] })).toEqual([
      { path: 'a.0.b', key: 'form.invalidCharacter' },
    ]);
    expect(problems(jsonValue(), { 'bad\ud800key': 1 })).toEqual([
      { path: 'bad\ud800key', key: 'form.invalidCharacter' },
    ]);
  });

  it('should bound its depth and its size', () => {
    const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { next: nested(depth - 1) });

    expect(problems(jsonValue({ maxDepth: 3, maxSize: 1000 }), nested(3))).toEqual([]);
    expect(problems(jsonValue({ maxDepth: 3, maxSize: 1000 }), nested(4))).toEqual([
      { path: '', key: 'form.jsonTooDeep', params: { max: 3 } },
    ]);
    expect(problems(jsonValue({ maxDepth: 3, maxSize: 10 }), { text: 'x'.repeat(10) })).toEqual([
      { path: '', key: 'form.jsonTooLarge', params: { max: 10 } },
    ]);
  });

  it('should mark what carries the check, so contracts can be audited', () => {
    expect(hasJsonCheck(jsonValue())).toBe(true);
    expect(hasJsonCheck(z.object({}).catchall(z.unknown()).check(jsonCheck()))).toBe(true);
    expect(hasJsonCheck(z.unknown())).toBe(false);
  });
});
