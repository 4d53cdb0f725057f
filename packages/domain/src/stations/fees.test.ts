import { describe, expect, it } from 'vitest';
import {
  areFeePeriodsEditable,
  feeText,
  FeePeriodListSchema,
  FeePeriodSchema,
  formatFee,
  mergeFeePeriods,
} from './fees.js';

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
      'Electricity fee:00:00~08:00:0.80,08:00~24:00:1.20',
    );
  });

  it('should read service fee: plus start~end:fee', () => {
    expect(feeText('service', periods.slice(1), 'en-US')).toBe('Service fee:08:00~24:00:1.20');
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
    expect(result.error?.issues[0]?.message).toBe('fee.negative');
  });
});

describe('mergeFeePeriods', () => {
  it('should add the two prices exactly over a shared whole day', () => {
    expect(
      mergeFeePeriods(
        [{ start: '00:00', end: '24:00', fee: 0.1 }],
        [{ start: '00:00', end: '24:00', fee: 0.2 }],
      ),
    ).toEqual([{ start: '00:00', end: '24:00', fee: 0.3, electricityFee: 0.1, serviceFee: 0.2 }]);
  });

  it('should cut both lists at every boundary either of them has', () => {
    const electricity = [
      { start: '00:00', end: '08:00', fee: 0.5 },
      { start: '08:00', end: '24:00', fee: 1 },
    ];
    const service = [
      { start: '00:00', end: '12:00', fee: 0.4 },
      { start: '12:00', end: '24:00', fee: 0.6 },
    ];
    expect(mergeFeePeriods(electricity, service)).toEqual([
      { start: '00:00', end: '08:00', fee: 0.9, electricityFee: 0.5, serviceFee: 0.4 },
      { start: '08:00', end: '12:00', fee: 1.4, electricityFee: 1, serviceFee: 0.4 },
      { start: '12:00', end: '24:00', fee: 1.6, electricityFee: 1, serviceFee: 0.6 },
    ]);
  });

  it('should order periods given out of order', () => {
    const electricity = [
      { start: '12:00', end: '24:00', fee: 2 },
      { start: '00:00', end: '12:00', fee: 1 },
    ];
    expect(
      mergeFeePeriods(electricity, [{ start: '00:00', end: '24:00', fee: 0 }]).map((p) => p.start),
    ).toEqual(['00:00', '12:00']);
  });

  it('should leave out a piece only one list covers', () => {
    expect(
      mergeFeePeriods(
        [{ start: '00:00', end: '24:00', fee: 1 }],
        [{ start: '08:00', end: '20:00', fee: 0.5 }],
      ),
    ).toEqual([{ start: '08:00', end: '20:00', fee: 1.5, electricityFee: 1, serviceFee: 0.5 }]);
  });

  it('should answer nothing when a list is empty', () => {
    expect(mergeFeePeriods([], [{ start: '00:00', end: '24:00', fee: 1 }])).toEqual([]);
  });
});

describe('FeePeriodListSchema', () => {
  it('should accept periods that touch', () => {
    const periods = [
      { start: '00:00', end: '08:00', fee: 1 },
      { start: '08:00', end: '24:00', fee: 2 },
    ];
    expect(FeePeriodListSchema.safeParse(periods).success).toBe(true);
  });

  it('should point at the period that overlaps an earlier one', () => {
    const result = FeePeriodListSchema.safeParse([
      { start: '00:00', end: '10:00', fee: 1 },
      { start: '08:00', end: '24:00', fee: 2 },
    ]);
    expect(result.error?.issues).toMatchObject([
      { path: [1], message: 'time.overlap', params: { range: 2, other: 1 } },
    ]);
  });

  it('should refuse a period that ends before it starts', () => {
    const result = FeePeriodListSchema.safeParse([{ start: '10:00', end: '08:00', fee: 1 }]);
    expect(result.error?.issues).toMatchObject([{ path: [0], message: 'time.endNotAfterStart' }]);
  });
});
