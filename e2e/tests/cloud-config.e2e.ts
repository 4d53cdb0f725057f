import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const SCREEN = '/cmp-app/nio/cloud-config';
const COMMENTS = ['充电速度快', 'e2e 新短语'];
const row = (page: Page, key: string) => page.locator('.ant-table-row').filter({ hasText: key });
const dialog = (page: Page) => page.locator('.ant-modal-wrap').filter({ visible: true });

describe('cloud configuration', () => {
  let s: Session;

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(SCREEN));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL(s.url(SCREEN));
    await row(s.page, 'recommended_comments').waitFor();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should refuse a value that is not JSON at the field, then save a change', async () => {
    await settle(s.page);
    await s.snap('cloud-config-items-zh');
    await row(s.page, 'recommended_comments').getByRole('button', { name: '修改' }).click();
    const value = dialog(s.page).getByLabel('值 (JSON)');
    await value.fill('["未闭合"');
    await dialog(s.page).getByText('请输入合法的 JSON').waitFor();
    await value.fill('[1]');
    await dialog(s.page).getByText('0: 输入的值无效').waitFor();
    await s.snap('cloud-config-editor-invalid-zh');

    await value.fill(JSON.stringify(COMMENTS));
    const saved = s.page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/items'));
    await dialog(s.page).getByRole('button', { name: '保存' }).click();
    expect((await saved).status()).toBe(204);
    await row(s.page, 'recommended_comments').getByText('已修改').waitFor();
  });

  it('should show what will be released and release it', async () => {
    await s.page
      .locator('button')
      .filter({ hasText: /^发布$/ })
      .click();
    await dialog(s.page).locator('[data-testid="diff-recommended_comments"]').waitFor();
    await dialog(s.page).getByLabel('发布名称').fill('e2e 发布');
    await settle(s.page);
    await s.snap('cloud-config-release-zh');
    const released = s.page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/releases'),
    );
    await dialog(s.page)
      .locator('button')
      .filter({ hasText: /^发布$/ })
      .click();
    expect((await released).status()).toBe(201);
    await dialog(s.page).waitFor({ state: 'detached' });
    await row(s.page, 'recommended_comments').getByText('已发布').waitFor();
  });

  it('should show the change in the diff of the last two releases', async () => {
    await s.page.getByRole('tab', { name: '发布历史' }).click();
    const history = s.page.locator('.ant-table-row').filter({ hasText: 'e2e 发布' });
    await history.waitFor();
    // The demo's two releases, then ours: the newest two are #3 (ours) and #2.
    await s.page.getByRole('row').filter({ hasText: 'e2e 发布' }).getByRole('checkbox').check();
    await s.page.getByRole('row').filter({ hasText: '开放虚拟站' }).getByRole('checkbox').check();
    await s.page.getByRole('button', { name: '对比所选发布' }).click();
    const change = dialog(s.page).locator('[data-testid="diff-recommended_comments"]');
    await change.waitFor();
    await expect.poll(() => change.textContent()).toContain('e2e 新短语');
    expect(await change.textContent()).toContain('修改');
    await settle(s.page);
    await s.snap('cloud-config-diff-zh');

    await dialog(s.page).locator('.ant-modal-close').click();
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByRole('tab', { name: 'Release history' }).waitFor();
    await settle(s.page);
    await s.snap('cloud-config-history-en');
  });
});
