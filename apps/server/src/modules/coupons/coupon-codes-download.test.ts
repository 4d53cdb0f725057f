import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  CouponBatch,
  GenerateRecord,
  GenerateRecordCreateInput,
} from '@cmp/domain/coupons/coupon-batches';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertAccount } from '../../test/account-fixtures.js';
import { endedJob, rowValues, sheetOf } from '../../test/export-files.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { FIRST_DAY, LAST_DAY, voucherBatch } from './coupon-batches.fixtures.js';
import { CODE_PAGE } from './coupon-codes-download.service.js';
import { coupons } from './coupons.tables.js';

describe('coupon code download', () => {
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
      payload: voucherBatch({ amount: 20_000 }),
    });
    batch = response.json<CouponBatch>();
    await insertAccount(sut.database.db, 'nio', 'U1', { mobile: '13900000001' });
  });
  afterEach(() => sut.app.close());

  const generated = async (body: GenerateRecordCreateInput) => {
    const response = await sut.app.inject({
      method: 'POST',
      url: `/api/nio/coupon-batches/${batch.couponBatchId}/generate-records`,
      headers: { cookie: operator },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json<GenerateRecord>();
    expect((await endedJob(sut.database.db, record.jobId!)).state).toBe('succeeded');
    return record;
  };
  const download = (format: string, lang = 'zh-CN') =>
    sut.app.inject({
      method: 'GET',
      url: `/api/nio/coupon-batches/${batch.couponBatchId}/codes?format=${format}`,
      headers: { cookie: viewer, 'accept-language': lang },
    });
  const codesInOrder = () =>
    sut.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.couponBatchId, batch.couponBatchId))
      .orderBy(asc(coupons.couponId));

  it('should stream every code with its status, account, record and dates as CSV, and record who took them', async () => {
    const codes = await generated({ generateType: 'generate', amount: 2 });
    const assigned = await generated({ generateType: 'generate_assign', amount: 1, accountIds: ['U1'] });
    const response = await download('csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`coupon-codes-${batch.couponBatchId}.csv`);
    const rows = await codesInOrder();
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      '券码,状态,账号,生成记录ID,生效时间,失效时间,领取时间,创建时间',
      ...rows.map((row) => {
        const day = (time: Date | null) =>
          time ? new Date(time.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') : '';
        return row.accountId === null
          ? `${row.couponUuid},未领取,,${codes.generateRecordId},${FIRST_DAY} 00:00:00,${LAST_DAY} 23:59:59,,${day(row.createTime)}`
          : `${row.couponUuid},待使用,U1,${assigned.generateRecordId},${FIRST_DAY} 00:00:00,${LAST_DAY} 23:59:59,${day(row.bindDate)},${day(row.createTime)}`;
      }),
    ]);
    const audits = await sut.database.db
      .select()
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.action, 'COUPON_CODES_DOWNLOAD'),
          eq(auditRecords.entityId, String(batch.couponBatchId)),
        ),
      );
    expect(audits.map((a) => [a.actorUserName, a.after])).toEqual([
      ['nio-viewer', { format: 'csv', createdAmount: 3 }],
    ]);
  });

  it('should write the codes of more than one page as XLSX in English, each once, in order', async () => {
    await generated({ generateType: 'generate', amount: CODE_PAGE + 3 });
    const response = await download('xlsx', 'en-US');
    expect(response.statusCode).toBe(200);
    const sheet = await sheetOf(response);
    expect(rowValues(sheet, 1)).toEqual([
      'Code',
      'Status',
      'Account',
      'Generate record ID',
      'Valid from',
      'Valid until',
      'Bound',
      'Created',
    ]);
    const rows = await codesInOrder();
    expect(sheet.rowCount).toBe(rows.length + 1);
    expect(sheet.getColumn(1).values.slice(2)).toEqual(rows.map((row) => row.couponUuid));
    expect(rowValues(sheet, 2).slice(1, 2)).toEqual(['Unclaimed']);
  });
});
