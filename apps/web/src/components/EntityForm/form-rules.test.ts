import { describe, expect, it } from 'vitest';
import type { FormRule } from 'antd';
import { formRules } from './form-rules';

/** Runs a rule the way antd does and answers its message, or undefined when the value passes. */
async function messageOf(rule: FormRule, value: unknown): Promise<string | undefined> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('expected a validator rule');
  try {
    await rule.validator({}, value, () => {});
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('formRules', () => {
  const zh = formRules('zh-CN');
  const en = formRules('en-US');

  it('should refuse empty input, blanks included, and mark the field required', async () => {
    expect(await messageOf(zh.required(), '  ')).toBe('输入不能为空');
    expect(await messageOf(en.required(), undefined)).toBe('This field is required');
    expect(await messageOf(zh.required(), 'x')).toBeUndefined();
    expect(zh.required()).toMatchObject({ required: true });
  });

  it('should refuse text that is not a number', async () => {
    expect(await messageOf(zh.number(), '12a')).toBe('输入必须为数字');
    expect(await messageOf(en.number(), '12a')).toBe('Enter a number');
    expect(await messageOf(zh.number(), '-12.5')).toBeUndefined();
  });

  it.each([10, 16, 17, 32, 64, 128, 255, 512, 1024] as const)(
    'should refuse more than %i characters',
    async (max) => {
      expect(await messageOf(zh.maxLength(max), 'x'.repeat(max))).toBeUndefined();
      expect(await messageOf(zh.maxLength(max), 'x'.repeat(max + 1))).toBe(`输入长度不能超过${max}个字符`);
      expect(await messageOf(en.maxLength(max), 'x'.repeat(max + 1))).toBe(`Enter at most ${max} characters`);
    },
  );

  it('should refuse numbers above 100 by default, or above the given maximum', async () => {
    expect(await messageOf(zh.maxNumber(), 100)).toBeUndefined();
    expect(await messageOf(zh.maxNumber(), '101')).toBe('输入数字不能超过100');
    expect(await messageOf(en.maxNumber(300), 301)).toBe('Enter a number no greater than 300');
  });

  it('should refuse a phone number with letters and take the ways stations print one', async () => {
    expect(await messageOf(zh.phone(), 'abc-xyz')).toBe(
      '请输入正确的电话号码，如 400-820-5555 或 010-12345678转123',
    );
    expect(await messageOf(en.phone(), '12')).toBe(
      'Enter a phone number such as 400-820-5555 or 010-12345678 ext 123',
    );
    for (const phone of [
      '400-820-5555',
      '(021) 6123 4567',
      '+86 10 1234 5678',
      '010-12345678转123',
      '95598',
      '',
    ])
      expect(await messageOf(zh.phone(), phone), phone).toBeUndefined();
  });

  it('should leave empty input to the required rule', async () => {
    for (const rule of [zh.number(), zh.maxLength(10), zh.maxNumber()]) {
      expect(await messageOf(rule, '')).toBeUndefined();
    }
  });
});
