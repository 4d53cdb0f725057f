import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANTS } from '@cmp/domain';
import type { OrderDetail, OrderPage } from '@cmp/domain/mall/order-contracts';
import type { ProductPage } from '@cmp/domain/mall/product-contracts';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { insertCouponBatch } from '../test/coupon-fixtures.js';
import { insertOperator } from '../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { seedMall } from './mall.demo.js';
import { seededRandom } from './random.js';

describe('demo mall', () => {
  let sut: TestContext;
  let viewer: string;
  beforeAll(async () => {
    sut = await createTestContext();
    const db = sut.database.db;
    await insertOperator(db, { operatorId: 'OP1' });
    for (const tenant of TENANTS) {
      await db.execute(sql`
        insert into ${accounts} (tenant, account_id, mobile, create_time, update_time)
        select ${tenant}, 'ACC' || (100000 + i), '138' || lpad(i::text, 8, '0'), now(), now() from generate_series(0, 3999) as i`);
      for (let i = 0; i < 3; i += 1) await insertCouponBatch(db, tenant, { amount: 500, status: 'finished' });
    }
    viewer = await sut.userWith('viewer', 'nio');
    await db.transaction((tx) =>
      seedMall({
        tx,
        random: seededRandom(7),
        size: 'small',
        password: '',
        now: new Date(),
        storage: new LocalFileStorage(path.join(sut.config.dataDir, 'files')),
      }),
    );
  });
  afterAll(() => sut.app.close());

  const get = async <T>(url: string) => {
    const response = await sut.app.inject({
      method: 'GET',
      url: `/api/nio/mall${url}`,
      headers: { cookie: viewer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('should show products and orders in every state, delivered coupons named on their orders', async () => {
    const products = await get<ProductPage>('/products');
    expect(products.total).toBe(5);
    expect(products.items.some((p) => !p.productDisplay)).toBe(true);
    const orders = await get<OrderPage>('/orders?pageSize=50');
    expect(orders.total).toBe(12);
    const states = new Set(
      orders.items.map(
        (o) => `${o.orderStatus}${o.paymentStatus}${o.deliveryStatus}${o.closedAt ? 'c' : ''}`,
      ),
    );
    expect([...states].sort()).toEqual(['111', '111c', '221', '322']);
    const completed = orders.items.find(
      (o) => o.orderStatus === 3 && o.deliveryContent.some((d) => d.itemType === 'coupon'),
    )!;
    expect(completed.deliveryContent.find((d) => d.itemType === 'coupon')!.couponIds.length).toBeGreaterThan(
      0,
    );
    const refused = orders.items.filter((o) => o.paymentStatus === 2);
    const reports = await Promise.all(refused.map((o) => get<OrderDetail>(`/orders/${o.id}`)));
    expect(reports.some((d) => d.paymentReports.some((r) => r.outcome === 'refused'))).toBe(true);
    expect(reports.every((d) => d.history.map((h) => h.action).includes('MALL_ORDER_PAID'))).toBe(true);
    // Recorded as the orders service and the delivery job record them: the order screen reads them so.
    const detail = await get<OrderDetail>(`/orders/${completed.id}`);
    const given = detail.deliveryContent.find((d) => d.itemType === 'coupon')!;
    expect(detail.history.map((h) => h.detail)).toContainEqual({
      itemCode: given.itemCode,
      itemName: given.itemName,
      itemCount: given.itemCount,
      couponIds: given.couponIds,
    });
    const refusal = reports.flatMap((d) => d.history).find((h) => h.action === 'MALL_PAYMENT_REFUSED')!;
    expect(refusal.detail).toMatchObject({
      amount: expect.any(Number),
      reason: 'mall_payment_amount_mismatch',
    });
    expect(refusal.detail).toHaveProperty('paymentId');
  });
});
