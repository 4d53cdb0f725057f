import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertCouponBatch, type CouponBatchFixture } from '../../test/coupon-fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { couponExpirySweep, expireCoupons } from './coupon-expiry.sweep.js';
import { issueCoupons } from './coupon-issue.service.js';
import { couponBatches, coupons } from './coupons.tables.js';

describe('coupon expiry sweep', () => {
  let sut: TestContext;

  beforeEach(async () => {
    sut = await createTestContext();
  });
  afterEach(() => sut.app.close());

  const issue = (batch: CouponBatchFixture, accountIds: (string | null)[]) =>
    issueCoupons(sut.database.db, {
      tenant: 'nio',
      batch,
      accountIds,
      channel: 'send',
      operatorAccount: 'op',
    });
  const counters = async (id: number) => {
    const [row] = await sut.database.db
      .select()
      .from(couponBatches)
      .where(eq(couponBatches.couponBatchId, id));
    return { created: row!.createdAmount, assigned: row!.assignedAmount, expired: row!.expiredAmount };
  };
  const statuses = async (id: number) =>
    (await sut.database.db.select().from(coupons).where(eq(coupons.couponBatchId, id)))
      .map((c) => c.status)
      .sort();

  it('should expire unused coupons past their expiry in bounded batches with the counters exact', async () => {
    const ended = await insertCouponBatch(sut.database.db, 'nio', {
      expireDate: new Date('2026-01-31T23:59:59.999+08:00'),
    });
    const current = await insertCouponBatch(sut.database.db, 'nio');
    const afterBinding = await insertCouponBatch(sut.database.db, 'nio', {
      expireTypeCode: 'days_after_binding',
      effectiveDate: null,
      expireDate: null,
      effectiveDays: 7,
    });
    const issued = await issue(ended, ['U1', 'U2', 'U3', null, null]);
    await issue(current, ['U1', null]);
    await issue(afterBinding, [null]);
    await sut.database.db
      .update(coupons)
      .set({ status: 'used' })
      .where(eq(coupons.couponId, issued[0]!.couponId));

    // Four to expire, two a transaction: the loop goes on until a short batch.
    expect(await expireCoupons(sut.database.db, new Date('2026-02-01T00:00:00+08:00'), 2)).toBe(4);
    expect(await statuses(ended.couponBatchId)).toEqual(['expired', 'expired', 'expired', 'expired', 'used']);
    expect(await counters(ended.couponBatchId)).toEqual({ created: 5, assigned: 1, expired: 4 });
    expect(await statuses(current.couponBatchId)).toEqual(['assigned', 'created']);
    expect(await counters(current.couponBatchId)).toEqual({ created: 2, assigned: 1, expired: 0 });
    expect(await statuses(afterBinding.couponBatchId)).toEqual(['created']);

    expect(await couponExpirySweep(sut.database.db).run()).toBe(0);
    expect(await counters(ended.couponBatchId)).toEqual({ created: 5, assigned: 1, expired: 4 });
  });

  it('should leave a coupon valid through the last millisecond of its day', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio', {
      expireDate: new Date('2026-01-31T23:59:59.999+08:00'),
    });
    await issue(batch, ['U1']);
    expect(await expireCoupons(sut.database.db, new Date('2026-01-31T23:59:59.999+08:00'))).toBe(0);
    expect(await expireCoupons(sut.database.db, new Date('2026-02-01T00:00:00.000+08:00'))).toBe(1);
    expect(await counters(batch.couponBatchId)).toEqual({ created: 1, assigned: 0, expired: 1 });
  });
});
