import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TENANTS } from '@cmp/domain';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { couponBatches, coupons } from '../modules/coupons/coupons.tables.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { insertJsonRows } from './bulk-insert.js';
import { seedCoupons } from './coupons.demo.js';
import { seededRandom } from './random.js';

describe('demo coupons', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestContext();
    const db = sut.database.db;
    const made = new Date('2025-01-01T00:00:00Z');
    for (const tenant of TENANTS) {
      await insertJsonRows(
        db,
        accounts,
        Array.from({ length: 80 }, (_, i) => ({
          tenant,
          accountId: `ACC${100000 + i}`,
          createTime: made,
          updateTime: made,
        })),
      );
    }
    await db.transaction((tx) =>
      seedCoupons({
        tx,
        random: seededRandom(5),
        size: 'small',
        password: '',
        now: new Date(),
        storage: undefined as never,
      }),
    );
  });
  afterAll(() => sut.app.close());

  it('should give every tenant three batches whose counters match their coupons', async () => {
    for (const tenant of TENANTS) {
      const batches = await sut.database.db
        .select()
        .from(couponBatches)
        .where(eq(couponBatches.tenant, tenant));
      expect(batches.map((b) => b.couponTypeCode).sort()).toEqual(['discount', 'equity', 'voucher']);
      for (const batch of batches) {
        const rows = await sut.database.db
          .select({ status: coupons.status })
          .from(coupons)
          .where(eq(coupons.couponBatchId, batch.couponBatchId));
        const count = (status: string) => rows.filter((row) => row.status === status).length;
        expect(batch.createdAmount).toBe(rows.length);
        expect(batch.stockAmount).toBe(batch.amount - rows.length);
        expect(batch.assignedAmount).toBe(count('assigned'));
        expect(batch.usedAmount).toBe(count('used'));
        expect(batch.abandonAmount).toBe(count('abandon'));
        expect(count('created')).toBe(200);
        expect(count('used')).toBe(12);
      }
    }
  });
});
