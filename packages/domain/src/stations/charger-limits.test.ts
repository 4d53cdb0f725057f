import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import { fieldRuleMessages } from '../shared/zod-issues.js';
import { SparePartsQuantitySchema, SwapChargerCapacitySchema } from './charger-limits.js';

describe('SwapChargerCapacitySchema', () => {
  it('should accept totals and power of 300', () => {
    const capacity = {
      chargerTotalNumberAc: 300,
      chargerTotalNumberDc: 300,
      chargingPowerTotalMin: 300,
      chargingPowerTotalMax: 300,
    };
    expect(SwapChargerCapacitySchema.parse(capacity)).toEqual(capacity);
  });

  it('should report each value above 300 with input number cannot exceed 300', () => {
    const result = SwapChargerCapacitySchema.safeParse({
      chargerTotalNumberAc: 301,
      chargerTotalNumberDc: 301,
      chargingPowerTotalMin: 300.5,
      chargingPowerTotalMax: 301,
    });
    const problems = fieldRuleMessages(result.error!);
    expect(problems.map((p) => p.path)).toEqual([
      'chargerTotalNumberAc',
      'chargerTotalNumberDc',
      'chargingPowerTotalMin',
      'chargingPowerTotalMax',
    ]);
    expect(problems.map((p) => formatMessage('en-US', p.message))).toEqual(
      Array(4).fill('Enter a number no greater than 300'),
    );
  });

  it('should refuse a fractional charger count', () => {
    const result = SwapChargerCapacitySchema.safeParse({ chargerTotalNumberAc: 1.5 });
    expect(fieldRuleMessages(result.error!)).toEqual([
      { path: 'chargerTotalNumberAc', message: { key: 'form.integer' } },
    ]);
  });
});

describe('SparePartsQuantitySchema', () => {
  it('should accept 1 to 999', () => {
    expect(SparePartsQuantitySchema.parse(1)).toBe(1);
    expect(SparePartsQuantitySchema.parse(999)).toBe(999);
  });

  it('should refuse 0 and 1000 with the limit in the message', () => {
    const below = fieldRuleMessages(SparePartsQuantitySchema.safeParse(0).error!)[0]!.message;
    const above = fieldRuleMessages(SparePartsQuantitySchema.safeParse(1000).error!)[0]!.message;
    expect(formatMessage('en-US', below)).toBe('Enter a number no less than 1');
    expect(formatMessage('en-US', above)).toBe('Enter a number no greater than 999');
    expect(formatMessage('zh-CN', above)).toBe('输入数字不能超过999');
  });
});
