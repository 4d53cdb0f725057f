import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  CouponBatch,
  GenerateRecord,
  GenerateRecordCreateInput,
  GenerateRecordPage,
} from '@cmp/domain/coupons/coupon-batches';
import { COUPON_CODE_ALPHABET } from '@cmp/domain/coupons/coupon-code-alphabet';
import { insertAccount } from '../../test/account-fixtures.js';
import { endedJob } from '../../test/export-files.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { voucherBatch } from './coupon-batches.fixtures.js';
import { jobs } from '../../platform/jobs/jobs.tables.js';
import { endOrphanedGenerations } from './coupon-generation-orphans.sweep.js';
import { issueCouponRefs } from './coupon-issue.service.js';
import { couponBatches, couponBindRecords, couponGenerateRecords, coupons } from './coupons.tables.js';

describe('coupon generate records', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let batch: CouponBatch;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/coupon-batches',
      headers: { cookie: operator },
      payload: voucherBatch({ amount: 100 }),
    });
    batch = response.json<CouponBatch>();
    await insertAccount(sut.database.db, 'nio', 'U1', { mobile: '13900000001' });
    await insertAccount(sut.database.db, 'nio', 'U2', { mobile: '13900000002' });
  });
  afterEach(() => sut.app.close());

  const generate = (
    body: GenerateRecordCreateInput,
    { cookie = operator, batchId = batch.couponBatchId } = {},
  ) =>
    sut.app.inject({
      method: 'POST',
      url: `/api/nio/coupon-batches/${batchId}/generate-records`,
      headers: { cookie },
      payload: body,
    });
  /** The record once its job has ended. */
  const generated = async (body: GenerateRecordCreateInput) => {
    const response = await generate(body);
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json<GenerateRecord>();
    if (record.jobId !== null)
      expect((await endedJob(sut.database.db, record.jobId)).state).toBe('succeeded');
    return (await get(`/coupon-generate-records/${record.generateRecordId}`)).json<GenerateRecord>();
  };
  const get = (url: string, cookie = viewer) =>
    sut.app.inject({ method: 'GET', url: `/api/nio${url}`, headers: { cookie } });
  const batchRow = async () =>
    (
      await sut.database.db
        .select()
        .from(couponBatches)
        .where(eq(couponBatches.couponBatchId, batch.couponBatchId))
    )[0]!;
  const couponsOf = (generateRecordId: number) =>
    sut.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.generateRecordId, generateRecordId))
      .orderBy(asc(coupons.seq));

  it('should generate claimable codes by a job, each number once, with the counters and statuses moved', async () => {
    const response = await generate({ generateType: 'generate', amount: 30, remark: '线下活动' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'created',
      generateAmount: 30,
      generatedAmount: 0,
      operatorAccount: 'nio-operator',
      batchName: '双十一代金券',
      couponValue: 1050,
      jobId: expect.any(Number),
    });
    // The stock is taken when the record is made, so another order cannot promise it again.
    expect((await batchRow()).stockAmount).toBe(70);

    const record = await generated({ generateType: 'generate', amount: 20 });
    expect(record).toMatchObject({ status: 'finished', generateAmount: 20, generatedAmount: 20 });
    const codes = await couponsOf(record.generateRecordId);
    expect(codes.map((c) => c.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const code of codes) {
      expect(code).toMatchObject({
        status: 'created',
        accountId: null,
        couponChannel: 'code',
        tenant: 'nio',
      });
      expect([...code.couponUuid].every((c) => COUPON_CODE_ALPHABET.includes(c))).toBe(true);
    }
    const first = response.json<GenerateRecord>();
    await endedJob(sut.database.db, first.jobId!);
    expect(await batchRow()).toMatchObject({
      stockAmount: 50,
      createdAmount: 50,
      assignedAmount: 0,
      status: 'finished',
    });
    expect((await get(`/coupon-generate-records/${record.generateRecordId}/statistics`)).json()).toEqual({
      generateRecordId: record.generateRecordId,
      generateAmount: 20,
      createdAmount: 20,
      unclaimedAmount: 20,
      assignedAmount: 0,
      usedAmount: 0,
      expiredAmount: 0,
      abandonAmount: 0,
    });
  });

  it('should assign one coupon per account, or amount per account, with bind records', async () => {
    const one = await generated({ generateType: 'generate_assign', amount: 2, accountIds: ['U1', 'U2'] });
    expect(one).toMatchObject({ status: 'finished', generatedAmount: 2, accountIds: ['U1', 'U2'] });
    expect(
      (await couponsOf(one.generateRecordId)).map((c) => [c.accountId, c.status, c.couponChannel]),
    ).toEqual([
      ['U1', 'assigned', 'generate_assign'],
      ['U2', 'assigned', 'generate_assign'],
    ]);
    const many = await generated({
      generateType: 'batch_generate_assign',
      amount: 3,
      accountIds: ['U1', 'U2'],
    });
    expect(many).toMatchObject({ generateAmount: 6, generatedAmount: 6 });
    expect((await couponsOf(many.generateRecordId)).map((c) => c.accountId)).toEqual([
      'U1',
      'U1',
      'U1',
      'U2',
      'U2',
      'U2',
    ]);
    expect(await batchRow()).toMatchObject({ stockAmount: 92, createdAmount: 8, assignedAmount: 8 });
    const binds = await sut.database.db.select().from(couponBindRecords);
    expect(binds).toHaveLength(8);
    expect(binds.every((b) => b.operatorAccount === 'nio-operator' && b.channel === 'generate_assign')).toBe(
      true,
    );
    expect((await get(`/coupon-generate-records/${many.generateRecordId}/statistics`)).json()).toMatchObject({
      createdAmount: 6,
      unclaimedAmount: 0,
      assignedAmount: 6,
    });
  });

  it.each([
    [
      { generateType: 'generate', amount: 1, accountIds: ['U1'] },
      'body.accountIds',
      '只有发放给账号时才需填写账号',
    ],
    [{ generateType: 'generate_assign', amount: 1 }, 'body.accountIds', '请至少选择一个账号'],
    [
      { generateType: 'generate_assign', amount: 3, accountIds: ['U1', 'U2'] },
      'body.amount',
      '数量必须等于账号数（2）',
    ],
    [
      { generateType: 'generate', amount: 1, withToken: true },
      'body.couponTokenExpireDate',
      '口令的生效时间必须早于失效时间',
    ],
  ])('should refuse %j with 400 naming the field', async (body, path, message) => {
    const response = await generate(body as GenerateRecordCreateInput);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).details).toMatchObject([{ path, message }]);
  });

  it('should refuse unknown accounts with 422 naming them, and a short stock with 409, taking nothing', async () => {
    const unknown = await generate({
      generateType: 'generate_assign',
      amount: 3,
      accountIds: ['U1', 'X9', 'X8'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown)).toMatchObject({
      message: '以下账号不存在：X9, X8',
      details: { missing: ['X9', 'X8'] },
    });
    const short = await generate({
      generateType: 'batch_generate_assign',
      amount: 51,
      accountIds: ['U1', 'U2'],
    });
    expect(short.statusCode).toBe(409);
    expect(errorOf(short).code).toBe('coupon_batch_stock_not_enough');
    expect(await sut.database.db.select().from(couponGenerateRecords)).toEqual([]);
    expect(await batchRow()).toMatchObject({ stockAmount: 100, status: 'created' });
    expect((await generate({ generateType: 'generate', amount: 1 }, { batchId: 999 })).statusCode).toBe(404);
  });

  it('should refuse to generate from a batch that was ended, with 409 coupon_unavailable', async () => {
    await sut.database.db
      .update(couponBatches)
      .set({ status: 'killed' })
      .where(eq(couponBatches.couponBatchId, batch.couponBatchId));
    const response = await generate({ generateType: 'generate', amount: 1 });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'coupon_unavailable', message: '优惠券不可用' });
    expect(await sut.database.db.select().from(couponGenerateRecords)).toEqual([]);
  });

  it('should give a token record a random token of 32 code characters and issue nothing now', async () => {
    const from = Date.parse('2026-11-01T00:00:00+08:00');
    const to = Date.parse('2026-11-30T23:59:59.999+08:00');
    const record = await generated({
      generateType: 'generate',
      amount: 10,
      withToken: true,
      couponTokenEffectiveDate: from,
      couponTokenExpireDate: to,
    });
    expect(record).toMatchObject({
      status: 'finished',
      jobId: null,
      couponTokenEffectiveDate: from,
      couponTokenExpireDate: to,
    });
    expect(record.couponToken).toMatch(new RegExp(`^[${COUPON_CODE_ALPHABET}]{32}$`));
    expect(await couponsOf(record.generateRecordId)).toEqual([]);
    expect(await batchRow()).toMatchObject({ stockAmount: 100, status: 'created' });
  });

  it('should list records by the spec filter; an unknown mobile answers an empty success', async () => {
    const codes = await generated({ generateType: 'generate', amount: 2 });
    const assigned = await generated({ generateType: 'generate_assign', amount: 1, accountIds: ['U2'] });
    const ids = async (query: string) =>
      (await get(`/coupon-generate-records${query}`))
        .json<GenerateRecordPage>()
        .items.map((r) => r.generateRecordId);
    expect(await ids('')).toEqual([assigned.generateRecordId, codes.generateRecordId]);
    expect(await ids('?generateType=generate')).toEqual([codes.generateRecordId]);
    expect(await ids('?status=created,finished')).toEqual([
      assigned.generateRecordId,
      codes.generateRecordId,
    ]);
    expect(await ids('?status=processing')).toEqual([]);
    expect(await ids('?accountId=U2')).toEqual([assigned.generateRecordId]);
    expect(await ids('?accountMobile=13900000002')).toEqual([assigned.generateRecordId]);
    expect(await ids('?accountMobile=13900000001')).toEqual([]);
    expect((await get('/coupon-generate-records?accountMobile=13811112222')).json()).toEqual({
      items: [],
      total: 0,
    });
    const [code] = await couponsOf(codes.generateRecordId);
    expect(await ids(`?couponUuid=${code!.couponUuid.toLowerCase()}`)).toEqual([codes.generateRecordId]);
    expect(await ids('?couponBizCode=pe_external')).toEqual([]);
    expect(await ids('?couponTypeCode=voucher&operatorAccount=nio-operator')).toHaveLength(2);
    expect(await ids(`?couponBatchId=${batch.couponBatchId}&pageSize=1&pageNo=2`)).toEqual([
      codes.generateRecordId,
    ]);
    expect(await ids('?sort=createTime:asc')).toEqual([codes.generateRecordId, assigned.generateRecordId]);

    const file = await get(
      '/coupon-generate-records/export?format=csv&columns=generateRecordId,generateType,status&accountMobile=13900000002',
    );
    expect(file.statusCode, file.body).toBe(200);
    expect(
      file.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['生成记录ID,生成方式,状态', `${assigned.generateRecordId},生成并发放（每账号 1 张）,已完成`]);
  });

  it("should refuse a viewer's generation and keep another tenant's records out of sight", async () => {
    expect((await generate({ generateType: 'generate', amount: 1 }, { cookie: viewer })).statusCode).toBe(
      403,
    );
    const record = await generated({ generateType: 'generate', amount: 1 });
    const peViewer = await sut.userWith('viewer', 'pe');
    const other = await sut.app.inject({
      method: 'GET',
      url: `/api/pe/coupon-generate-records/${record.generateRecordId}`,
      headers: { cookie: peViewer },
    });
    expect(other.statusCode).toBe(404);
    const list = await sut.app.inject({
      method: 'GET',
      url: '/api/pe/coupon-generate-records',
      headers: { cookie: peViewer },
    });
    expect(list.json()).toEqual({ items: [], total: 0 });
  });

  it('should end a record whose job was cancelled, keeping what it made and giving the rest of its stock back', async () => {
    const db = sut.database.db;
    const [job] = await db
      .insert(jobs)
      .values({
        kind: 'coupon-generation',
        tenant: 'nio',
        createdBy: 1,
        createdByName: 'nio-operator',
        params: {},
        state: 'cancelled',
      })
      .returning();
    // As the service leaves a record of 10 whose job made one chunk of 4 before it was cancelled.
    const [record] = await db
      .insert(couponGenerateRecords)
      .values({
        tenant: 'nio',
        couponBatchId: batch.couponBatchId,
        generateType: 'generate',
        status: 'processing',
        generateAmount: 10,
        jobId: job!.id,
        operatorAccount: 'nio-operator',
      })
      .returning();
    await db
      .update(couponBatches)
      // 10 taken when the record was made; the chunk gives its 4 back just before issuing them.
      .set({ stockAmount: 100 - 10 + 4, status: 'processing' })
      .where(eq(couponBatches.couponBatchId, batch.couponBatchId));
    await db.transaction((tx) =>
      issueCouponRefs(tx, {
        tenant: 'nio',
        batch: {
          ...batch,
          effectiveDate: null,
          expireDate: null,
          effectiveDays: 7,
          expireTypeCode: 'days_after_binding',
        } as never,
        accountIds: [null, null, null, null],
        channel: 'code',
        operatorAccount: 'nio-operator',
        generateRecordId: record!.generateRecordId,
        seqStart: 0,
      }),
    );

    expect(await endOrphanedGenerations(db)).toBe(1);
    expect(await endOrphanedGenerations(db)).toBe(0);
    const [ended] = await db
      .select()
      .from(couponGenerateRecords)
      .where(eq(couponGenerateRecords.generateRecordId, record!.generateRecordId));
    expect(ended).toMatchObject({ status: 'killed', generatedAmount: 4 });
    expect(await batchRow()).toMatchObject({ stockAmount: 96, createdAmount: 4, status: 'finished' });
  });
});
