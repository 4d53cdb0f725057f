import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductPage } from '@cmp/domain/mall/product-contracts';
import { PRODUCT_SHEET_COLUMNS } from '@cmp/domain/mall/product-sheet';
import { insertCouponBatch } from '../../test/coupon-fixtures.js';
import { endedJob, jobFile, rowValues, sheetOf, sheetOfBytes } from '../../test/export-files.js';
import { multipartForm } from '../../test/multipart.js';
import { insertOperator } from '../../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { mallProducts } from './mall.tables.js';

const HEADERS = PRODUCT_SHEET_COLUMNS.map((c) => c.zh);

/** A sheet in the template's columns: name, price, original price, items, display, groups, operators, then blanks. */
async function productSheet(rows: string[][], headers: readonly string[] = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('products');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('mall product upload', () => {
  let sut: TestContext;
  let operator: string;
  let batch: number;
  let peBatch: number;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    await insertOperator(sut.database.db, { operatorId: 'OP1' });
    batch = (await insertCouponBatch(sut.database.db, 'nio')).couponBatchId;
    peBatch = (await insertCouponBatch(sut.database.db, 'pe')).couponBatchId;
  });
  afterEach(() => sut.app.close());

  const upload = async (data: Buffer, cookie = operator, name = 'products.xlsx') => {
    const form = multipartForm({}, { name, data });
    return sut.app.inject({
      method: 'POST',
      url: '/api/nio/mall/products/upload',
      headers: { ...form.headers, cookie, 'accept-language': 'zh-CN' },
      payload: form.payload,
    });
  };
  const uploaded = async (data: Buffer) => {
    const response = await upload(data);
    expect(response.statusCode, response.body).toBe(202);
    return endedJob(sut.database.db, response.json<{ jobId: number }>().jobId, 60_000);
  };
  const names = async () =>
    (await sut.database.db.select({ name: mallProducts.name }).from(mallProducts)).map((r) => r.name).sort();

  it('should hand out a template with the columns, formatted as text, and an example row', async () => {
    const sheet = await sheetOf(
      await sut.app.inject({
        method: 'GET',
        url: '/api/nio/mall/products/upload-template',
        headers: { cookie: operator, 'accept-language': 'en-US' },
      }),
    );
    expect(rowValues(sheet, 1)).toEqual(PRODUCT_SHEET_COLUMNS.map((c) => c.en));
    expect(rowValues(sheet, 2).slice(0, 4)).toEqual([
      '10元充电券礼包',
      '9.90',
      '10.00',
      expect.stringContaining('coupon:'),
    ]);
    expect(sheet.getColumn(2).numFmt).toBe('@');
  });

  it('should add every product of a clean sheet, prices in yuan kept as cents', async () => {
    const job = await uploaded(
      await productSheet([
        ['礼包A', '9.9', '12', `coupon:${batch}:10元券:2；goods:CUP:杯子:1`, '是', 'g1,g2', 'OP1', '30'],
        ['礼包B', '100', '', `券:${batch}:券:1`, '否', '', '', ''],
      ]),
    );
    expect(job).toMatchObject({
      state: 'succeeded',
      progressMessage: '已添加 2 个商品',
      result: { counts: { rows: 2, added: 2 } },
    });
    const page = (
      await sut.app.inject({
        method: 'GET',
        url: '/api/nio/mall/products?sort=createTime:asc',
        headers: { cookie: operator },
      })
    ).json<ProductPage>();
    expect(
      page.items.map((p) => [
        p.name,
        p.unitPrice,
        p.originalPrice,
        p.productDisplay,
        p.groupIds,
        p.expireInDays,
      ]),
    ).toEqual([
      ['礼包A', 990, 1200, true, ['g1', 'g2'], 30],
      ['礼包B', 10000, null, false, [], null],
    ]);
    expect(page.items[0]!.items).toEqual([
      { itemType: 'coupon', itemCode: String(batch), itemName: '10元券', itemCount: 2 },
      { itemType: 'goods', itemCode: 'CUP', itemName: '杯子', itemCount: 1 },
    ]);
    expect(page.items[0]!.creator).toBe('nio-operator');
  });

  it('should add nothing from a sheet with a wrong row, and write each row its errors', async () => {
    await sut.database.db.insert(mallProducts).values({
      tenant: 'nio',
      name: '已有商品',
      unitPrice: 100,
      items: [{ itemType: 'goods', itemCode: 'X', itemName: 'X', itemCount: 1 }],
      creatorName: 'x',
    });
    const item = `coupon:${batch}:券:1`;
    const job = await uploaded(
      await productSheet([
        ['好商品', '1.00', '', item],
        ['', '1', '', item],
        ['贵', '9.999', '', item],
        ['好商品', '2', '', item],
        ['已有商品', '2', '', item],
        ['外批次', '2', '', `coupon:${peBatch}:券:1`],
        ['格式', '2', '', 'coupon-1-2'],
        ['数量', '2', '', 'goods:A:杯:0'],
        ['运营商', '2', '', item, '', '', 'NOPE'],
        ['原价低', '5', '4', item, '也许'],
        ['无内容', '5'],
      ]),
    );
    expect(job).toMatchObject({
      state: 'succeeded',
      progressMessage: '10 行有误，未保存任何商品；附件为标出错误的表格',
      result: { withErrors: true, counts: { rows: 11, invalid: 10, added: 0 } },
    });
    expect(await names()).toEqual(['已有商品']);
    const sheet = await sheetOfBytes(await jobFile(sut, job.id, '商品上传错误.xlsx'));
    const message = (row: number) => sheet.getRow(row).getCell(14).text;
    expect(sheet.getRow(1).getCell(14).text).toBe('错误信息');
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(message)).toEqual([
      '',
      '商品名称必填;',
      '售价(元)须为大于0、最多两位小数的金额（元）;',
      '商品名称在表格中重复;',
      '商品名称已存在;',
      `券批次${peBatch}不存在;`,
      '商品内容“coupon-1-2”不是 类型:编码:名称:数量 格式;',
      '商品内容“goods:A:杯:0”的数量须为1到999;',
      '运营商NOPE不存在;',
      '原价低于售价;是否上架须填“是”或“否”;',
      '商品内容必填;',
    ]);
    expect(sheet.getRow(3).getCell(15).text).toBe('无效');
    expect(sheet.getRow(2).getCell(15).text).toBe('');
  });

  it('should refuse a sheet not in the template, one without rows, and a file that is no sheet', async () => {
    const wrong = await uploaded(await productSheet([['a', '1']], ['名称', '价格']));
    expect(wrong).toMatchObject({ state: 'failed', error: '表格的列与模板不符：请下载模板后填写' });
    const empty = await uploaded(await productSheet([]));
    expect(empty).toMatchObject({ state: 'failed', error: '表格的表头下没有商品' });
    const text = await upload(Buffer.from('name,price\n'), operator, 'products.csv');
    expect(text.statusCode).toBe(415);
    const viewer = await sut.userWith('viewer', 'nio');
    expect((await upload(await productSheet([]), viewer)).statusCode).toBe(403);
    expect(await sut.database.db.select().from(mallProducts).where(eq(mallProducts.tenant, 'nio'))).toEqual(
      [],
    );
  });
});
