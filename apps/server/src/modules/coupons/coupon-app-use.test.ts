import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CouponOrder } from '@cmp/domain/coupons/coupon-claims';
import type { CouponRule } from '@cmp/domain/coupons/coupon-batches';
import { COUPON_REWARD_FAILURE_LABELS, type CouponRewardFailure } from '@cmp/domain/coupons/reward-failures';
import { enUS } from '@cmp/domain/messages/en-US';
import { zhCN } from '@cmp/domain/messages/zh-CN';
import { insertAccount } from '../../test/account-fixtures.js';
import { createAppClient, type TestAppClient } from '../../test/app-client-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { batchCounters, insertBatch, insertCodes, sampleOrder, sendSignedIn } from './coupon-app.fixtures.js';
import type { CouponBatchRow } from './coupon-batches.repo.js';
import { coupons } from './coupons.tables.js';

const DAY = 86_400_000;

describe('coupons checked against and used on orders by the app back end', () => {
  let sut: TestContext;
  let app: TestAppClient;
  beforeEach(async () => {
    sut = await createTestContext();
    app = await createAppClient(sut, 'nio');
    await insertAccount(sut.database.db, 'nio', 'A-1');
    await insertAccount(sut.database.db, 'nio', 'A-2');
  });
  afterEach(() => sut.app.close());

  const call = (
    what: 'check' | 'consume',
    couponUuid: string,
    order: CouponOrder = sampleOrder(),
    language: 'zh-CN' | 'en' = 'zh-CN',
  ) => sendSignedIn(sut, app, 'POST', `/api/app/coupons/${what}`, { couponUuid, order }, language);
  const priced = async (what: 'check' | 'consume', couponUuid: string, order?: CouponOrder) => {
    const response = await call(what, couponUuid, order);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ couponUuid: string; discount: number; payable: number }>();
  };
  const expectRefused = async (
    couponUuid: string,
    status: number,
    code: CouponRewardFailure,
    order: CouponOrder = sampleOrder(),
  ) => {
    for (const what of ['check', 'consume'] as const) {
      for (const [language, messages] of [
        ['zh-CN', zhCN],
        ['en', enUS],
      ] as const) {
        const response = await call(what, couponUuid, order, language);
        expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
        expect(errorOf(response)).toMatchObject({
          code,
          message: messages[COUPON_REWARD_FAILURE_LABELS[code]],
        });
      }
    }
  };
  /** A coupon of the batch claimed by the account through the claim call. */
  const couponOf = async (batch: CouponBatchRow, accountId = 'A-1') => {
    const [code] = await insertCodes(sut, batch, 1);
    const response = await sendSignedIn(sut, app, 'POST', '/api/app/coupons/claim', {
      accountId,
      couponCode: code,
    });
    expect(response.statusCode, response.body).toBe(200);
    return code!;
  };

  it('should price the three coupon types on the part of the order they name, in cents', async () => {
    const voucher = await couponOf(await insertBatch(sut, { couponTypeCode: 'voucher', couponValue: 1000 }));
    expect(await priced('check', voucher)).toEqual({ couponUuid: voucher, discount: 1000, payable: 3000 });
    const bigVoucher = await couponOf(
      await insertBatch(sut, {
        couponTypeCode: 'voucher',
        couponValue: 1500,
        couponSubType: 'service_price',
      }),
    );
    expect(await priced('check', bigVoucher)).toMatchObject({ discount: 1000, payable: 3000 });

    const equity = await couponOf(
      await insertBatch(sut, { couponBizCode: 'pe_external', couponTypeCode: 'equity', couponValue: 990 }),
    );
    expect(await priced('check', equity)).toMatchObject({ discount: 3010, payable: 990 });
    const equityPower = await couponOf(
      await insertBatch(sut, {
        couponTypeCode: 'equity',
        couponValue: 2000,
        couponSubType: 'electricity_price',
      }),
    );
    expect(await priced('check', equityPower)).toMatchObject({ discount: 1000, payable: 3000 });

    const discount = await couponOf(
      await insertBatch(sut, { couponTypeCode: 'discount', couponValue: 0.85 }),
    );
    expect(await priced('check', discount)).toMatchObject({ discount: 600, payable: 3400 });
    const odd = sampleOrder({ electricityFee: 333, serviceFee: 101 });
    const discountPower = await couponOf(
      await insertBatch(sut, {
        couponTypeCode: 'discount',
        couponValue: 0.5,
        couponSubType: 'electricity_price',
      }),
    );
    // 333 × 0.5 = 166.5 → 167 cents to pay for the electricity, 166 off.
    expect(await priced('check', discountPower, odd)).toMatchObject({ discount: 166, payable: 268 });
  });

  it.each<[CouponRule['type'], string[], Partial<CouponOrder>]>([
    ['operator', ['OP-1'], { operatorId: 'OP-2' }],
    ['city', ['440300'], { cityCode: '110000' }],
    ['group', ['G-1'], { groups: ['G-2'] }],
    ['tag', ['night'], { tags: [] }],
    ['platform_type', ['pe_app'], { platformType: 'pe_wx_mini' }],
    ['subclass', ['service_price'], { serviceFee: 0 }],
    ['total_price', ['4000'], { serviceFee: 999 }],
  ])('should hold an order to a %s rule, and let "all" through', async (type, values, miss) => {
    const coupon = await couponOf(await insertBatch(sut, { rules: [{ type, values }] }));
    const all = await couponOf(await insertBatch(sut, { rules: [{ type, values: ['all'] }] }));
    expect((await priced('check', coupon)).discount).toBe(1000);
    await expectRefused(coupon, 422, 'coupon_rule_mismatch_error', sampleOrder(miss));
    expect((await priced('check', all, sampleOrder(miss))).discount).toBeGreaterThan(0);
  });

  it('should refuse fees beyond what an order can cost, whose sum would lose cents', async () => {
    const huge = 9_007_199_254_740_000;
    const response = await call('check', 'any', sampleOrder({ electricityFee: huge, serviceFee: huge }));
    expect(response.statusCode).toBe(400);
    const details = errorOf(response).details as { path: string }[];
    expect(details.map((d) => d.path).sort()).toEqual(['body.order.electricityFee', 'body.order.serviceFee']);
  });

  it('should hold an order to the use range and the price limit', async () => {
    const ranged = await couponOf(
      await insertBatch(sut, {
        useRange: { operator: ['OP-1'], chargeStation: ['ST-1', 'ST-2'], customTag: [] },
      }),
    );
    expect((await priced('check', ranged)).discount).toBe(1000);
    await expectRefused(ranged, 422, 'coupon_rule_mismatch_error', sampleOrder({ resourceId: 'ST-3' }));
    await expectRefused(ranged, 422, 'coupon_rule_mismatch_error', sampleOrder({ operatorId: 'OP-9' }));
    const tagged = await couponOf(
      await insertBatch(sut, { useRange: { operator: [], chargeStation: [], customTag: ['night'] } }),
    );
    await expectRefused(tagged, 422, 'coupon_rule_mismatch_error', sampleOrder({ tags: ['day'] }));
    const limited = await couponOf(await insertBatch(sut, { hasPriceLimit: true, totalPrice: 4000 }));
    expect((await priced('check', limited)).discount).toBe(1000);
    await expectRefused(limited, 422, 'coupon_rule_mismatch_error', sampleOrder({ serviceFee: 999 }));
  });

  it("should refuse a coupon that is unknown, unclaimed, someone else's, used, abandoned, expired or not yet valid", async () => {
    const batch = await insertBatch(sut);
    await expectRefused('NOSUCHCODE', 404, 'invalid_coupon_code');
    const [unclaimed] = await insertCodes(sut, batch, 1);
    await expectRefused(unclaimed!, 409, 'coupon_unavailable');
    const theirs = await couponOf(batch, 'A-2');
    await expectRefused(theirs, 409, 'coupon_received');
    const db = sut.database.db;
    const used = await couponOf(batch);
    await db.update(coupons).set({ status: 'used', orderId: 'ORD-OLD' }).where(eq(coupons.couponUuid, used));
    await expectRefused(used, 409, 'coupon_used');
    const abandoned = await couponOf(batch);
    await db.update(coupons).set({ status: 'abandon' }).where(eq(coupons.couponUuid, abandoned));
    await expectRefused(abandoned, 409, 'coupon_unavailable');
    const expired = await couponOf(batch);
    await db
      .update(coupons)
      .set({ expireDate: new Date(Date.now() - 1000) })
      .where(eq(coupons.couponUuid, expired));
    await expectRefused(expired, 409, 'coupon_expired');
    const soon = await couponOf(
      await insertBatch(sut, {
        expireTypeCode: 'fixed_date',
        effectiveDate: new Date(Date.now() + DAY),
        expireDate: new Date(Date.now() + 10 * DAY),
      }),
    );
    await expectRefused(soon, 409, 'coupon_ineffective');
  });

  it('should use a coupon on an order once, counting it used, and answer a repeat alike', async () => {
    const batch = await insertBatch(sut);
    const code = await couponOf(batch);
    const before = Date.now();
    expect(await priced('consume', code)).toEqual({ couponUuid: code, discount: 1000, payable: 3000 });
    const [row] = await sut.database.db.select().from(coupons).where(eq(coupons.couponUuid, code));
    expect(row).toMatchObject({ status: 'used', orderId: 'ORD-1' });
    expect(row!.consumeDate!.getTime()).toBeGreaterThanOrEqual(before);
    expect(await batchCounters(sut, batch.couponBatchId)).toEqual({
      stockAmount: 99,
      createdAmount: 1,
      assignedAmount: 0,
      usedAmount: 1,
    });

    expect(await priced('consume', code)).toEqual({ couponUuid: code, discount: 1000, payable: 3000 });
    expect((await batchCounters(sut, batch.couponBatchId)).usedAmount).toBe(1);
    const [again] = await sut.database.db.select().from(coupons).where(eq(coupons.couponUuid, code));
    expect(again!.consumeDate).toEqual(row!.consumeDate);

    await expectRefused(code, 409, 'coupon_used', sampleOrder({ orderId: 'ORD-2' }));
    const check = await call('check', code);
    expect(errorOf(check).code).toBe('coupon_used');

    const other = await couponOf(batch);
    for (const [language, message] of [
      ['zh-CN', '订单 ORD-1 已使用其他优惠券'],
      ['en', 'Order ORD-1 has used another coupon already'],
    ] as const) {
      const taken = await call('consume', other, sampleOrder(), language);
      expect(taken.statusCode).toBe(409);
      expect(errorOf(taken)).toMatchObject({ code: 'coupon_order_taken', message });
    }
    expect(await batchCounters(sut, batch.couponBatchId)).toMatchObject({ assignedAmount: 1, usedAmount: 1 });
  });

  it('should use a coupon once when the same use and a rival coupon arrive together', async () => {
    const batch = await insertBatch(sut);
    const code = await couponOf(batch);
    const rival = await couponOf(batch);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => call('consume', code)),
      call('consume', rival),
    ]);
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : errorOf(r).code));
    // Whichever coupon came first holds the order: its five uses all answer, or the rival alone does.
    const won = codes.filter((c) => c === 'ok').length;
    expect([1, 5]).toContain(won);
    expect(codes[5] === 'ok').toBe(won === 1);
    expect(codes.filter((c) => c !== 'ok')).toEqual(Array(6 - won).fill('coupon_order_taken'));
    expect(await batchCounters(sut, batch.couponBatchId)).toMatchObject({ assignedAmount: 1, usedAmount: 1 });
    const onOrder = await sut.database.db.select().from(coupons).where(eq(coupons.orderId, 'ORD-1'));
    expect(onOrder).toHaveLength(1);
  });
});
