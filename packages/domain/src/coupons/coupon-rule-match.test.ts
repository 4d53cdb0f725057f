import { describe, expect, it } from 'vitest';
import type { CouponOrder } from './coupon-claims.js';
import { couponDiscount, couponFitsOrder, type CouponFit } from './coupon-rule-match.js';

const order: CouponOrder = {
  orderId: 'O-1',
  accountId: 'A-1',
  operatorId: 'OP-1',
  cityCode: '440300',
  resourceId: 'ST-1',
  groups: ['G-1'],
  tags: ['night'],
  platformType: 'pe_app',
  electricityFee: 3000,
  serviceFee: 1000,
};
const open: CouponFit = {
  rules: [],
  useRange: { operator: [], chargeStation: [], customTag: [] },
  totalPrice: null,
};

describe('coupon rules against an order', () => {
  it('should let any order through a batch without rules, range or price limit', () => {
    expect(couponFitsOrder(open, order)).toBe(true);
  });

  it.each([
    ['operator', ['OP-1'], ['OP-2']],
    ['city', ['440300'], ['110000']],
    ['group', ['G-9', 'G-1'], ['G-9']],
    ['tag', ['night'], ['day']],
    ['platform_type', ['pe_app'], ['pe_wx_mini']],
    ['subclass', ['service_price'], ['electricity_price']],
    ['total_price', ['4000'], ['4001']],
  ] as const)('should match a %s rule on its values and "all" only', (type, fits, misses) => {
    const withRule = (values: readonly string[]) => ({ ...open, rules: [{ type, values: [...values] }] });
    const noService = { ...order, serviceFee: 0, electricityFee: 0 };
    expect(couponFitsOrder(withRule(fits), order)).toBe(true);
    expect(couponFitsOrder(withRule(misses), type === 'subclass' ? noService : order)).toBe(false);
    expect(couponFitsOrder(withRule(['all']), order)).toBe(true);
  });

  it('should need every rule and every non-empty use range list', () => {
    const rules = [
      { type: 'operator' as const, values: ['OP-1'] },
      { type: 'city' as const, values: ['110000'] },
    ];
    expect(couponFitsOrder({ ...open, rules }, order)).toBe(false);
    const range = (useRange: Partial<CouponFit['useRange']>) => ({
      ...open,
      useRange: { ...open.useRange, ...useRange },
    });
    expect(couponFitsOrder(range({ chargeStation: ['ST-1', 'ST-2'] }), order)).toBe(true);
    expect(couponFitsOrder(range({ chargeStation: ['ST-2'] }), order)).toBe(false);
    expect(couponFitsOrder(range({ operator: ['OP-2'] }), order)).toBe(false);
    expect(couponFitsOrder(range({ customTag: ['night'] }), order)).toBe(true);
    expect(couponFitsOrder(range({ customTag: ['day'] }), order)).toBe(false);
  });

  it("should hold the order total, in cents, to the batch's price limit", () => {
    expect(couponFitsOrder({ ...open, totalPrice: 4000 }, order)).toBe(true);
    expect(couponFitsOrder({ ...open, totalPrice: 4001 }, order)).toBe(false);
  });
});

describe('coupon discount', () => {
  it('should make the named part cost an equity coupon’s fixed price', () => {
    expect(
      couponDiscount({ couponTypeCode: 'equity', couponValue: 990, couponSubType: '-1' }, order),
    ).toEqual({
      discount: 3010,
      payable: 990,
    });
    expect(
      couponDiscount({ couponTypeCode: 'equity', couponValue: 500, couponSubType: 'service_price' }, order),
    ).toEqual({ discount: 500, payable: 3500 });
    // A part already cheaper than the fixed price is not made dearer.
    expect(
      couponDiscount({ couponTypeCode: 'equity', couponValue: 1500, couponSubType: 'service_price' }, order),
    ).toEqual({ discount: 0, payable: 4000 });
  });

  it('should take a voucher’s value off its part, never below nothing', () => {
    expect(
      couponDiscount(
        { couponTypeCode: 'voucher', couponValue: 500, couponSubType: 'electricity_price' },
        order,
      ),
    ).toEqual({ discount: 500, payable: 3500 });
    expect(
      couponDiscount({ couponTypeCode: 'voucher', couponValue: 1200, couponSubType: 'service_price' }, order),
    ).toEqual({ discount: 1000, payable: 3000 });
  });

  it('should make a discount’s part cost its ratio, rounded half away from zero to the cent', () => {
    expect(
      couponDiscount({ couponTypeCode: 'discount', couponValue: 0.85, couponSubType: '-1' }, order),
    ).toEqual({
      discount: 600,
      payable: 3400,
    });
    // 0.85 × 1 cent is 0.85: the part costs 1 cent, nothing off; 0.85 × 3 = 2.55 → 3 cents, nothing off.
    const small = { ...order, electricityFee: 0, serviceFee: 3 };
    expect(
      couponDiscount({ couponTypeCode: 'discount', couponValue: 0.85, couponSubType: '-1' }, small),
    ).toEqual({
      discount: 0,
      payable: 3,
    });
    // 0.5 × 333 = 166.5 → 167 to pay.
    const odd = { ...order, electricityFee: 333, serviceFee: 0 };
    expect(
      couponDiscount(
        { couponTypeCode: 'discount', couponValue: 0.5, couponSubType: 'electricity_price' },
        odd,
      ),
    ).toEqual({ discount: 166, payable: 167 });
  });
});
