import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertAccountRange } from '../../test/account-fixtures.js';
import { insertCouponBatch } from '../../test/coupon-fixtures.js';
import {
  endedJob,
  jobFile,
  rowValues,
  sheetOfBytes,
  withDeclaredSize,
  XLSX,
} from '../../test/export-files.js';
import { multipartForm } from '../../test/multipart.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { RECIPIENT_SHEET_MAX_ROWS } from '../../platform/spreadsheet/recipient-sheet.js';
import { couponBatches, coupons } from './coupons.tables.js';

async function workbook(header: string, identifiers: (string | number)[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow([header]);
  for (const identifier of identifiers) sheet.addRow([identifier]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A sheet of many rows, written as the streaming writer does, so a test can afford one. */
async function longWorkbook(header: string, rows: number): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false });
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow([header]).commit();
  for (let row = 0; row < rows; row++) sheet.addRow([`139${String(row).padStart(8, '0')}`]).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

describe('coupon recipient import', () => {
  let sut: TestContext;
  let operator: string;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    await insertAccountRange(sut.database.db, 'nio', 50);
  });
  afterEach(() => sut.app.close());

  const upload = (
    fields: Record<string, string>,
    data: Buffer,
    { cookie = operator, name = 'recipients.xlsx', lang = 'zh-CN' } = {},
  ) => {
    const form = multipartForm(fields, { name, data });
    return sut.app.inject({
      method: 'POST',
      url: '/api/nio/coupons/recipient-imports',
      headers: { ...form.headers, cookie, 'accept-language': lang },
      payload: form.payload,
    });
  };
  const imported = async (fields: Record<string, string>, data: Buffer, lang = 'zh-CN') => {
    const response = await upload(fields, data, { lang });
    expect(response.statusCode, response.body).toBe(202);
    const job = await endedJob(sut.database.db, response.json<{ jobId: number }>().jobId);
    expect(job.state, job.error ?? '').toBe('succeeded');
    return job;
  };
  const couponsOf = (batchId: number) =>
    sut.database.db.select().from(coupons).where(eq(coupons.couponBatchId, batchId));
  const batchRow = async (id: number) =>
    (await sut.database.db.select().from(couponBatches).where(eq(couponBatches.couponBatchId, id)))[0]!;

  it('should send to every account of a clean sheet of mobiles, as imported coupons', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio', { amount: 100 });
    const mobiles = Array.from({ length: 30 }, (_, i) => `139${String(i).padStart(8, '0')}`);
    // A mobile typed as a number reads as its digits.
    const job = await imported(
      { couponBatchId: String(batch.couponBatchId), amount: '2' },
      await workbook('手机号', [13900000049, ...mobiles]),
    );
    expect(job.result).toEqual({ counts: { recipients: 31, coupons: 62 }, files: [] });
    const issued = await couponsOf(batch.couponBatchId);
    expect(issued).toHaveLength(62);
    expect(new Set(issued.map((c) => c.couponChannel))).toEqual(new Set(['import']));
    expect(issued.filter((c) => c.accountId === 'U49')).toHaveLength(2);
    expect(await batchRow(batch.couponBatchId)).toMatchObject({
      stockAmount: 38,
      createdAmount: 62,
      assignedAmount: 62,
    });
  });

  it('should give a template in either kind that imports once filled in, named in the language asked', async () => {
    const template = async (idType: string, lang: string) => {
      const response = await sut.app.inject({
        method: 'GET',
        url: `/api/nio/coupons/recipient-imports/template?idType=${idType}`,
        headers: { cookie: operator, 'accept-language': lang },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX);
      return response;
    };
    const byMobile = await template('mobile', 'zh-CN');
    expect(byMobile.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('优惠券发放名单模板-手机号.xlsx')}`,
    );
    expect(rowValues(await sheetOfBytes(byMobile.rawPayload), 1)).toEqual(['手机号']);

    const byAccount = await template('accountId', 'en-US');
    expect(byAccount.headers['content-disposition']).toContain('coupon-recipients-by-account.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(byAccount.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(rowValues(sheet, 1)).toEqual(['账号']);
    sheet.addRow(['U1']);
    sheet.addRow(['U2']);
    const batch = await insertCouponBatch(sut.database.db, 'nio', { amount: 10 });
    const job = await imported(
      { couponBatchId: String(batch.couponBatchId) },
      Buffer.from(await book.xlsx.writeBuffer()),
    );
    expect(job.result).toEqual({ counts: { recipients: 2, coupons: 2 }, files: [] });

    const wrongKind = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/coupons/recipient-imports/template?idType=email',
      headers: { cookie: operator },
    });
    expect(wrongKind.statusCode).toBe(400);
  });

  it('should refuse a workbook that expands beyond the bound before reading it, failing once with why', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio');
    // The central directory's entry of the sheet claims 1.5 GB, as a bomb of zeros would.
    const bomb = withDeclaredSize(
      await workbook('手机号', ['13900000001']),
      'xl/worksheets/sheet1.xml',
      1_500_000_000,
    );
    const response = await upload({ couponBatchId: String(batch.couponBatchId) }, bomb);
    expect(response.statusCode, response.body).toBe(202);
    const job = await endedJob(sut.database.db, response.json<{ jobId: number }>().jobId);
    // Failed at its first try, with its reason alone: not retried five times over a minute.
    expect(job).toMatchObject({ state: 'failed', error: '表格文件解压后超过 300 MB，无法读取' });
    expect(await couponsOf(batch.couponBatchId)).toEqual([]);
  });

  it('should refuse a sheet over the row limit once, with the limit, while the portal goes on answering', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio');
    const sheet = await longWorkbook('手机号', RECIPIENT_SHEET_MAX_ROWS + 1);
    const response = await upload({ couponBatchId: String(batch.couponBatchId) }, sheet);
    expect(response.statusCode, response.body).toBe(202);

    let ended = false;
    // Reading 200,000 rows takes its thread seconds, many more on a loaded machine.
    const job = endedJob(sut.database.db, response.json<{ jobId: number }>().jobId, 120_000).finally(() => {
      ended = true;
    });
    let slowest = 0;
    while (!ended) {
      const asked = performance.now();
      expect((await sut.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      slowest = Math.max(slowest, performance.now() - asked);
      await sleep(20);
    }
    expect(await job).toMatchObject({
      state: 'failed',
      attempts: 0,
      error: `表格超过 ${RECIPIENT_SHEET_MAX_ROWS} 行，请拆分后分批导入`,
    });
    // Read on the event loop, 200,000 rows held it about 7 s; a loaded machine alone can cost a second.
    expect(slowest).toBeLessThan(2_500);
    expect(await couponsOf(batch.couponBatchId)).toEqual([]);
  }, 180_000);

  it('should send nothing when any row is wrong and hand the sheet back with every row marked', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio');
    const job = await imported(
      { couponBatchId: String(batch.couponBatchId) },
      await workbook('手机号', ['13900000001', '', '13900000001', '13700000000', '13900000002']),
    );
    // Ended with errors, not done: the task center says so, and names the sheet in the reader's language.
    expect(job.result).toEqual({
      counts: { rows: 5, invalid: 3, sent: 0 },
      files: [
        {
          name: '优惠券导入错误.xlsx',
          names: { 'zh-CN': '优惠券导入错误.xlsx', 'en-US': 'coupon-import-errors.xlsx' },
          size: expect.any(Number),
          contentType: XLSX,
        },
      ],
      withErrors: true,
    });
    expect(job.progressMessage).toBe('3 行数据有误，未发放任何优惠券，请下载表格查看原因');
    const handedBack = await jobFile(sut, job.id, '优惠券导入错误.xlsx');
    const sheet = await sheetOfBytes(handedBack);
    expect(rowValues(sheet, 1)).toEqual(['手机号', '错误信息', '状态']);
    expect([2, 3, 4, 5, 6].map((row) => rowValues(sheet, row))).toEqual([
      ['13900000001'],
      [undefined, '数据为空;', '无效'],
      ['13900000001', '重复数据;', '无效'],
      ['13700000000', '该手机号未注册;', '无效'],
      ['13900000002'],
    ]);
    expect([1, 2, 3].map((c) => sheet.getColumn(c).width)).toEqual([20, 20, 10]);
    expect(sheet.getRow(3).font?.color?.argb).toBe('FFFF0000');
    expect(await couponsOf(batch.couponBatchId)).toEqual([]);
    expect(await batchRow(batch.couponBatchId)).toMatchObject({ stockAmount: 1000, createdAmount: 0 });
    // The sheet handed back is a workbook the import takes again once its rows are put right.
    expect((await upload({ couponBatchId: String(batch.couponBatchId) }, handedBack)).statusCode).toBe(202);
  });

  it('should mark an unknown account of a sheet of account ids, in English when asked', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio');
    const job = await imported(
      { couponBatchId: String(batch.couponBatchId) },
      await workbook('账号', ['U1', 'nobody', 'U2']),
      'en-US',
    );
    expect(job.progressMessage).toBe('1 rows are wrong, nothing was sent; download the sheet to see why');
    const sheet = await sheetOfBytes(await jobFile(sut, job.id, 'coupon-import-errors.xlsx'));
    expect(rowValues(sheet, 3)).toEqual(['nobody', 'This account is invalid;', 'Invalid']);
    expect(await couponsOf(batch.couponBatchId)).toEqual([]);
  });

  it('should end with the reason and send nothing for a sheet of another header or a batch that cannot take it', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio', { amount: 2 });
    const header = await imported(
      { couponBatchId: String(batch.couponBatchId) },
      await workbook('用户', ['U1']),
    );
    expect(header.result).toEqual({
      counts: { rows: 1, invalid: 0, sent: 0 },
      files: [],
      withErrors: true,
    });
    expect(header.progressMessage).toBe('第一列表头必须为“手机号”或“账号”，当前为“用户”');
    const stock = await imported(
      { couponBatchId: String(batch.couponBatchId) },
      await workbook('账号', ['U1', 'U2', 'U3']),
    );
    expect(stock.progressMessage).toBe('批次库存不足');
    expect(await couponsOf(batch.couponBatchId)).toEqual([]);
  });

  it('should refuse a file that is no spreadsheet, bad fields, a batch of another tenant and viewers', async () => {
    const batch = await insertCouponBatch(sut.database.db, 'nio');
    const fields = { couponBatchId: String(batch.couponBatchId) };
    const text = await upload(fields, Buffer.from('手机号\n13900000001\n'), { name: 'list.xlsx' });
    expect(text.statusCode).toBe(415);
    expect(errorOf(text)).toMatchObject({ code: 'unsupported_file_type', message: '请上传 .xlsx 表格文件' });
    const sheet = await workbook('账号', ['U1']);
    expect((await upload({ couponBatchId: 'x' }, sheet)).statusCode).toBe(400);
    const foreign = await insertCouponBatch(sut.database.db, 'pe');
    expect((await upload({ couponBatchId: String(foreign.couponBatchId) }, sheet)).statusCode).toBe(404);
    const viewer = await sut.userWith('viewer', 'nio');
    expect((await upload(fields, sheet, { cookie: viewer })).statusCode).toBe(403);
    expect(await couponsOf(batch.couponBatchId)).toEqual([]);
  });

  it('should refuse a file past the upload limit with 413', async () => {
    await sut.app.close();
    sut = await createTestContext({ uploadMaxMb: 1 });
    operator = await sut.userWith('operator', 'nio');
    const batch = await insertCouponBatch(sut.database.db, 'nio');
    const big = Buffer.concat([await workbook('账号', ['U1']), Buffer.alloc(1.5 * 1024 * 1024)]);
    expect((await upload({ couponBatchId: String(batch.couponBatchId) }, big)).statusCode).toBe(413);
  });
});
