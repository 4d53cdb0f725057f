import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PlatformAccount } from '@cmp/domain/accounts/account-contracts';
import type { Comment } from '@cmp/domain/comments/comment-contracts';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';
import { sheetRows } from '../support/spreadsheet';

const BATCHES = '/cmp-app/nio/coupon-batches';
/** A mobile number no demo account has: no demo prefix starts with 0. */
const UNREGISTERED = '10000000000';
/**
 * Generation runs as a job; a busy machine takes a while to pick it up. A test that waits for a job has a
 * limit of 90 s, so that this wait ends first and says what it waited for.
 */
const JOB_WAIT_MS = 60_000;

const openModal = (page: Page) => page.locator('.ant-modal').filter({ visible: true });
const openDrawer = (page: Page) => page.locator('.ant-drawer-content-wrapper').filter({ visible: true });
const option = (page: Page, text: string) =>
  page.locator('.ant-select-item-option').filter({ visible: true }).getByText(text, { exact: true });
/** A counter of the batch page, by its title. */
const counter = (page: Page, title: string) =>
  page
    .locator('.ant-statistic')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('.ant-statistic-content');
const description = (page: Page, label: string) =>
  page
    .locator('.ant-descriptions-item')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.ant-descriptions-item-content');

/** Two demo accounts with mobiles, found as the accounts e2e finds them: through the comments that name them. */
async function demoMobiles(s: Session): Promise<string[]> {
  const response = await s.page.request.post(s.url('/api/nio/comments/search'), {
    data: { pageSize: 100 },
    headers: { origin: s.origin },
  });
  const { items } = (await response.json()) as { items: Comment[] };
  const mobiles = new Set<string>();
  for (const comment of items) {
    const account = (await (
      await s.page.request.get(s.url(`/api/nio/accounts/${comment.accountId}`))
    ).json()) as PlatformAccount;
    if (!account.isDelete && account.mobile) mobiles.add(account.mobile);
    if (mobiles.size === 2) return [...mobiles];
  }
  throw new Error('no two demo accounts with mobiles');
}

