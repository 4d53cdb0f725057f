import { describe, expect, it } from 'vitest';
import { CouponBatchCreateSchema } from '@cmp/domain/coupons/coupon-batches';
import {
  editorFieldOf,
  INITIAL_BATCH,
  toBatchCreate,
  typesOfBiz,
  type BatchValues,
} from './batch-editor-values';

const values = (overrides: Partial<BatchValues>): BatchValues =>
  ({
    ...INITIAL_BATCH,
    couponName: ' 春季券 ',
    batchName: '春季',
    amount: 500,
    couponValue: 12.5,
    days: ['2099-04-01', '2099-04-30'],
    effectiveDays: 7,
    ...overrides,
  }) as BatchValues;

describe('batch editor values', () => {
  it('should allow only the fixed-price coupon for a one-tap power-up', () => {
    expect(typesOfBiz('pe_external')).toEqual(['equity']);
    expect(typesOfBiz('charging_external')).toEqual(['discount', 'voucher']);
  });

  it('should send a voucher with its price limit and dates, and rules with their values or all', () => {
    const body = toBatchCreate(
      values({
        couponTypeCode: 'voucher',
        priceLimited: true,
        totalPrice: 30,
        discountCouponCostShare: 40,
        rules: [
          { type: 'city', all: false, values: ['310100'] },
          { type: 'operator', all: true, values: ['op1'] },
          { type: undefined, all: false, values: [] },
        ],
        rangeChargeStation: ['S1'],
      }),
    );
    expect(body).toMatchObject({
      couponName: '春季券',
      couponTypeCode: 'voucher',
      couponValue: 12.5,
      totalPrice: 30,
      discountCouponCostShare: null,
      expireTypeCode: 'fixed_date',
      effectiveDate: '2099-04-01',
      expireDate: '2099-04-30',
      effectiveDays: null,
      rules: [
        { type: 'city', values: ['310100'] },
        { type: 'operator', values: ['all'] },
      ],
      useRange: { operator: [], chargeStation: ['S1'], customTag: [] },
    });
    expect(CouponBatchCreateSchema.safeParse(body).success).toBe(true);
  });

  it('should send a discount valid some days after binding, without dates or price limit', () => {
    const body = toBatchCreate(
      values({
        couponTypeCode: 'discount',
        couponValue: 85,
        expireTypeCode: 'days_after_binding',
        priceLimited: true,
        totalPrice: 30,
        discountCouponCostShare: 40,
      }),
    );
    expect(body).toMatchObject({
      couponValue: 85,
      totalPrice: null,
      discountCouponCostShare: 40,
      effectiveDate: null,
      expireDate: null,
      effectiveDays: 7,
    });
    expect(CouponBatchCreateSchema.safeParse(body).success).toBe(true);
  });

  it('should show a server complaint on the field the editor shows it in', () => {
    expect(editorFieldOf('body.useRange.chargeStation.2')).toBe('rangeChargeStation');
    expect(editorFieldOf('body.expireDate')).toBe('days');
    expect(editorFieldOf('body.rules.0.values')).toBe('rules');
    expect(editorFieldOf('body.couponValue')).toBe('couponValue');
    expect(editorFieldOf('body.bizExtend')).toBeUndefined();
  });
});
