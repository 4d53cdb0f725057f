import { describe, expect, it } from 'vitest';
import { areFeePeriodsEditable, feeText, FeePeriodSchema, formatFee } from './fees.js';

describe('formatFee', () => {
  it('should show two decimals', () => {
    expect(formatFee(1)).toBe('1.00');
    expect(formatFee(0.8)).toBe('0.80');
    expect(formatFee(1.005)).toBe('1.01');
  });
});

describe('feeText', () => {
  const periods = [
    { start: '00:00', end: '08:00', fee: 0.8 },
    { start: '08:00', end: '24:00', fee: 1.2 },
  ];

  it('should read electricity fee: plus start~end:fee', () => {
    expect(feeText('electricity', periods, 'en-US')).toBe(
      'electricity fee:00:00~08:00:0.80,08:00~24:00:1.20',
    );
  });

  it('should read service fee: plus start~end:fee', () => {
    expect(feeText('service', periods.slice(1), 'en-US')).toBe('service fee:08:00~24:00:1.20');
  });

  it('should label the fees in Chinese', () => {
    expect(feeText('electricity', periods.slice(0, 1), 'zh-CN')).toBe('电费:00:00~08:00:0.80');
    expect(feeText('service', periods.slice(0, 1), 'zh-CN')).toBe('服务费:00:00~08:00:0.80');
  });
});

describe('areFeePeriodsEditable', () => {
  it('should allow editing plain prices', () => {
    expect(
      areFeePeriodsEditable([{ start: '00:00', end: '24:00', fee: 1, feeMin: null, feeMax: undefined }]),
    ).toBe(true);
  });

  it('should lock the fees when any period has feeMin', () => {
    expect(
      areFeePeriodsEditable([
        { start: '00:00', end: '12:00', fee: 1 },
        { start: '12:00', end: '24:00', fee: 1, feeMin: 0 },
      ]),
    ).toBe(false);
  });

  it('should lock the fees when any period has feeMax', () => {
    expect(areFeePeriodsEditable([{ start: '00:00', end: '24:00', fee: 1, feeMax: 2 }])).toBe(false);
  });
});

describe('FeePeriodSchema', () => {
  it('should refuse a negative fee', () => {
    const result = FeePeriodSchema.safeParse({ start: '00:00', end: '24:00', fee: -1 });
    expect(result.error?.issues[0]?.message).toBe('form.minNumber');
  });
});
