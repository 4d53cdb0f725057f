import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PlatformAccount } from '@cmp/domain/accounts/account-contracts';
import type { AppClientSecret } from '@cmp/domain/platform/app-clients';
import type { AppMessage } from '@cmp/domain/push-messages/push-messages';
import { signedHeaders } from '../../apps/server/src/platform/signed-clients/client-signing';
import { openSession, screenshotFailures, signIn, type Session } from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const LIST = '/cmp-app/nio/push-messages';
const FETCH = '/api/app/push-messages';
const stamp = Date.now().toString(36);

const option = (page: Page, text: string) =>
  page.locator('.ant-select-item-option').filter({ visible: true }).getByText(text, { exact: true });

async function accountSheet(accountIds: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(['账号']);
  for (const id of accountIds) sheet.addRow([id]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

// A batch written on its screen, its recipients imported from a sheet, pushed once confirmed with their
// number, and delivered: the e2e portal has no broker, so the app back end fetches the messages through its
// signed call and acknowledges them, and the screen shows each recipient's delivery move on.
describe('push messages: a batch from import to delivered', () => {
  let s: Session;
  const accountIds: string[] = [];

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-admin', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LIST));
    for (let n = 100_000; accountIds.length < 2 && n < 100_080; n += 1) {
      const response = await s.page.request.get(s.url(`/api/nio/accounts/ACC${n}`));
      if (response.ok() && !((await response.json()) as PlatformAccount).isDelete) accountIds.push(`ACC${n}`);
    }
    expect(accountIds).toHaveLength(2);
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should create a batch and import its recipients from a sheet', async () => {
    await s.page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
    await s.snap('push-batch-list-zh');
    await s.page.getByRole('button', { name: '新建批次' }).click();
    await s.page.waitForURL(/push-messages\/detail/);
    // The list's search form has a field of the same label: fill the editor once it is on screen.
    await s.page.getByRole('heading', { name: '新建推送批次' }).waitFor();
    await s.page.getByLabel('标题').fill(`周末充电优惠 ${stamp}`);
    await s.page.getByLabel('内容').fill('本周末充电打八折，快来试试。');
    await s.page.getByLabel('目标客户端').click();
    await option(s.page, '蔚来 App').click();
    await s.page.keyboard.press('Escape');
    await s.page.getByRole('button', { name: /创\s?建/ }).click();
    await s.page.waitForURL(/push-messages\/detail\?id=\d+/);
    await s.page.getByRole('heading', { name: `周末充电优惠 ${stamp}` }).waitFor();

    await s.page.locator('input[type=file]').setInputFiles({
      name: 'recipients.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await accountSheet(accountIds),
    });
    await s.page.getByRole('button', { name: '开始导入' }).click();
    await s.page.getByText('导入完成', { exact: true }).waitFor();
    await s.page.getByText('接收人（2）').waitFor();
    const list = s.page.locator('.ant-card').filter({ hasText: '接收人（2）' });
    await expect
      .poll(() => list.locator('.ant-table-tbody').getByText('待推送', { exact: true }).count())
      .toBe(2);
  });

  it('should push to both once confirmed, and show them delivered then acknowledged by the app', async () => {
    await s.page.getByRole('button', { name: /全部推送/ }).click();
    const confirm = s.page.locator('.ant-modal-confirm').filter({ visible: true });
    await confirm.getByText('将推送给 2 个接收人，推送开始后不能撤回。').waitFor();
    await confirm.getByRole('button', { name: '确认推送' }).click();
    await s.page.getByText('已开始推送给 2 个接收人').waitFor();
    const list = s.page.locator('.ant-card').filter({ hasText: '接收人（2）' });
    await expect
      .poll(() => list.locator('.ant-table-tbody').getByText('已送达', { exact: true }).count(), {
        timeout: 20_000,
      })
      .toBe(2);
    await s.snap('push-batch-delivered-zh');

    const rotated = (await (
      await s.page.request.post(s.url('/api/nio/app-clients/demo-nio-app/rotate-secret'), {
        headers: { origin: s.origin },
        data: {},
      })
    ).json()) as AppClientSecret;
    const client = { clientId: rotated.client.clientId, secretCode: rotated.secretCode };
    for (const accountId of accountIds) {
      const path = `${FETCH}?accountId=${accountId}`;
      const fetched = await fetch(s.url(path), { headers: signedHeaders(client, { method: 'GET', path }) });
      expect(fetched.status, await fetched.clone().text()).toBe(200);
      const items = ((await fetched.json()) as { items: AppMessage[] }).items.filter(
        (m) => m.kind === 'push_batch',
      );
      const mine = items.find((m) => m.title === `周末充电优惠 ${stamp}`)!;
      expect(mine).toMatchObject({ content: '本周末充电打八折，快来试试。', clients: ['nio_app'] });
      const body = JSON.stringify({ accountId, ids: [mine.id] });
      const acked = await fetch(s.url(`${FETCH}/ack`), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(client, { method: 'POST', path: `${FETCH}/ack`, body }),
        },
        body,
      });
      expect(await acked.json()).toEqual({ acknowledged: 1 });
    }
    await s.page.reload();
    const reloaded = s.page.locator('.ant-card').filter({ hasText: '接收人（2）' });
    await expect
      .poll(() => reloaded.locator('.ant-table-tbody').getByText('已确认', { exact: true }).count())
      .toBe(2);
    await s.snap('push-batch-acknowledged-zh');
    await s.page.getByText('English', { exact: true }).click();
    await s.page.getByText('Recipients (2)').waitFor();
    await s.snap('push-batch-acknowledged-en');
    await s.page.getByText('中文', { exact: true }).click();
    await s.page.getByText('接收人（2）').waitFor();
  });
});