/** A recipient sheet as staff fill it: the header 手机号, then one mobile a row. */
async function recipientSheet(mobiles: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(['手机号']);
  for (const mobile of mobiles) sheet.addRow([mobile]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('coupons: a batch from the editor to generation, sending by import and abandoning', () => {
  let s: Session;
  let mobiles: string[];
  const batchName = `E2E 春季 ${Date.now() % 100000}`;
  let batchUrl = '';

  const shot = (name: string) => s.snap(`coupons-${name}`);

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(BATCHES));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL((url) => url.pathname === BATCHES);
    mobiles = await demoMobiles(s);
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should create a voucher batch through the editor and open it with its counters', async () => {
    await s.page.getByRole('button', { name: /新建批次/ }).click();
    const drawer = openDrawer(s.page);
    await drawer.getByLabel('批次名称').fill(batchName);
    await drawer.getByLabel('优惠券名称').fill('春季代金券');
    await drawer.getByLabel('券类型').click();
    await option(s.page, '代金券').click();
    await drawer.getByLabel('总数量').fill('1000');
    await drawer.getByLabel('面值（元）').fill('12.5');
    await drawer.getByLabel('使用门槛').click();
    await drawer.getByLabel('订单满（元）').fill('30');
    await drawer.getByLabel('有效期类型').click();
    await option(s.page, '领取后 N 天').click();
    await drawer.getByLabel('领取后有效天数').fill('30');
    await drawer.getByText('添加规则').click();
    await drawer.getByLabel('使用规则').click();
    await option(s.page, '平台').click();
    await drawer.getByTestId('coupon-rule').getByText('全部').click();
    await shot('batch-editor-zh');
    await drawer.getByRole('button', { name: /^创\s?建$/ }).click();

    await s.page.waitForURL(/coupon-batches\/detail\?id=\d+/);
    batchUrl = new URL(s.page.url()).pathname + new URL(s.page.url()).search;
    await s.page.getByRole('heading', { name: batchName }).waitFor();
    expect(await counter(s.page, '总数量').innerText()).toBe('1,000');
    expect(await counter(s.page, '库存').innerText()).toBe('1,000');
    await s.page.getByText('¥12.50').waitFor();
    await s.page.getByText('¥30.00').waitFor();
    await s.page.getByText('平台: 全部').waitFor();
    expect(await description(s.page, '奖励类型').innerText()).toBe('优惠券');
  });

  it('should generate codes and follow the progress to the end', async () => {
    await s.page.getByRole('button', { name: /生成优惠券/ }).click();
    const modal = openModal(s.page);
    await modal.getByLabel('生成数量').fill('600');
    await settle(s.page);
    await shot('generate-dialog-zh');
    await modal.getByRole('button', { name: /^生\s?成$/ }).click();
    await s.page.getByText('生成进度').waitFor();
    await s.page.getByText('生成完成').waitFor({ timeout: JOB_WAIT_MS });
    await s.page.waitForFunction(
      () => document.querySelector('[data-testid="job-progress"] .ant-progress-status-success') !== null,
    );
    await counter(s.page, '已生成').getByText('600').waitFor();
    expect(await counter(s.page, '库存').innerText()).toBe('400');
    const record = s.page.locator('.ant-table-row').first();
    await record.getByText('已完成').waitFor();
    await shot('batch-detail-generated-zh');
  }, 90_000);

  it('should refuse a sheet with an unregistered mobile, send nothing, and give the error sheet', async () => {
    await s.page.getByRole('button', { name: /发放优惠券/ }).click();
    const modal = openModal(s.page);
    await modal.getByText('表格导入').click();
    await modal.locator('input[type=file]').setInputFiles({
      name: 'recipients.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await recipientSheet([mobiles[0]!, UNREGISTERED, mobiles[0]!]),
    });
    await modal.getByRole('button', { name: /^发\s?放$/ }).click();
    await modal.getByText('名单有错误，未发放任何优惠券').waitFor({ timeout: JOB_WAIT_MS });
    await shot('send-import-refused-zh');
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      modal.getByRole('link', { name: /下载错误表格/ }).click(),
    ]);
    const rows = (await sheetRows(download)).map((row) => row.map(String).join('|'));
    expect(rows.some((row) => row.includes(UNREGISTERED) && row.includes('该手机号未注册;'))).toBe(true);
    expect(rows.some((row) => row.includes('重复数据;'))).toBe(true);
    expect(await counter(s.page, '已发放').innerText()).toBe('0');
    await modal
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s?闭/ })
      .click();
    await modal.waitFor({ state: 'detached' });
  }, 90_000);

  it('should send to every user of a good sheet', async () => {
    // A dialog of its own: what a user who closed the refused one and opens it again sees.
    await s.page.getByRole('button', { name: /发放优惠券/ }).click();
    const modal = openModal(s.page);
    await modal.getByText('表格导入').click();
    await modal.locator('input[type=file]').setInputFiles({
      name: 'recipients-good.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await recipientSheet(mobiles),
    });
    await modal.getByRole('button', { name: /^发\s?放$/ }).click();
    await modal
      .locator('[data-testid="job-progress"] .ant-progress-status-success')
      .waitFor({ timeout: JOB_WAIT_MS });
    await shot('send-import-done-zh');
    await modal
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s?闭/ })
      .click();
    await counter(s.page, '已发放').getByText('2').waitFor();
    expect(await counter(s.page, '库存').innerText()).toBe('398');
  }, 90_000);

  it('should list the sent coupons and the generate records', async () => {
    await s.page.goto(
      s.url(`/cmp-app/nio/coupon-records?searchInputSelect=accountMobile&searchInput=${mobiles[0]}`),
    );
    await s.page.locator('.ant-table-row').filter({ hasText: '表格导入' }).first().waitFor();
    await shot('coupon-records-zh');
    await s.page.goto(s.url('/cmp-app/nio/coupon-deliveries'));
    await s.page.locator('.ant-table-row').filter({ hasText: batchName }).first().waitFor();
    await shot('coupon-deliveries-zh');
    await s.page.goto(s.url('/cmp-app/nio/coupon-generate-records'));
    const row = s.page.locator('.ant-table-row').filter({ hasText: batchName }).first();
    await row.waitFor();
    // Who generated them: the signed-in operator, on the row and in the drawer.
    await row.getByText('nio-operator', { exact: true }).waitFor();
    await row.locator('td').first().getByRole('button').click();
    await openDrawer(s.page).getByText('统计').waitFor();
    const operatorRow = openDrawer(s.page).locator('tr').filter({ hasText: '操作人' });
    expect(await operatorRow.locator('.ant-descriptions-item-content').innerText()).toBe('nio-operator');
    await shot('generate-record-drawer-zh');
  });

  it('should abandon the batch after a confirmation with a reason', async () => {
    await s.page.goto(s.url(batchUrl));
    await s.page.getByRole('button', { name: /作废批次/ }).click();
    const modal = openModal(s.page);
    await modal.getByText(`作废批次“${batchName}”？`).waitFor();
    await modal.getByRole('button', { name: '确定作废' }).click();
    await modal.getByText('请填写作废原因').waitFor();
    await modal.getByLabel('备注').fill('活动取消');
    await shot('abandon-batch-zh');
    await modal.getByRole('button', { name: '确定作废' }).click();
    const done = s.page.getByText(/已作废 \d+ 张优惠券/);
    await done.waitFor();
    const abandoned = Number(/\d+/.exec(await done.innerText())![0]);
    // Every coupon nobody used: the unclaimed codes and the two sent.
    expect(abandoned).toBe(602);
    await modal.waitFor({ state: 'hidden' });
    await counter(s.page, '已作废').getByText('602').waitFor();
    await s.page.getByText('已结束').first().waitFor();
    await s.page.goto(s.url('/cmp-app/nio/coupon-abandon-records'));
    const row = s.page.locator('.ant-table-row').filter({ hasText: '活动取消' }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('按批次');
    await shot('abandon-records-zh');
    await s.page.goto(s.url(BATCHES));
    await s.page.locator('.ant-table-row').filter({ hasText: batchName }).waitFor();
    await shot('batch-list-zh');
  });

  it('should show the coupon screens in English', async () => {
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByText('New batch').waitFor();
    await shot('batch-list-en');
    await s.page.getByRole('button', { name: /New batch/ }).click();
    await openDrawer(s.page).getByText('Value and validity').waitFor();
    await shot('batch-editor-en');
    await openDrawer(s.page).getByRole('button', { name: 'Close' }).click();
    await s.page.goto(s.url(batchUrl));
    await s.page.getByText('Counters').waitFor();
    expect(await description(s.page, 'Award type').innerText()).toBe('Coupon');
    await shot('batch-detail-en');
    for (const [path, name] of [
      ['coupon-generate-records', 'generate-records-en'],
      ['coupon-records', 'coupon-records-en'],
      ['coupon-deliveries', 'coupon-deliveries-en'],
      ['coupon-abandon-records', 'abandon-records-en'],
    ] as const) {
      await s.page.goto(s.url(`/cmp-app/nio/${path}`));
      await s.page.locator('.ant-table').first().waitFor();
      await shot(name);
    }
    await chooseLanguage(s.page, 'Switch language', '中文');
  });
});
