import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderDetail, OrderPage } from '@cmp/domain/mall/order-contracts';
import type { Product, ProductCreateInput, ProductPage } from '@cmp/domain/mall/product-contracts';
import { couponBatches, coupons } from '../coupons/coupons.tables.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { jobs } from '../../platform/jobs/jobs.tables.js';
import { insertAccount } from '../../test/account-fixtures.js';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { insertCouponBatch } from '../../test/coupon-fixtures.js';
import { endedJob, sheetOf } from '../../test/export-files.js';
import { insertOperator } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { closeUnpaidOrders } from './mall-unpaid-close.sweep.js';
import { MALL_DELIVERY_JOB } from './mall-delivery.job.js';
import { mallOrders } from './mall.tables.js';

describe('mall', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let client: TestAppClient;
  let batchId: number;
  let peBatchId: number;

  beforeEach(async () => {
    sut = await createTestContext({ mallUnpaidCloseMinutes: 30 });
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    const db = sut.database.db;
    await insertOperator(db, { operatorId: 'OP1', operatorName: '蔚来能源' });
    await insertAccount(db, 'nio', 'U1', { mobile: '13812345678', nickName: '小明' });
    await insertAccount(db, 'nio', 'GONE', { isDelete: true });
    batchId = (await insertCouponBatch(db, 'nio', { amount: 100, couponName: '10元充电券' })).couponBatchId;
    peBatchId = (await insertCouponBatch(db, 'pe', { amount: 100 })).couponBatchId;
    client = await createAppClient(sut, 'nio');
  });
  afterEach(() => sut.app.close());

  const staff = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    payload?: object,
    cookie = operator,
    language = 'zh-CN',
  ) =>
    sut.app.inject({
      method,
      url: `/api/nio/mall${path}`,
      headers: { cookie, 'accept-language': language },
      payload,
    });
  const productOf = (values: Partial<ProductCreateInput> = {}): ProductCreateInput => ({
    name: '充电券礼包',
    unitPrice: 990,
    originalPrice: 1000,
    advertisement: '限时特惠',
    usageScope: '全国超充站',
    expireInDays: 30,
    description: '两张充电券和一个保温杯',
    imageUrl: '/api/files/pictures/gift.png',
    productDisplay: true,
    groupIds: ['coupon_pack'],
    operatorIds: ['OP1'],
    landingPage: 'https://m.example.com/mall/gift',
    items: [
      { itemType: 'coupon', itemCode: String(batchId), itemName: '10元充电券', itemCount: 2 },
      { itemType: 'goods', itemCode: 'CUP-01', itemName: '保温杯', itemCount: 1 },
    ],
    ...values,
  });
  const created = async (values: Partial<ProductCreateInput> = {}) => {
    const response = await staff('POST', '/products', productOf(values));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  };
  const place = (productId: number, userId = 'U1') =>
    sendSigned(sut, client, 'POST', '/api/app/mall/orders', { userId, productId });
  const pay = (orderId: number, paymentId: string, amount: number) =>
    sendSigned(sut, client, 'POST', `/api/app/mall/orders/${orderId}/payments`, { paymentId, amount });
  const placed = async (productId: number) => {
    const response = await place(productId);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  };
  const deliveries = async () => {
    const rows = await sut.database.db.select().from(jobs).where(eq(jobs.kind, MALL_DELIVERY_JOB));
    return Promise.all(rows.map((row) => endedJob(sut.database.db, row.id)));
  };
  const couponsOf = (accountId: string) =>
    sut.database.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.accountId, accountId), eq(coupons.couponBatchId, batchId)));

  describe('products', () => {
    it('should create a product with every field, read it back and audit it', async () => {
      const product = await created();
      expect(product).toMatchObject({
        name: '充电券礼包',
        unitPrice: 990,
        originalPrice: 1000,
        advertisement: '限时特惠',
        usageScope: '全国超充站',
        expireInDays: 30,
        imageUrl: '/api/files/pictures/gift.png',
        productDisplay: true,
        groupIds: ['coupon_pack'],
        operatorIds: ['OP1'],
        operatorNames: { OP1: '蔚来能源' },
        landingPage: 'https://m.example.com/mall/gift',
        items: productOf().items,
        creator: 'nio-operator',
        version: 1,
      });
      const read = await staff('GET', `/products/${product.id}`, undefined, viewer);
      expect(read.json<Product>()).toEqual(product);
      const audits = await sut.database.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.entityType, 'mall_product'));
      expect(audits.map((a) => a.action)).toEqual(['MALL_PRODUCT_CREATE']);
    });

    it('should list by group and operator, 20 a page, the latest first', async () => {
      await created({ name: 'A', groupIds: ['g1'], operatorIds: [] });
      await created({ name: 'B', groupIds: ['g1', 'g2'] });
      await created({ name: 'C', groupIds: [] });
      const names = async (query: string) =>
        (await staff('GET', `/products${query}`, undefined, viewer)).json<ProductPage>();
      expect((await names('')).items.map((p) => p.name)).toEqual(['C', 'B', 'A']);
      expect((await names('?groupId=g1')).items.map((p) => p.name)).toEqual(['B', 'A']);
      expect((await names('?operatorId=OP1')).items.map((p) => p.name)).toEqual(['C', 'B']);
      expect((await names('?groupId=g2&operatorId=OP1')).total).toBe(1);
      for (let i = 0; i < 20; i += 1) await created({ name: `P${i}` });
      const first = await names('');
      expect(first.items).toHaveLength(20);
      expect(first.total).toBe(23);
    });

    it("should refuse another tenant's batch, an unknown one, an unknown operator and a name taken", async () => {
      await created();
      const refused = async (values: Partial<ProductCreateInput>, language = 'zh-CN') => {
        const response = await staff(
          'POST',
          '/products',
          productOf({ name: '新商品', ...values }),
          operator,
          language,
        );
        expect(response.statusCode, response.body).toBe(422);
        return errorOf(response).message;
      };
      expect(
        await refused({
          items: [{ itemType: 'coupon', itemCode: String(peBatchId), itemName: 'x', itemCount: 1 }],
        }),
      ).toBe(`券批次 ${peBatchId} 不存在`);
      expect(
        await refused(
          { items: [{ itemType: 'coupon', itemCode: '999999', itemName: 'x', itemCount: 1 }] },
          'en-US',
        ),
      ).toBe('Coupon batch 999999 does not exist');
      expect(await refused({ operatorIds: ['NOPE'] })).toBe('运营商 NOPE 不存在');
      expect(await refused({ name: '充电券礼包' })).toBe('商品 充电券礼包 已存在');
    });

    it('should refuse hostile and inconsistent fields with 400', async () => {
      const bad = async (values: object) => {
        const response = await staff('POST', '/products', { ...productOf(), ...values });
        expect(response.statusCode, response.body).toBe(400);
      };
      await bad({ originalPrice: 500 });
      await bad({ unitPrice: 0 });
      await bad({ unitPrice: 9.9 });
      await bad({ items: [] });
      await bad({ items: [{ itemType: 'coupon', itemCode: 'abc', itemName: 'x', itemCount: 1 }] });
      await bad({ items: [{ itemType: 'gift', itemCode: '1', itemName: 'x', itemCount: 1 }] });
      await bad({ items: [{ itemType: 'goods', itemCode: '1', itemName: 'x', itemCount: 1000 }] });
      await bad({ landingPage: 'javascript:alert(1)' });
      await bad({ groupIds: ['a b'] });
      await bad({ name: 'x\u0000y' });
      await bad({ name: 'x'.repeat(65) });
    });

    it('should edit from the version read, refuse a stale one, and switch display', async () => {
      const product = await created();
      const edit = await staff('PUT', `/products/${product.id}`, {
        ...productOf({ unitPrice: 1990, originalPrice: null }),
        version: 1,
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json<Product>()).toMatchObject({ unitPrice: 1990, originalPrice: null, version: 2 });
      const stale = await staff('PUT', `/products/${product.id}`, { ...productOf(), version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale).message).toBe('该商品已被他人修改，请刷新后重新修改');
      const hidden = await staff('PUT', `/products/${product.id}/display`, {
        productDisplay: false,
        version: 2,
      });
      expect(hidden.json<Product>()).toMatchObject({ productDisplay: false, version: 3 });
      const actions = await sut.database.db
        .select({ action: auditRecords.action, after: auditRecords.after })
        .from(auditRecords)
        .where(eq(auditRecords.entityType, 'mall_product'));
      expect(actions.map((a) => a.action)).toEqual([
        'MALL_PRODUCT_CREATE',
        'MALL_PRODUCT_UPDATE',
        'MALL_PRODUCT_DISPLAY_OFF',
      ]);
      expect(actions[1]!.after).toEqual({ unitPrice: 1990, originalPrice: null });
    });

    it('should keep viewers and other tenants out of changes', async () => {
      const product = await created();
      expect((await staff('POST', '/products', productOf({ name: 'v' }), viewer)).statusCode).toBe(403);
      expect(
        (await staff('PUT', `/products/${product.id}/display`, { productDisplay: false, version: 1 }, viewer))
          .statusCode,
      ).toBe(403);
      const peOperator = await sut.userWith('operator', 'pe');
      expect((await staff('GET', '/products', undefined, peOperator)).statusCode).toBe(403);
      const peRead = await sut.app.inject({
        method: 'GET',
        url: `/api/pe/mall/products/${product.id}`,
        headers: { cookie: peOperator },
      });
      expect(peRead.statusCode).toBe(404);
    });

    it('should export the list in the screen language', async () => {
      await created();
      const sheet = await sheetOf(await staff('GET', '/products/export?format=xlsx', undefined, viewer));
      expect(sheet.getRow(1).getCell(2).text).toBe('商品名称');
      expect(sheet.getRow(2).getCell(2).text).toBe('充电券礼包');
      expect(sheet.getRow(2).getCell(3).text).toBe('9.90');
      expect(sheet.getRow(2).getCell(5).text).toBe(`coupon:${batchId}:10元充电券:2;goods:CUP-01:保温杯:1`);
    });
  });

  describe('orders', () => {
    it('should place an order at the price of the moment, pay it, issue its coupons once and wait for shipping', async () => {
      const product = await created();
      const order = await placed(product.id);
      expect(order).toMatchObject({
        productName: '充电券礼包',
        productPrice: 990,
        userId: 'U1',
        mobile: '13812345678',
        orderStatus: 1,
        paymentStatus: 1,
        deliveryStatus: 1,
        closedAt: null,
      });
      expect(order.deliveryContent.map((d) => [d.itemType, d.itemCode, d.deliveryStatus])).toEqual([
        ['coupon', String(batchId), 1],
        ['goods', 'CUP-01', 1],
      ]);
      // A later price changes no order placed.
      await staff('PUT', `/products/${product.id}`, {
        ...productOf({ unitPrice: 1500, originalPrice: null }),
        version: 1,
      });

      const paid = await pay(order.id, 'PAY-1', 990);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json<Order>()).toMatchObject({
        paymentStatus: 2,
        orderStatus: 2,
        paymentId: 'PAY-1',
        paymentAmount: 990,
      });
      const again = await pay(order.id, 'PAY-1', 990);
      expect(again.statusCode, again.body).toBe(200);
      for (const job of await deliveries()) expect(job.state).toBe('succeeded');

      const issued = await couponsOf('U1');
      expect(issued).toHaveLength(2);
      const read = await sendSigned(sut, client, 'GET', `/api/app/mall/orders/${order.id}`);
      const delivered = read.json<Order>();
      expect(delivered).toMatchObject({ orderStatus: 2, paymentStatus: 2, deliveryStatus: 1 });
      expect(delivered.deliveryContent[0]).toMatchObject({
        itemCode: String(batchId),
        itemName: '10元充电券',
        itemCount: 2,
        deliveryStatus: 2,
        couponIds: issued.map((c) => c.couponId).sort((a, b) => a - b),
      });
      expect(delivered.deliveryContent[1]).toMatchObject({ deliveryStatus: 1, couponIds: [] });

      const goods = delivered.deliveryContent[1]!.orderItemId;
      const ship = await staff('POST', `/orders/${order.id}/ship`, {
        version: delivered.version,
        items: [{ orderItemId: goods, shippingContent: '顺丰 SF1234567890' }],
      });
      expect(ship.statusCode, ship.body).toBe(200);
      expect(ship.json<Order>()).toMatchObject({ orderStatus: 3, deliveryStatus: 2 });
      const twice = await staff(
        'POST',
        `/orders/${order.id}/ship`,
        {
          version: ship.json<Order>().version,
          items: [{ orderItemId: goods, shippingContent: '再发一次' }],
        },
        operator,
        'en-US',
      );
      expect(twice.statusCode).toBe(409);
      expect(errorOf(twice)).toMatchObject({
        code: 'mall_order_completed',
        message: 'This order is completed: everything was delivered',
      });

      const detail = (await staff('GET', `/orders/${order.id}`, undefined, viewer)).json<OrderDetail>();
      expect(detail.mobile).toBe('138****5678');
      expect(detail.deliveryContent[1]).toMatchObject({
        shippingContent: '顺丰 SF1234567890',
        deliveryStatus: 2,
      });
      expect(detail.paymentReports).toEqual([
        expect.objectContaining({ paymentId: 'PAY-1', amount: 990, outcome: 'accepted', reason: null }),
      ]);
      expect(detail.history.map((h) => h.action)).toEqual([
        'MALL_ORDER_CREATE',
        'MALL_ORDER_PAID',
        'MALL_ORDER_DELIVERED',
        'MALL_ORDER_COMPLETED',
      ]);
    });

    it('should complete an order of coupons only once they are issued', async () => {
      const product = await created({
        items: [{ itemType: 'coupon', itemCode: String(batchId), itemName: '券', itemCount: 1 }],
      });
      const order = await placed(product.id);
      await pay(order.id, 'PAY-1', 990);
      await deliveries();
      const read = (await staff('GET', `/orders/${order.id}`)).json<Order>();
      expect(read).toMatchObject({ orderStatus: 3, paymentStatus: 2, deliveryStatus: 2 });
    });

    it('should refuse a wrong amount, a second payment and a closed order, keeping each report for review', async () => {
      const product = await created();
      const order = await placed(product.id);
      const short = await pay(order.id, 'PAY-0', 100);
      expect(short.statusCode).toBe(422);
      expect(errorOf(short)).toMatchObject({
        code: 'mall_payment_amount_mismatch',
        message: '支付金额（1.00）与订单价格（9.90）不符，本次支付已留存待核查',
      });
      expect((await pay(order.id, 'PAY-1', 990)).statusCode).toBe(200);
      const second = await pay(order.id, 'PAY-2', 990);
      expect(second.statusCode).toBe(409);
      expect(errorOf(second).code).toBe('mall_order_paid');
      await deliveries();
      expect(await couponsOf('U1')).toHaveLength(2);
      const detail = (await staff('GET', `/orders/${order.id}`)).json<OrderDetail>();
      expect(detail.paymentReports.map((r) => [r.paymentId, r.outcome, r.reason])).toEqual([
        ['PAY-0', 'refused', 'mall_payment_amount_mismatch'],
        ['PAY-1', 'accepted', null],
        ['PAY-2', 'refused', 'mall_order_paid'],
      ]);
      expect(detail.paymentId).toBe('PAY-1');

      const late = await placed(product.id);
      await sut.database.db
        .update(mallOrders)
        .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
        .where(eq(mallOrders.orderId, late.id));
      const closed = await pay(late.id, 'PAY-3', 990);
      expect(closed.statusCode).toBe(409);
      expect(errorOf(closed)).toMatchObject({
        code: 'mall_order_closed',
        message: '该订单已因未支付关闭，本次支付已留存待核查',
      });
      const read = (await staff('GET', `/orders/${late.id}`)).json<OrderDetail>();
      expect(read).toMatchObject({
        orderStatus: 1,
        paymentStatus: 1,
        deliveryStatus: 1,
        closedAt: expect.any(Number),
      });
      expect(read.paymentReports.map((r) => r.reason)).toEqual(['mall_order_closed']);
    });

    it('should refuse an unknown or deleted user, a hidden product, and shipping an unpaid order', async () => {
      const product = await created();
      const gone = await place(product.id, 'GONE');
      expect(gone.statusCode).toBe(422);
      expect(errorOf(gone).code).toBe('user_not_found');
      expect((await place(999)).statusCode).toBe(404);
      const order = await placed(product.id);
      const unpaid = await staff('POST', `/orders/${order.id}/ship`, {
        version: order.version,
        items: [{ orderItemId: order.deliveryContent[1]!.orderItemId, shippingContent: 'x' }],
      });
      expect(unpaid.statusCode).toBe(409);
      expect(errorOf(unpaid)).toMatchObject({
        code: 'mall_order_unpaid',
        message: '该订单未支付，暂不能发货',
      });
      await staff('PUT', `/products/${product.id}/display`, { productDisplay: false, version: 1 });
      const hidden = await place(product.id);
      expect(hidden.statusCode).toBe(409);
      expect(errorOf(hidden).code).toBe('mall_product_hidden');
      const foreign = await createAppClient(sut, 'pe');
      const peRead = await sendSigned(sut, foreign, 'GET', `/api/app/mall/orders/${order.id}`);
      expect(peRead.statusCode).toBe(404);
      const unsigned = await sut.app.inject({
        method: 'POST',
        url: '/api/app/mall/orders',
        payload: { userId: 'U1', productId: product.id },
      });
      expect(unsigned.statusCode).toBe(401);
    });

    it('should refuse shipping a coupon item, and a stale version', async () => {
      const product = await created();
      const order = await placed(product.id);
      await pay(order.id, 'PAY-1', 990);
      await deliveries();
      const read = (await staff('GET', `/orders/${order.id}`)).json<Order>();
      const coupon = await staff('POST', `/orders/${order.id}/ship`, {
        version: read.version,
        items: [{ orderItemId: read.deliveryContent[0]!.orderItemId, shippingContent: 'x' }],
      });
      expect(coupon.statusCode).toBe(409);
      expect(errorOf(coupon).code).toBe('mall_item_not_waiting');
      const stale = await staff('POST', `/orders/${order.id}/ship`, {
        version: 1,
        items: [{ orderItemId: read.deliveryContent[1]!.orderItemId, shippingContent: 'x' }],
      });
      expect(stale.statusCode).toBe(409);
      expect(
        (await staff('POST', `/orders/${order.id}/ship`, { version: read.version, items: [] }, viewer))
          .statusCode,
      ).toBe(403);
    });

    it('should issue nothing twice when a second delivery job of the order runs', async () => {
      const product = await created();
      const order = await placed(product.id);
      await pay(order.id, 'PAY-1', 990);
      await deliveries();
      const again = await sut.database.db
        .insert(jobs)
        .values({
          kind: MALL_DELIVERY_JOB,
          tenant: 'nio',
          createdBy: 0,
          createdByName: 'test',
          params: { orderId: order.id },
        })
        .returning();
      expect((await endedJob(sut.database.db, again[0]!.id, 10_000)).state).toBe('succeeded');
      expect(await couponsOf('U1')).toHaveLength(2);
    });

    /** A paid order of two coupons from a batch of one: its delivery is refused for stock. */
    const refusedOrder = async () => {
      const small = await insertCouponBatch(sut.database.db, 'nio', { amount: 1 });
      const product = await created({
        items: [{ itemType: 'coupon', itemCode: String(small.couponBatchId), itemName: '券', itemCount: 2 }],
      });
      const order = await placed(product.id);
      await pay(order.id, 'PAY-1', 990);
      await deliveries();
      return { small, order };
    };

    it('should keep the refusal on a coupon item whose batch runs out, and leave the order to be shipped', async () => {
      const { order } = await refusedOrder();
      const read = (await staff('GET', `/orders/${order.id}`)).json<Order>();
      expect(read).toMatchObject({ orderStatus: 2, deliveryStatus: 1 });
      expect(read.deliveryContent[0]).toMatchObject({
        deliveryStatus: 1,
        deliveryError: 'coupon_batch_stock_not_enough',
      });
    });

    it('should deliver a refused coupon item again once its batch can give it, issuing it once', async () => {
      const { small, order } = await refusedOrder();
      const refused = (await staff('GET', `/orders/${order.id}`)).json<Order>();
      const again = (version: number, cookie = operator) =>
        staff('POST', `/orders/${order.id}/redeliver`, { version }, cookie);

      expect((await again(refused.version, viewer)).statusCode).toBe(403);
      expect((await again(refused.version + 1)).statusCode).toBe(409);
      await sut.database.db
        .update(couponBatches)
        .set({ amount: 10, stockAmount: 10 })
        .where(eq(couponBatches.couponBatchId, small.couponBatchId));
      const queued = await again(refused.version);
      expect(queued.statusCode, queued.body).toBe(202);
      const { jobId } = queued.json<{ jobId: number }>();
      expect((await endedJob(sut.database.db, jobId)).state).toBe('succeeded');

      const read = (await staff('GET', `/orders/${order.id}`)).json<OrderDetail>();
      expect(read).toMatchObject({ orderStatus: 3, deliveryStatus: 2 });
      expect(read.deliveryContent[0]).toMatchObject({ deliveryStatus: 2, deliveryError: null });
      expect(read.deliveryContent[0]!.couponIds).toHaveLength(2);
      expect(read.history.map((h) => h.action)).toContain('MALL_ORDER_REDELIVER');
      const issued = await sut.database.db
        .select()
        .from(coupons)
        .where(and(eq(coupons.accountId, 'U1'), eq(coupons.couponBatchId, small.couponBatchId)));
      expect(issued).toHaveLength(2);
      const completed = await again(read.version);
      expect(completed.statusCode).toBe(409);
      expect(errorOf(completed).code).toBe('mall_order_completed');
    });

    it('should say there is nothing to deliver again when no coupon item was refused', async () => {
      const product = await created();
      const order = await placed(product.id);
      await pay(order.id, 'PAY-1', 990);
      await deliveries();
      const read = (await staff('GET', `/orders/${order.id}`)).json<Order>();
      const refused = await staff('POST', `/orders/${order.id}/redeliver`, { version: read.version });
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toMatchObject({
        code: 'mall_nothing_to_redeliver',
        message: '没有发放失败的优惠券，无需重新发放',
      });
    });

    it('should filter the order list by every field of the spec, the creation range sent comma-joined', async () => {
      await insertAccount(sut.database.db, 'nio', 'U2', { mobile: '13900000000' });
      const product = await created();
      const a = await placed(product.id);
      const b = (await place(product.id, 'U2')).json<Order>();
      await pay(a.id, 'PAY-1', 990);
      await deliveries();
      const ids = async (query: string, cookie = operator) => {
        const response = await staff('GET', `/orders${query}`, undefined, cookie);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<OrderPage>().items.map((o) => o.id);
      };
      expect(await ids('')).toEqual([b.id, a.id]);
      expect(await ids(`?id=${a.id}`)).toEqual([a.id]);
      expect(await ids('?mobile=1390000')).toEqual([b.id]);
      expect(await ids('?userId=U1')).toEqual([a.id]);
      expect(await ids('?orderStatus=2')).toEqual([a.id]);
      expect(await ids('?paymentStatus=1')).toEqual([b.id]);
      expect(await ids('?deliveryStatus=1')).toEqual([b.id, a.id]);
      const now = Date.now();
      expect(await ids(`?createTimeRange=${now - 60_000},${now + 60_000}`)).toEqual([b.id, a.id]);
      expect(await ids(`?createTimeRange=${now + 60_000},${now + 120_000}`)).toEqual([]);
      expect((await staff('GET', '/orders?createTimeRange=abc')).statusCode).toBe(400);
      expect((await staff('GET', `/orders?createTimeRange=${now},${now - 1}`)).statusCode).toBe(400);
      expect((await staff('GET', '/orders?orderStatus=7')).statusCode).toBe(400);
      const masked = (await staff('GET', '/orders', undefined, viewer)).json<OrderPage>();
      expect(masked.items.map((o) => o.mobile)).toEqual(['139****0000', '138****5678']);
      const sheet = await sheetOf(await staff('GET', '/orders/export?format=xlsx', undefined, viewer));
      expect(sheet.getRow(1).getCell(6).text).toBe('订单状态');
      expect(sheet.getRow(3).getCell(5).text).toBe('138****5678');
      expect(sheet.getRow(3).getCell(6).text).toBe('待发货');
    });

    it('should close orders left unpaid past the configured time, and no other', async () => {
      const product = await created();
      const old = await placed(product.id);
      const fresh = await placed(product.id);
      const paid = await placed(product.id);
      await pay(paid.id, 'PAY-1', 990);
      await sut.database.db
        .update(mallOrders)
        .set({ createdAt: new Date(Date.now() - 45 * 60_000) })
        .where(eq(mallOrders.orderId, old.id));
      await sut.database.db
        .update(mallOrders)
        .set({ createdAt: new Date(Date.now() - 45 * 60_000) })
        .where(eq(mallOrders.orderId, paid.id));
      expect(await closeUnpaidOrders(sut.database.db, 30)).toBe(1);
      expect(await closeUnpaidOrders(sut.database.db, 30)).toBe(0);
      const closed = async (id: number) => (await staff('GET', `/orders/${id}`)).json<OrderDetail>();
      expect((await closed(old.id)).closedAt).not.toBeNull();
      expect((await closed(old.id)).history.at(-1)!.action).toBe('MALL_ORDER_CLOSED');
      expect((await closed(fresh.id)).closedAt).toBeNull();
      expect((await closed(paid.id)).closedAt).toBeNull();
      expect(
        await (async () =>
          (await staff('GET', '/orders?closed=true')).json<OrderPage>().items.map((o) => o.id))(),
      ).toEqual([old.id]);
      expect((await pay(old.id, 'PAY-9', 990)).statusCode).toBe(409);
      await deliveries();
    });
  });
});
