import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Coupon, CouponBindRecordPage, CouponPage } from '@cmp/domain/coupons/coupon-records';
import { insertAccountRange } from '../../test/account-fixtures.js';
import { insertCouponBatch, type CouponBatchFixture } from '../../test/coupon-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { issueCoupons } from './coupon-issue.service.js';
import { coupons } from './coupons.tables.js';

describe('coupon records, deliveries and bind records', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let voucher: CouponBatchFixture;
  let equity: CouponBatchFixture;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    await insertAccountRange(sut.database.db, 'nio', 10);
    await insertAccountRange(sut.database.db, 'pe', 10, 'F');
    voucher = await insertCouponBatch(sut.database.db, 'nio', { batchName: '代金券批次' });
    equity = await insertCouponBatch(sut.database.db, 'nio', {
      batchName: '权益券批次',
      couponBizCode: 'pe_external',
      couponTypeCode: 'equity',
    });
  });
  afterEach(() => sut.app.close());

  const get = (url: string, cookie = viewer) =>
    sut.app.inject({ method: 'GET', url: `/api/nio${url}`, headers: { cookie } });
  const send = async (batch: CouponBatchFixture, accountId: string, amount = 1) => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/coupons/send',
      headers: { cookie: operator },
      payload: { couponBatchId: batch.couponBatchId, accountId, amount },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ coupons: Coupon[] }>().coupons;
  };
  const list = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CouponPage>();
  };

  it('should list coupon records newest first with their batch fields and page them', async () => {
    const [first] = await send(voucher, 'U1');
    const [second] = await send(equity, 'U2');
    await issueCoupons(sut.database.db, {
      tenant: 'nio',
      batch: voucher,
      accountIds: [null],
      channel: 'code',
      operatorAccount: 'generator',
    });
    const all = await list('/coupons');
    expect(all.total).toBe(3);
    expect(all.items.map((c) => c.status)).toEqual(['created', 'assigned', 'assigned']);
    expect(all.items[1]).toEqual({ ...second, updateTime: expect.any(Number) });
    expect(all.items[1]).toMatchObject({ batchName: '权益券批次', couponTypeCode: 'equity' });
    const page = await list('/coupons?pageNo=2&pageSize=1');
    expect(page.total).toBe(3);
    expect(page.items.map((c) => c.couponId)).toEqual([second!.couponId]);
    expect((await list('/coupons?sort=createTime:asc')).items.map((c) => c.status)).toEqual([
      'assigned',
      'assigned',
      'created',
    ]);
    expect((await list(`/coupons?couponUuid=${first!.couponUuid}`)).items.map((c) => c.couponId)).toEqual([
      first!.couponId,
    ]);
  });

  it('should filter records by statuses, time range, account, batch and who bound them', async () => {
    const [a] = await send(voucher, 'U1');
    await send(voucher, 'U2');
    await sut.database.db.update(coupons).set({ status: 'used' }).where(eq(coupons.couponId, a!.couponId));
    expect((await list('/coupons?status=used')).items.map((c) => c.accountId)).toEqual(['U1']);
    expect((await list('/coupons?status=used,assigned')).total).toBe(2);
    expect((await list('/coupons?status=expired')).total).toBe(0);
    expect((await list('/coupons?accountId=U2')).items.map((c) => c.accountId)).toEqual(['U2']);
    expect((await list(`/coupons?couponBatchId=${equity.couponBatchId}`)).total).toBe(0);
    expect((await list('/coupons?operatorAccount=nio-operator')).total).toBe(2);
    expect((await list('/coupons?operatorAccount=someone')).total).toBe(0);
    const from = a!.createTime;
    expect((await list(`/coupons?createTimeFrom=${from}&createTimeTo=${from + 60_000}`)).total).toBe(2);
    expect((await list(`/coupons?createTimeTo=${from - 1}`)).total).toBe(0);
    const bad = await get('/coupons?status=assigned,lost');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('优惠券状态无效');
  });

  it('should resolve a mobile to its account first and answer an unknown one with an empty success', async () => {
    await send(voucher, 'U3');
    await send(voucher, 'U4');
    const byMobile = await list('/coupons?accountMobile=13900000003');
    expect(byMobile.items.map((c) => c.accountId)).toEqual(['U3']);
    expect(await list('/coupons?accountMobile=13700000000')).toEqual({ items: [], total: 0 });
  });

  it("should show a coupon's detail within its tenant only", async () => {
    const [coupon] = await send(voucher, 'U1');
    const detail = await get(`/coupons/${coupon!.couponId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({ ...coupon, updateTime: expect.any(Number) });
    const pe = await sut.userWith('viewer', 'pe');
    const foreign = await sut.app.inject({
      method: 'GET',
      url: `/api/pe/coupons/${coupon!.couponId}`,
      headers: { cookie: pe },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get(`/coupons/${coupon!.couponId}`, pe)).statusCode).toBe(403);
    const theirs = await sut.app.inject({
      method: 'GET',
      url: '/api/pe/coupons',
      headers: { cookie: pe },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json<CouponPage>().total).toBe(0);
  });

  it('should list deliveries: bound coupons only, by batch, business, account, mobile, code and status', async () => {
    await send(voucher, 'U1');
    const [e] = await send(equity, 'U2');
    await issueCoupons(sut.database.db, {
      tenant: 'nio',
      batch: voucher,
      accountIds: [null],
      channel: 'code',
      operatorAccount: 'generator',
    });
    expect((await list('/coupon-deliveries')).total).toBe(2);
    expect((await list('/coupon-deliveries?bizCode=pe_external')).items.map((c) => c.couponId)).toEqual([
      e!.couponId,
    ]);
    expect(
      (await list(`/coupon-deliveries?batchId=${voucher.couponBatchId}`)).items.map((c) => c.accountId),
    ).toEqual(['U1']);
    expect((await list('/coupon-deliveries?mobile=13900000002')).items.map((c) => c.accountId)).toEqual([
      'U2',
    ]);
    expect((await list('/coupon-deliveries?mobile=13700000000')).total).toBe(0);
    expect((await list('/coupon-deliveries?accountId=U1&status=used')).total).toBe(0);
    expect((await list(`/coupon-deliveries?couponUuid=${e!.couponUuid}`)).total).toBe(1);
  });

  it('should export records and deliveries with the screen columns in the reader language', async () => {
    const [coupon] = await send(voucher, 'U1');
    const csv = await get(
      '/coupons/export?format=csv&columns=couponUuid,batchName,status,couponChannel,couponValue',
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      '券码,批次名称,状态,来源,面值/折扣',
      `${coupon!.couponUuid},代金券批次,待使用,手动发放,10`,
    ]);
    const deliveries = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/coupon-deliveries/export?format=csv&columns=accountId,status',
      headers: { cookie: viewer, 'accept-language': 'en-US' },
    });
    expect(
      deliveries.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['Account,Status', 'U1,To be used']);
  });

  it('should list bind records by account, mobile and batch, for viewers, empty for an unknown mobile', async () => {
    await send(voucher, 'U1', 2);
    await send(equity, 'U2');
    const bind = (payload: object) =>
      sut.app.inject({
        method: 'POST',
        url: '/api/nio/coupons/bind-records',
        headers: { cookie: viewer },
        payload,
      });
    const all = await bind({});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ total: 3 });
    const mine = (await bind({ mobile: '13900000001' })).json<CouponBindRecordPage>();
    expect(mine.total).toBe(2);
    expect(mine.items[0]).toMatchObject({
      accountId: 'U1',
      channel: 'send',
      operatorAccount: 'nio-operator',
      batchName: '代金券批次',
      couponBatchId: voucher.couponBatchId,
    });
    expect((await bind({ couponBatchId: equity.couponBatchId })).json()).toMatchObject({ total: 1 });
    const paged = (await bind({ pageNo: 2, pageSize: 2 })).json<CouponBindRecordPage>();
    expect(paged).toMatchObject({ total: 3, items: [{ accountId: 'U1' }] });
    expect((await bind({ mobile: '13700000000' })).json()).toEqual({ items: [], total: 0 });
  });
});
