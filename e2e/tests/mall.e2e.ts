import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@cmp/domain/mall/order-contracts';
import type { ProductPage } from '@cmp/domain/mall/product-contracts';
import { PRODUCT_SHEET_COLUMNS } from '@cmp/domain/mall/product-sheet';
import type { AppClientSecret } from '@cmp/domain/platform/app-clients';
import { signedHeaders } from '../../apps/server/src/platform/signed-clients/client-signing';
import { openSession, screenshotFailures, signIn, type Session } from '../support/browser';
import { PASSWORDS } from '../support/portal-server';
import { sheetRows } from '../support/spreadsheet';

const PRODUCTS = '/cmp-app/nio/products';
/** The upload and the delivery run as jobs; a busy machine takes a while to pick them up. */
const JOB_WAIT_MS = 60_000;
const stamp = Date.now().toString(36);
/** A demo user who holds no coupon yet (the demo coupons went to the first 60 accounts): no limit per user is in the way. */
const BUYER = 'ACC100500';

/** A product sheet in the template's columns: name, price, original price, items, display. */
async function productSheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(PRODUCT_SHEET_COLUMNS.map((c) => c.zh));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

// Products uploaded from a sheet whose wrong rows come back marked, then added; an order placed and paid
// through the signed app API, its coupons issued by themselves and shown on the order's detail.
describe('mall', () => {
  let s: Session;
  let client: { clientId: string; secretCode: string };
  let batchId = '';

  const signed = (method: 'GET' | 'POST', path: string, payload?: unknown) => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    return fetch(s.url(path), {
      method,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...signedHeaders(client, { method, path, body }),
      },
      ...(payload === undefined ? {} : { body }),
    });
  };

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(PRODUCTS));
    await signIn(s.page, 'nio-admin', PASSWORDS.demo);
    await s.page.waitForURL(s.url(PRODUCTS));
    await s.page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
    const rotated = await s.page.request.post(s.url('/api/nio/app-clients/demo-nio-app/rotate-secret'), {
      headers: { origin: s.origin },
    });
    expect(rotated.status()).toBe(200);
    const secret = (await rotated.json()) as AppClientSecret;
    client = { clientId: secret.client.clientId, secretCode: secret.secretCode };
    const demo = (await (
      await s.page.request.get(s.url('/api/nio/mall/products?pageSize=50'))
    ).json()) as ProductPage;
    batchId = demo.items.flatMap((p) => p.items).find((i) => i.itemType === 'coupon')!.itemCode;
  });
  afterAll(async () => {
    await s?.close();
  });
  screenshotFailures(() => s);

  it('should hand back a sheet with a wrong row marked, then add every product of the corrected one', async () => {
    const good = [`E2E 礼包 ${stamp}`, '9.90', '12.00', `coupon:${batchId}:充电券:1`, '是', 'e2e'];
    const upload = async (rows: string[][]) => {
      await s.page.getByRole('button', { name: /上传商品/ }).click();
      const dialog = s.page.locator('.ant-modal').filter({ visible: true });
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'products.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await productSheet(rows),
      });
      await dialog.getByRole('button', { name: /开始上传/ }).click();
      return dialog;
    };

    const dialog = await upload([good, [`E2E 错误 ${stamp}`, '9.999', '', 'coupon:999999999:券:1']]);
    await dialog.getByText('表格有误，未保存任何商品').waitFor({ timeout: JOB_WAIT_MS });
    await s.snap('mall-upload-errors');
    const download = s.page.waitForEvent('download');
    await dialog
      .getByRole('link', { name: /下载错误表格/ })
      .or(dialog.getByRole('button', { name: /下载错误表格/ }))
      .click();
    const marked = await sheetRows(await download);
    expect(marked.slice(1).map((row) => [row[0], row[13] ?? ''])).toEqual([
      [good[0], ''],
      [`E2E 错误 ${stamp}`, '售价(元)须为大于0、最多两位小数的金额（元）;券批次999999999不存在;'],
    ]);
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: /关闭/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    const again = await upload([good]);
    await again.getByText('上传完成').waitFor({ timeout: JOB_WAIT_MS });
    await again.getByText('已添加 1 个商品').waitFor();
    await again.locator('.ant-modal-footer').getByRole('button', { name: /关闭/ }).click();
    await s.page
      .locator('.ant-table-row')
      .filter({ hasText: good[0]! })
      .filter({ hasText: '9.90' })
      .waitFor();
  });

  it('should show the coupons an order paid through the app API was given on its detail', async () => {
    const products = (await (
      await s.page.request.get(s.url('/api/nio/mall/products?pageSize=50'))
    ).json()) as ProductPage;
    const product = products.items.find(
      (p) => p.productDisplay && p.items.every((i) => i.itemType === 'coupon'),
    )!;
    const placed = await signed('POST', '/api/app/mall/orders', {
      userId: BUYER,
      productId: product.id,
    });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as Order;
    expect(order).toMatchObject({ productPrice: product.unitPrice, orderStatus: 1, paymentStatus: 1 });
    const paid = await signed('POST', `/api/app/mall/orders/${order.id}/payments`, {
      paymentId: `PAY-E2E-${stamp}`,
      amount: product.unitPrice,
    });
    expect(paid.status).toBe(200);
    // The delivery job issues the coupons by itself: wait until the apps' read says so.
    let delivered = order;
    for (const deadline = Date.now() + JOB_WAIT_MS; Date.now() < deadline && delivered.orderStatus !== 3;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      delivered = (await (await signed('GET', `/api/app/mall/orders/${order.id}`)).json()) as Order;
    }
    expect(delivered).toMatchObject({ orderStatus: 3, paymentStatus: 2, deliveryStatus: 2 });
    const couponIds = delivered.deliveryContent[0]!.couponIds;
    expect(couponIds.length).toBe(delivered.deliveryContent[0]!.itemCount);

    await s.page.goto(s.url(`/cmp-app/nio/product-orders/detail?id=${order.id}`));
    await s.page.getByRole('heading', { name: `订单 #${order.id}` }).waitFor();
    await s.page.getByText(`券ID: ${couponIds.join(', ')}`).waitFor();
    await s.page.getByText(`PAY-E2E-${stamp}`).first().waitFor();
    await s.page.getByText('订单完成').waitFor();
    await s.snap('mall-order-detail');

    await s.page.goto(s.url(`/cmp-app/nio/product-orders?id=${order.id}`));
    await s.page.locator('.ant-table-row').filter({ hasText: '已完成' }).waitFor();
  });
});
