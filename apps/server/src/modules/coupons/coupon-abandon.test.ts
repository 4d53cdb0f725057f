import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Coupon, CouponAbandonPage, CouponAbandonRecord } from '@cmp/domain/coupons/coupon-records';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertAccountRange } from '../../test/account-fixtures.js';
import { insertCouponBatch, type CouponBatchFixture } from '../../test/coupon-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { issueCoupons } from './coupon-issue.service.js';
import { couponBatches, couponGenerateRecords, coupons } from './coupons.tables.js';

describe('coupon abandon', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let batch: CouponBatchFixture;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    await insertAccountRange(sut.database.db, 'nio', 5);
    batch = await insertCouponBatch(sut.database.db, 'nio', { amount: 100, batchName: '作废测试' });
  });
  afterEach(() => sut.app.close());

  const send = async (accountId: string, amount = 1, to = batch) => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/coupons/send',
      headers: { cookie: operator },
      payload: { couponBatchId: to.couponBatchId, accountId, amount },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ coupons: Coupon[] }>().coupons;
  };
  const codes = (count: number, generateRecordId?: number) =>
    issueCoupons(sut.database.db, {
      tenant: 'nio',
      batch,
      accountIds: Array<null>(count).fill(null),
      channel: 'code',
      operatorAccount: 'generator',
      generateRecordId,
      seqStart: generateRecordId === undefined ? undefined : 0,
    });
  const abandon = (payload: object, cookie = operator, lang = 'zh-CN') =>
    sut.app.inject({
      method: 'POST',
      url: '/api/nio/coupons/abandon',
      headers: { cookie, 'accept-language': lang },
      payload,
    });
  const counters = async (id = batch.couponBatchId) => {
    const [row] = await sut.database.db
      .select()
      .from(couponBatches)
      .where(eq(couponBatches.couponBatchId, id));
    return {
      status: row!.status,
      stock: row!.stockAmount,
      created: row!.createdAmount,
      assigned: row!.assignedAmount,
      abandon: row!.abandonAmount,
    };
  };
  const statusOf = async (couponId: number) =>
    (await sut.database.db.select().from(coupons).where(eq(coupons.couponId, couponId)))[0]!.status;

  it('should abandon one coupon by its code with the record, counters and audit, and refuse it again with 409', async () => {
    const [coupon] = await send('U1');
    const response = await abandon({ abandonType: 'coupon_uuid', value: coupon!.couponUuid, remark: '误发' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<CouponAbandonRecord>()).toEqual({
      id: expect.any(Number),
      abandonType: 'coupon_uuid',
      value: coupon!.couponUuid,
      batchId: batch.couponBatchId,
      batchName: '作废测试',
      abandonAmount: 1,
      operatorAccount: 'nio-operator',
      remark: '误发',
      createTime: expect.any(Number),
    });
    expect(await statusOf(coupon!.couponId)).toBe('abandon');
    expect(await counters()).toEqual({ status: 'created', stock: 99, created: 1, assigned: 0, abandon: 1 });
    const [audit] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'COUPON_ABANDON'));
    expect(audit).toMatchObject({
      entityType: 'coupon_abandon',
      tenant: 'nio',
      actorUserName: 'nio-operator',
    });

    const again = await abandon(
      { abandonType: 'coupon_uuid', value: coupon!.couponUuid, remark: '误发' },
      operator,
      'en-US',
    );
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Nothing to abandon: no unused coupon matches');
  });

  it("should abandon an account's unused coupons, of one batch when named, leaving used ones", async () => {
    const other = await insertCouponBatch(sut.database.db, 'nio', { batchName: '另一批' });
    const [used, kept] = await send('U1', 2);
    await send('U1', 1, other);
    await send('U2');
    await sut.database.db.update(coupons).set({ status: 'used' }).where(eq(coupons.couponId, used!.couponId));
    const one = await abandon({
      abandonType: 'account_id',
      value: 'U1',
      couponBatchId: batch.couponBatchId,
      remark: '退款',
    });
    expect(one.json<CouponAbandonRecord>()).toMatchObject({ abandonAmount: 1, batchId: batch.couponBatchId });
    expect(await statusOf(kept!.couponId)).toBe('abandon');
    expect(await statusOf(used!.couponId)).toBe('used');
    expect(await counters()).toMatchObject({ assigned: 2, abandon: 1 });
    expect((await counters(other.couponBatchId)).assigned).toBe(1);
    const all = await abandon({ abandonType: 'account_id', value: 'U1', remark: '注销' });
    expect(all.json<CouponAbandonRecord>()).toMatchObject({
      abandonAmount: 1,
      batchId: other.couponBatchId,
      batchName: '另一批',
    });
    expect(await counters(other.couponBatchId)).toMatchObject({ assigned: 0, abandon: 1 });
  });

  it('should abandon what a generate record made, unclaimed codes counted as abandoned but never as assigned', async () => {
    const [record] = await sut.database.db
      .insert(couponGenerateRecords)
      .values({
        tenant: 'nio',
        couponBatchId: batch.couponBatchId,
        generateType: 'generate',
        generateAmount: 3,
        operatorAccount: 'x',
      })
      .returning();
    await codes(3, record!.generateRecordId);
    await send('U3');
    const response = await abandon({
      abandonType: 'coupon_generate_record_id',
      value: String(record!.generateRecordId),
      remark: '作废',
    });
    expect(response.json<CouponAbandonRecord>().abandonAmount).toBe(3);
    expect(await counters()).toEqual({ status: 'created', stock: 96, created: 4, assigned: 1, abandon: 3 });
    expect(
      (await abandon({ abandonType: 'coupon_generate_record_id', value: 'x1', remark: '作废' })).statusCode,
    ).toBe(400);
  });

  it('should abandon a whole batch and end it, so nothing more is sent from it', async () => {
    await send('U1', 2);
    await codes(2);
    const response = await abandon({
      abandonType: 'coupon_batch_id',
      value: String(batch.couponBatchId),
      remark: '活动取消',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<CouponAbandonRecord>()).toMatchObject({
      abandonAmount: 4,
      batchId: batch.couponBatchId,
    });
    expect(await counters()).toEqual({ status: 'killed', stock: 96, created: 4, assigned: 0, abandon: 4 });
    const sendAfter = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/coupons/send',
      headers: { cookie: operator },
      payload: { couponBatchId: batch.couponBatchId, accountId: 'U1' },
    });
    expect(errorOf(sendAfter).code).toBe('coupon_unavailable');
    expect(
      (await abandon({ abandonType: 'coupon_batch_id', value: String(batch.couponBatchId), remark: '再次' }))
        .statusCode,
    ).toBe(409);
    const foreign = await insertCouponBatch(sut.database.db, 'pe');
    expect(
      (await abandon({ abandonType: 'coupon_batch_id', value: String(foreign.couponBatchId), remark: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(await counters(foreign.couponBatchId)).toMatchObject({ status: 'created' });
  });

  it('should refuse viewers, a missing remark and another tenant’s coupon', async () => {
    const [coupon] = await send('U1');
    expect(
      (await abandon({ abandonType: 'coupon_uuid', value: coupon!.couponUuid, remark: 'x' }, viewer))
        .statusCode,
    ).toBe(403);
    expect(
      (await abandon({ abandonType: 'coupon_uuid', value: coupon!.couponUuid, remark: '' })).statusCode,
    ).toBe(400);
    const pe = await sut.userWith('operator', 'pe');
    const foreign = await sut.app.inject({
      method: 'POST',
      url: '/api/pe/coupons/abandon',
      headers: { cookie: pe },
      payload: { abandonType: 'coupon_uuid', value: coupon!.couponUuid, remark: 'x' },
    });
    expect(foreign.statusCode).toBe(409);
    expect(await statusOf(coupon!.couponId)).toBe('assigned');
  });

  it('should list and export abandon records newest first with the filter', async () => {
    const [a, b] = await send('U1', 2);
    await abandon({ abandonType: 'coupon_uuid', value: a!.couponUuid, remark: '一' });
    await abandon({ abandonType: 'coupon_uuid', value: b!.couponUuid, remark: '二' });
    const get = (url: string, lang = 'zh-CN') =>
      sut.app.inject({
        method: 'GET',
        url: `/api/nio${url}`,
        headers: { cookie: viewer, 'accept-language': lang },
      });
    const list = (await get('/coupon-abandon-records')).json<CouponAbandonPage>();
    expect(list.total).toBe(2);
    expect(list.items.map((r) => r.remark)).toEqual(['二', '一']);
    const oldestFirst = (
      await get('/coupon-abandon-records?sort=createTime:asc&pageSize=1')
    ).json<CouponAbandonPage>();
    expect(oldestFirst).toMatchObject({ total: 2, items: [{ remark: '一' }] });
    const filtered = (
      await get(`/coupon-abandon-records?value=${a!.couponUuid}&abandonType=coupon_uuid`)
    ).json<CouponAbandonPage>();
    expect(filtered.items.map((r) => r.remark)).toEqual(['一']);
    expect(
      (await get(`/coupon-abandon-records?couponAbandonRecordId=${list.items[0]!.id}`)).json(),
    ).toMatchObject({ total: 1 });
    expect((await get('/coupon-abandon-records?operatorAccount=nobody')).json()).toEqual({
      items: [],
      total: 0,
    });
    const csv = await get(
      '/coupon-abandon-records/export?format=csv&columns=abandonType,value,abandonAmount,remark',
      'en-US',
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual([
      'Abandoned by,Value,Coupons abandoned,Remark',
      `By code,${b!.couponUuid},1,二`,
      `By code,${a!.couponUuid},1,一`,
    ]);
  });
});
