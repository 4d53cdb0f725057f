import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Coupon } from '@cmp/domain/coupons/coupon-records';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { jobs } from '../../platform/jobs/jobs.tables.js';
import { insertAccount, insertAccountRange } from '../../test/account-fixtures.js';
import { insertCouponBatch } from '../../test/coupon-fixtures.js';
import { endedJob } from '../../test/export-files.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import type { StepResult } from '../../platform/jobs/job-kind.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { couponSendJobKind } from './coupon-sending.job.js';
import { couponBatches, couponBindRecords, coupons } from './coupons.tables.js';

describe('coupon sending', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    await insertAccountRange(sut.database.db, 'nio', 300);
    await insertAccount(sut.database.db, 'pe', 'P1', { mobile: '13800000001' });
  });
  afterEach(() => sut.app.close());

  const post = (url: string, payload: object, cookie = operator, lang = 'zh-CN') =>
    sut.app.inject({
      method: 'POST',
      url: `/api/nio${url}`,
      headers: { cookie, 'accept-language': lang },
      payload,
    });
  const batchRow = async (id: number) =>
    (await sut.database.db.select().from(couponBatches).where(eq(couponBatches.couponBatchId, id)))[0]!;
  const couponsOf = (batchId: number) =>
    sut.database.db.select().from(coupons).where(eq(coupons.couponBatchId, batchId));

  it('should send coupons to one account with the batch fields, bind records, counters and an audit', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio', { amount: 10, batchName: '十元券' });
    const response = await post('/coupons/send', {
      couponBatchId: batch.couponBatchId,
      accountId: 'U7',
      amount: 2,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ accountId: string; coupons: Coupon[] }>();
    expect(body.accountId).toBe('U7');
    expect(body.coupons).toHaveLength(2);
    expect(body.coupons[0]).toMatchObject({
      couponBatchId: batch.couponBatchId,
      accountId: 'U7',
      status: 'assigned',
      couponStatus: 'assigned',
      couponChannel: 'send',
      batchName: '十元券',
      couponName: '充电券',
      couponTypeCode: 'voucher',
      couponValue: 1000,
      expireDate: batch.expireDate!.getTime(),
    });
    expect(await batchRow(batch.couponBatchId)).toMatchObject({
      stockAmount: 8,
      createdAmount: 2,
      assignedAmount: 2,
    });
    const binds = await sut.database.db.select().from(couponBindRecords);
    expect(binds.map((b) => [b.accountId, b.channel, b.operatorAccount])).toEqual([
      ['U7', 'send', 'nio-operator'],
      ['U7', 'send', 'nio-operator'],
    ]);
    const [audit] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'COUPON_SEND'));
    expect(audit).toMatchObject({
      entityType: 'coupon_batch',
      entityId: String(batch.couponBatchId),
      tenant: 'nio',
    });
  });

  it('should resolve a mobile to its account first', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio');
    const response = await post('/coupons/send', {
      couponBatchId: batch.couponBatchId,
      mobile: '13900000042',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ accountId: string }>().accountId).toBe('U42');
  });

  it('should answer user_not_found for an unknown account id or mobile and send nothing', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio');
    const byId = await post('/coupons/send', { couponBatchId: batch.couponBatchId, accountId: 'nobody' });
    expect(byId.statusCode).toBe(404);
    expect(errorOf(byId).code).toBe('user_not_found');
    // Another tenant's mobile is not this tenant's user.
    const byMobile = await post('/coupons/send', {
      couponBatchId: batch.couponBatchId,
      mobile: '13800000001',
    });
    expect(byMobile.statusCode).toBe(404);
    expect(errorOf(byMobile).code).toBe('user_not_found');
    expect(await couponsOf(batch.couponBatchId)).toEqual([]);
  });

  it('should hold staff sends to the limit per user, the stock and an open batch of the tenant', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio', { amount: 5, limitPerUser: 2 });
    expect(
      (await post('/coupons/send', { couponBatchId: batch.couponBatchId, accountId: 'U1', amount: 2 }))
        .statusCode,
    ).toBe(200);
    const over = await post('/coupons/send', { couponBatchId: batch.couponBatchId, accountId: 'U1' });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toMatchObject({ code: 'coupon_batch_amount_limit', message: '已达批次领取上限' });

    const short = await post(
      '/coupons/send',
      { couponBatchId: batch.couponBatchId, accountId: 'U2', amount: 2 },
      operator,
      'en-US',
    );
    expect(short.statusCode).toBe(200);
    const empty = await post(
      '/coupons/send',
      { couponBatchId: batch.couponBatchId, accountId: 'U3', amount: 2 },
      operator,
      'en-US',
    );
    expect(empty.statusCode).toBe(409);
    expect(errorOf(empty)).toMatchObject({
      code: 'coupon_batch_stock_not_enough',
      message: 'Batch stock insufficient',
    });

    const ended = await insertCouponBatch(sut.database.db, 'nio', { status: 'killed' });
    const closed = await post('/coupons/send', { couponBatchId: ended.couponBatchId, accountId: 'U1' });
    expect(errorOf(closed).code).toBe('coupon_unavailable');
    const notGranting = await insertCouponBatch(sut.database.db, 'nio', { grantEnable: false });
    const refused = await post('/coupons/send', {
      couponBatchId: notGranting.couponBatchId,
      accountId: 'U1',
    });
    expect(errorOf(refused).code).toBe('coupon_unavailable');
    const foreign = await insertCouponBatch(sut.database.db, 'pe');
    expect(
      (await post('/coupons/send', { couponBatchId: foreign.couponBatchId, accountId: 'U1' })).statusCode,
    ).toBe(404);
    expect(await batchRow(batch.couponBatchId)).toMatchObject({
      stockAmount: 1,
      createdAmount: 4,
      assignedAmount: 4,
    });
  });

  it('should refuse sends by viewers and a body naming both or neither user', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio');
    expect(
      (await post('/coupons/send', { couponBatchId: batch.couponBatchId, accountId: 'U1' }, viewer))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/coupons/batch-send', { couponBatchId: batch.couponBatchId, accountIds: ['U1'] }, viewer))
        .statusCode,
    ).toBe(403);
    const both = await post('/coupons/send', {
      couponBatchId: batch.couponBatchId,
      accountId: 'U1',
      mobile: '13900000001',
    });
    expect(both.statusCode).toBe(400);
    expect(errorOf(both).message).toContain('请填写账号ID或手机号其中之一');
  });

  it('should refuse a batch send naming unknown accounts with 422, nothing sent and no job', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio');
    const response = await post('/coupons/batch-send', {
      couponBatchId: batch.couponBatchId,
      accountIds: ['U1', 'ghost-1', 'U2', 'ghost-2'],
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({
      code: 'user_not_found',
      message: '2 个账号不存在：ghost-1, ghost-2',
      details: { missing: ['ghost-1', 'ghost-2'] },
    });
    expect(await sut.database.db.select().from(jobs)).toEqual([]);
    expect(await couponsOf(batch.couponBatchId)).toEqual([]);
  });

  it('should batch send by a job in chunks, each account once, with the counters exact', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio', { amount: 1000 });
    const accountIds = Array.from({ length: 300 }, (_, i) => `U${i}`);
    const response = await post('/coupons/batch-send', {
      couponBatchId: batch.couponBatchId,
      accountIds: [...accountIds, 'U0', 'U1'],
      amount: 3,
    });
    expect(response.statusCode, response.body).toBe(202);
    const job = await endedJob(sut.database.db, response.json<{ jobId: number }>().jobId);
    expect(job.state, job.error ?? '').toBe('succeeded');
    expect(job.result).toEqual({ counts: { recipients: 300, coupons: 900 }, files: [] });
    expect(job.progressMessage).toBe('已向 300 个账号发放 900 张优惠券');
    const issued = await couponsOf(batch.couponBatchId);
    expect(issued).toHaveLength(900);
    expect(issued.filter((c) => c.accountId === 'U0' && c.couponChannel === 'send')).toHaveLength(3);
    expect(await batchRow(batch.couponBatchId)).toMatchObject({
      stockAmount: 100,
      createdAmount: 900,
      assignedAmount: 900,
    });
    const audits = await sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'COUPON_BATCH_SEND'), eq(auditRecords.tenant, 'nio')));
    expect(audits).toHaveLength(1);
  });

  it('should refuse a batch send the stock or the limit per user cannot take, before any job', async () => {
    const small = await insertCouponBatch(sut.database.db, 'nio', { amount: 3 });
    const short = await post('/coupons/batch-send', {
      couponBatchId: small.couponBatchId,
      accountIds: ['U1', 'U2'],
      amount: 2,
    });
    expect(errorOf(short).code).toBe('coupon_batch_stock_not_enough');
    const limited = await insertCouponBatch(sut.database.db, 'nio', { limitPerUser: 1 });
    await post('/coupons/send', { couponBatchId: limited.couponBatchId, accountId: 'U2' });
    const over = await post('/coupons/batch-send', {
      couponBatchId: limited.couponBatchId,
      accountIds: ['U1', 'U2'],
    });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toMatchObject({
      code: 'coupon_batch_amount_limit',
      details: { accountIds: ['U2'] },
    });
    expect(await sut.database.db.select().from(jobs)).toEqual([]);
  });

  it('should issue a chunk cut off before its checkpoint again, and none twice', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio', { amount: 1000 });
    const db = sut.database.db;
    const kind = couponSendJobKind();
    const params = {
      couponBatchId: batch.couponBatchId,
      accountIds: Array.from({ length: 300 }, (_, i) => `U${i}`),
      amount: 3,
      channel: 'send',
      operatorAccount: 'nio-operator',
      locale: 'zh-CN',
    };
    const step = (checkpoint: unknown) =>
      kind.step({
        job: { jobId: 1, tenant: 'nio', createdBy: 1 },
        params,
        checkpoint,
        db,
        storage: {} as FileStorage,
      }) as Promise<StepResult<unknown>>;
    // The process dies after the chunk's coupons are written but before its checkpoint commits.
    const cut = await step(null);
    await expect(
      db.transaction(async (tx) => {
        await cut.write!(tx);
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await couponsOf(batch.couponBatchId)).toEqual([]);

    let checkpoint: unknown = null;
    for (let chunks = 0; ; chunks += 1) {
      const next = await step(checkpoint);
      await db.transaction(async (tx) => next.write?.(tx));
      if ('result' in next) {
        expect(chunks).toBe(1);
        expect(next.result.counts).toEqual({ recipients: 300, coupons: 900 });
        break;
      }
      expect(next).toMatchObject({ done: Math.min(300, (chunks + 1) * 333), total: 300 });
      checkpoint = next.checkpoint;
    }
    expect(await couponsOf(batch.couponBatchId)).toHaveLength(900);
    expect(await batchRow(batch.couponBatchId)).toMatchObject({
      stockAmount: 100,
      createdAmount: 900,
      assignedAmount: 900,
    });
  });
});
