import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  CouponBatch,
  CouponBatchCreateInput,
  CouponBatchPage,
} from '@cmp/domain/coupons/coupon-batches';
import { FIRST_DAY, LAST_DAY, voucherBatch } from './coupon-batches.fixtures.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { columnValues, sheetOf } from '../../test/export-files.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { couponBatches } from './coupons.tables.js';

describe('coupon batches', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
  });
  afterEach(() => sut.app.close());

  const create = (body: object, { cookie = operator, tenant = 'nio', lang = 'zh-CN' } = {}) =>
    sut.app.inject({
      method: 'POST',
      url: `/api/${tenant}/coupon-batches`,
      headers: { cookie, 'accept-language': lang },
      payload: body,
    });
  const created = async (body: CouponBatchCreateInput) => {
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CouponBatch>();
  };
  const get = (url: string, cookie = viewer, tenant = 'nio') =>
    sut.app.inject({ method: 'GET', url: `/api/${tenant}${url}`, headers: { cookie } });
  const fieldsOf = (response: { json: () => unknown }) =>
    Object.fromEntries(
      ((errorOf(response as never).details ?? []) as { path: string; message: string }[]).map((d) => [
        d.path,
        d.message,
      ]),
    );

  it('should store a voucher in cents with its price limit, dated to the end of the last day, audited', async () => {
    const batch = await created(voucherBatch());
    expect(batch).toMatchObject({
      couponValue: 1050,
      totalPrice: 5000,
      hasPriceLimit: true,
      status: 'created',
      amount: 100,
      stockAmount: 100,
      createdAmount: 0,
      operatorAccount: 'nio-operator',
      couponSubType: '-1',
      expireTypeCode: 'fixed_date',
      effectiveDate: Date.parse(`${FIRST_DAY}T00:00:00.000+08:00`),
      expireDate: Date.parse(`${LAST_DAY}T23:59:59.999+08:00`),
      effectiveDays: null,
    });
    const [row] = await sut.database.db
      .select()
      .from(couponBatches)
      .where(eq(couponBatches.couponBatchId, batch.couponBatchId));
    expect(row).toMatchObject({ couponValue: 1050, totalPrice: 5000, tenant: 'nio' });
    expect((await get(`/coupon-batches/${batch.couponBatchId}`)).json()).toEqual(batch);
    const audits = await sut.database.db
      .select()
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.entityType, 'coupon_batch'),
          eq(auditRecords.entityId, String(batch.couponBatchId)),
        ),
      );
    expect(audits.map((a) => [a.action, a.actorUserName])).toEqual([['COUPON_BATCH_CREATE', 'nio-operator']]);
  });

  it('should store a discount percentage as a ratio and read a batch without price limit back as all', async () => {
    const batch = await created(
      voucherBatch({
        couponTypeCode: 'discount',
        couponValue: 85,
        totalPrice: null,
        expireTypeCode: 'days_after_binding',
        effectiveDate: null,
        expireDate: null,
        effectiveDays: 7,
      }),
    );
    expect(batch).toMatchObject({
      couponValue: 0.85,
      totalPrice: 'all',
      hasPriceLimit: false,
      effectiveDays: 7,
      effectiveDate: null,
      expireDate: null,
    });
  });

  it.each([
    [{ couponBizCode: 'pe_external' }, 'body.couponTypeCode', '该业务不能使用此券类型'],
    [
      { couponTypeCode: 'discount', couponValue: 100, totalPrice: null },
      'body.couponValue',
      '折扣必须小于100%',
    ],
    [{ couponValue: 10.005 }, 'body.couponValue', '金额最多保留2位小数'],
    [{ effectiveDate: null }, 'body.effectiveDate', '输入不能为空'],
    [{ expireDate: FIRST_DAY, effectiveDate: LAST_DAY }, 'body.expireDate', '生效日期不能晚于失效日期'],
    [{ effectiveDate: '2020-01-01' }, 'body.effectiveDate', `生效日期不能早于今天（${FIRST_DAY}）`],
    [
      { priceElectricityFee: false, priceServiceFee: false },
      'body.priceServiceFee',
      '请至少选择电费或服务费中的一项',
    ],
    [{ expireTypeCode: 'days_after_binding' }, 'body.effectiveDays', '输入不能为空'],
    [
      { couponBizCode: 'pe_external', couponTypeCode: 'equity', totalPrice: 50 },
      'body.totalPrice',
      '只有代金券可以设置订单满减金额',
    ],
    [
      {
        rules: [
          { type: 'city', values: ['310000'] },
          { type: 'city', values: ['110000'] },
        ],
      },
      'body.rules.1.type',
      '每种规则类型只能设置一次',
    ],
    [
      { rules: [{ type: 'operator', values: ['all', 'op-1'] }] },
      'body.rules.0.values',
      '“全部”不能与其他值同时选择',
    ],
    [{ rules: [{ type: 'platform_type', values: ['pe_tv'] }] }, 'body.rules.0.values', '未知的规则值：pe_tv'],
    [{ rules: [{ type: 'subclass', values: ['parking'] }] }, 'body.rules.0.values', '未知的规则值：parking'],
    [{ customTag: ['vip'] }, 'body.customTag', '以下自定义标签不存在：vip'],
  ])('should refuse %j with 400 naming the field and its rule', async (fields, path, message) => {
    const response = await create(voucherBatch(fields as Partial<CouponBatchCreateInput>));
    expect(response.statusCode, response.body).toBe(400);
    expect(fieldsOf(response)).toMatchObject({ [path]: message });
    expect(await sut.database.db.select().from(couponBatches)).toEqual([]);
  });

  it('should answer the rule messages in English when asked', async () => {
    const response = await create(voucherBatch({ couponBizCode: 'pe_external' }), { lang: 'en-US' });
    expect(fieldsOf(response)).toEqual({
      'body.couponTypeCode': 'This coupon type cannot be used for this business',
    });
  });

  it('should take custom tags of the catalogue in the batch, its use range and its tag rule', async () => {
    for (const tagValue of ['vip', 'night']) {
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/nio/coupon-custom-tags',
        headers: { cookie: operator },
        payload: { tagValue, description: `${tagValue} stations` },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const again = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/coupon-custom-tags',
      headers: { cookie: operator },
      payload: { tagValue: 'vip' },
    });
    expect(again.statusCode).toBe(409);
    const batch = await created(
      voucherBatch({
        customTag: ['vip'],
        useRange: { operator: [], chargeStation: ['S1'], customTag: ['night'] },
        rules: [{ type: 'tag', values: ['vip', 'night'] }],
      }),
    );
    expect(batch).toMatchObject({ customTag: ['vip'], useRange: { customTag: ['night'] } });
    const refused = await create(voucherBatch({ rules: [{ type: 'tag', values: ['vip', 'dawn'] }] }));
    expect(fieldsOf(refused)).toEqual({ 'body.customTag': '以下自定义标签不存在：dawn' });

    const tags = await get('/coupon-custom-tags?tagValue=i&pageNo=1&pageSize=1');
    expect(tags.json()).toMatchObject({ total: 2, items: [{ tagValue: 'night' }] });
    const backwards = await get('/coupon-custom-tags?sort=tagValue:desc');
    expect(backwards.json()).toMatchObject({ total: 2, items: [{ tagValue: 'vip' }, { tagValue: 'night' }] });
    const precise = await get('/coupon-custom-tags?preciseTagValues=vip,dawn');
    expect(precise.json()).toMatchObject({
      total: 1,
      items: [{ tagValue: 'vip', description: 'vip stations' }],
    });
    expect((await get('/coupon-custom-tags', viewer, 'nio')).json()).toMatchObject({ total: 2 });
  });

  it('should list by the spec filter, newest first, in pages', async () => {
    const a = await created(voucherBatch({ batchName: '春季代金券' }));
    const b = await created(
      voucherBatch({
        batchName: '一键加电',
        couponName: '加电一口价',
        couponBizCode: 'pe_external',
        couponTypeCode: 'equity',
        totalPrice: null,
      }),
    );
    const c = await created(voucherBatch({ batchName: '秋季代金券' }));
    const ids = async (query: string) =>
      (await get(`/coupon-batches${query}`)).json<CouponBatchPage>().items.map((x) => x.couponBatchId);

    expect(await ids('')).toEqual([c.couponBatchId, b.couponBatchId, a.couponBatchId]);
    expect(await ids('?couponBatchName=代金')).toEqual([c.couponBatchId, a.couponBatchId]);
    expect(await ids('?couponBatchName=一口价')).toEqual([b.couponBatchId]);
    expect(await ids('?couponBizCode=pe_external')).toEqual([b.couponBatchId]);
    expect(await ids('?couponTypeCode=voucher&status=created')).toEqual([c.couponBatchId, a.couponBatchId]);
    expect(await ids(`?couponBatchId=${a.couponBatchId}`)).toEqual([a.couponBatchId]);
    expect(await ids('?status=finished')).toEqual([]);
    expect(await ids(`?createTimeFrom=${c.createTime}`)).toEqual([c.couponBatchId]);
    expect(await ids(`?createTimeTo=${a.createTime}`)).toEqual([a.couponBatchId]);
    const page = (await get('/coupon-batches?pageNo=2&pageSize=1')).json<CouponBatchPage>();
    expect(page.total).toBe(3);
    expect(page.items.map((x) => x.couponBatchId)).toEqual([b.couponBatchId]);
    expect(await ids('?sort=createTime:asc')).toEqual([a.couponBatchId, b.couponBatchId, c.couponBatchId]);
    expect((await get('/coupon-batches?sort=batchName:asc')).statusCode).toBe(400);
  });

  it('should list batches by coupon name in one page of 100 unless fewer are asked', async () => {
    const older = 120;
    // Older batches whose coupon names hold the text, made in one statement: a second apart, oldest first.
    await sut.database.db.insert(couponBatches).values(
      Array.from({ length: older }, (_, i) => ({
        tenant: 'nio',
        couponName: `团购代金券 ${i}`,
        batchName: `团购 ${i}`,
        couponBizCode: 'charging_external',
        couponTypeCode: 'voucher',
        amount: 10,
        stockAmount: 10,
        expireTypeCode: 'days_after_binding',
        effectiveDays: 7,
        couponValue: 1000,
        operatorAccount: 'fixture',
        createTime: new Date(Date.UTC(2026, 0, 1) + i * 1000),
      })),
    );
    const a = await created(voucherBatch({ batchName: '春季代金券', couponName: '充电代金券' }));
    const b = await created(voucherBatch({ batchName: '秋季', couponName: '夜间代金券' }));
    await created(voucherBatch({ batchName: '冬季', couponName: '会员折扣' }));
    const named = async (query: string) => {
      const response = await get(`/coupon-batches/by-name${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CouponBatchPage>();
    };

    const first = await named('?coupon_name=代金券');
    expect(first.total).toBe(older + 2);
    expect(first.items).toHaveLength(100);
    expect(first.items.slice(0, 3).map((x) => x.couponName)).toEqual([
      '夜间代金券',
      '充电代金券',
      `团购代金券 ${older - 1}`,
    ]);
    expect(first.items.at(-1)!.couponName).toBe(`团购代金券 ${older - 98}`);
    const rest = await named('?coupon_name=代金券&pageNo=2');
    expect(rest.items.map((x) => x.couponName)).toEqual(
      Array.from({ length: older - 98 }, (_, i) => `团购代金券 ${older - 99 - i}`),
    );
    const all = await named('');
    expect(all).toMatchObject({ total: older + 3 });
    expect(all.items).toHaveLength(100);
    expect((await named('?coupon_name=代金券&pageSize=1')).items.map((x) => x.couponBatchId)).toEqual([
      b.couponBatchId,
    ]);
    expect(
      (await named('?coupon_name=代金券&pageSize=1&sort=createTime:asc')).items.map((x) => x.couponName),
    ).toEqual(['团购代金券 0']);
    expect((await named(`?coupon_name=充电代金`)).items.map((x) => x.couponBatchId)).toEqual([
      a.couponBatchId,
    ]);
    expect((await get('/coupon-batches/by-name?pageSize=101')).statusCode).toBe(400);
  });

  it('should export the filtered list with values in yuan and labels', async () => {
    await created(voucherBatch({ batchName: '春季代金券' }));
    await created(voucherBatch({ batchName: '秋季代金券', totalPrice: null }));
    const response = await get(
      '/coupon-batches/export?format=xlsx&columns=batchName,couponValue,totalPrice,status',
    );
    expect(response.statusCode, response.body).toBe(200);
    const sheet = await sheetOf(response);
    expect(columnValues(sheet, 1)).toEqual(['秋季代金券', '春季代金券']);
    expect(columnValues(sheet, 2)).toEqual([10.5, 10.5]);
    expect(columnValues(sheet, 3)).toEqual(['无门槛', 50]);
    expect(columnValues(sheet, 4)).toEqual(['已创建', '已创建']);
  });

  it('should answer 501 待实现 to an update', async () => {
    const batch = await created(voucherBatch());
    const response = await sut.app.inject({
      method: 'PUT',
      url: `/api/nio/coupon-batches/${batch.couponBatchId}`,
      headers: { cookie: operator },
      payload: { couponName: 'x' },
    });
    expect(response.statusCode).toBe(501);
    expect(errorOf(response)).toMatchObject({ code: 'not_implemented', message: '待实现' });
  });

  it("should refuse a viewer's writes and keep another tenant's batches out of sight", async () => {
    expect((await create(voucherBatch(), { cookie: viewer })).statusCode).toBe(403);
    const tagByViewer = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/coupon-custom-tags',
      headers: { cookie: viewer },
      payload: { tagValue: 'vip' },
    });
    expect(tagByViewer.statusCode).toBe(403);
    const batch = await created(voucherBatch());
    const peViewer = await sut.userWith('viewer', 'pe');
    expect((await get(`/coupon-batches/${batch.couponBatchId}`, peViewer, 'pe')).statusCode).toBe(404);
    expect((await get('/coupon-batches', peViewer, 'pe')).json()).toEqual({ items: [], total: 0 });
    expect((await get(`/coupon-batches/${batch.couponBatchId}/codes`, peViewer, 'pe')).statusCode).toBe(404);
  });
});
