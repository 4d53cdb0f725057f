import { describe, expect, it } from 'vitest';
import { CouponBatchCreateFieldsSchema, GenerateRecordCreateFieldsSchema } from './coupon-batches.js';
import {
  couponBatchProblems,
  customTagsOf,
  earliestEffectiveDate,
  generateRecordProblems,
  storedBatchValues,
} from './coupon-batch-rules.js';

const batch = (fields: object = {}) =>
  CouponBatchCreateFieldsSchema.parse({
    couponName: 'c',
    batchName: 'b',
    couponBizCode: 'charging_external',
    couponTypeCode: 'voucher',
    amount: 10,
    expireTypeCode: 'fixed_date',
    effectiveDate: '2026-11-01',
    expireDate: '2026-11-01',
    effectiveDays: null,
    couponValue: 10,
    priceElectricityFee: true,
    ...fields,
  });
/** A day before the batches' dates, so they do not start in the past. */
const NOW = Date.parse('2026-10-15T04:00:00Z');
const keys = (problems: { path: string; message: { key: string } }[]) =>
  problems.map(({ path, message }) => `${path}: ${message.key}`);

describe('couponBatchProblems', () => {
  it('should accept a valid voucher whose dates are one day', () => {
    expect(couponBatchProblems(batch(), NOW)).toEqual([]);
  });

  it('should name every broken rule at once', () => {
    const problems = couponBatchProblems(
      batch({
        couponBizCode: 'pe_external',
        couponTypeCode: 'discount',
        couponValue: 120,
        totalPrice: 5,
        expireDate: '2026-10-31',
        rules: [
          { type: 'operator', values: ['all', 'x'] },
          { type: 'operator', values: ['y'] },
          { type: 'total_price', values: ['abc'] },
        ],
      }),
      NOW,
    );
    expect(keys(problems)).toEqual([
      'couponTypeCode: couponBatches.typeNotForBiz',
      'couponValue: couponBatches.discountUnder100',
      'expireDate: couponBatches.effectiveAfterExpire',
      'totalPrice: couponBatches.totalPriceVoucherOnly',
      'rules.0.values: couponBatches.ruleAllAlone',
      'rules.1.type: couponBatches.ruleTypeTwice',
      'rules.2.values: couponBatches.ruleValueUnknown',
    ]);
  });

  it('should refuse a batch that covers neither fee', () => {
    expect(keys(couponBatchProblems(batch({ priceElectricityFee: false }), NOW))).toEqual([
      'priceServiceFee: couponBatches.noFeeCovered',
    ]);
    expect(couponBatchProblems(batch({ priceElectricityFee: false, priceServiceFee: true }), NOW)).toEqual(
      [],
    );
  });

  it('should refuse a first day before today in China time, naming today', () => {
    // 2026-11-01 00:30 in China is 2026-10-31 16:30 UTC.
    const problems = couponBatchProblems(
      batch({ effectiveDate: '2026-10-31', expireDate: '2026-11-30' }),
      Date.parse('2026-10-31T16:30:00Z'),
    );
    expect(problems).toEqual([
      {
        path: 'effectiveDate',
        message: { key: 'couponBatches.effectiveInPast', params: { today: '2026-11-01' } },
      },
    ]);
    const today = batch({ effectiveDate: '2026-11-01', expireDate: '2026-11-30' });
    expect(couponBatchProblems(today, Date.parse('2026-11-01T15:59:00Z'))).toEqual([]);
  });

  it("should still take yesterday's first day within the grace after midnight", () => {
    const yesterday = batch({ effectiveDate: '2026-10-31', expireDate: '2026-11-30' });
    expect(earliestEffectiveDate(Date.parse('2026-10-31T16:05:00Z'))).toBe('2026-10-31');
    expect(couponBatchProblems(yesterday, Date.parse('2026-10-31T16:05:00Z'))).toEqual([]);
    expect(couponBatchProblems(yesterday, Date.parse('2026-10-31T16:11:00Z'))).toHaveLength(1);
  });

  it('should ask days after binding of such a batch', () => {
    expect(
      keys(couponBatchProblems(batch({ expireTypeCode: 'days_after_binding', effectiveDays: null }), NOW)),
    ).toEqual(['effectiveDays: form.required']);
  });
});

describe('storedBatchValues', () => {
  it('should store cents, ratios and whole days in UTC+08:00', () => {
    expect(storedBatchValues(batch({ couponValue: 19.99, totalPrice: 100.1 }))).toEqual({
      couponValue: 1999,
      totalPrice: 10010,
      hasPriceLimit: true,
      effectiveDate: new Date('2026-11-01T00:00:00.000+08:00'),
      expireDate: new Date('2026-11-01T23:59:59.999+08:00'),
      effectiveDays: null,
    });
    expect(storedBatchValues(batch({ couponTypeCode: 'discount', couponValue: 85.5 }))).toMatchObject({
      couponValue: 0.86,
      totalPrice: null,
      hasPriceLimit: false,
    });
  });

  it('should gather the custom tags of the batch, its use range and its tag rule once each', () => {
    const input = batch({
      customTag: ['a'],
      useRange: { customTag: ['b', 'a'] },
      rules: [{ type: 'tag', values: ['c', 'b'] }],
    });
    expect(customTagsOf(input)).toEqual(['a', 'b', 'c']);
  });
});

describe('generateRecordProblems', () => {
  const record = (fields: object) => GenerateRecordCreateFieldsSchema.parse({ amount: 2, ...fields });
  it.each([
    [{ generateType: 'generate' }, []],
    [{ generateType: 'generate', accountIds: ['a'] }, ['accountIds: couponBatches.accountsOnlyToAssign']],
    [{ generateType: 'generate_assign', accountIds: ['a', 'b', 'a'] }, []],
    [{ generateType: 'generate_assign', accountIds: ['a'] }, ['amount: couponBatches.amountPerAccount']],
    [{ generateType: 'batch_generate_assign', accountIds: ['a'] }, []],
    [{ generateType: 'batch_generate_assign' }, ['accountIds: couponBatches.accountsRequired']],
    [
      { generateType: 'generate', withToken: true, couponTokenEffectiveDate: 2, couponTokenExpireDate: 2 },
      ['couponTokenExpireDate: couponBatches.tokenDates'],
    ],
    [
      { generateType: 'generate', withToken: true, couponTokenEffectiveDate: 1, couponTokenExpireDate: 2 },
      [],
    ],
  ])('should judge %j', (fields, expected) => {
    expect(keys(generateRecordProblems(record(fields)))).toEqual(expected);
  });
});
