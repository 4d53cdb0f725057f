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

const DICTIONARIES = '/cmp-app/nio/dictionaries?type=resource_biz_scenes';
/** The business scene this file renames, and puts back after: other files read its label. */
const SCENE = { code: '9', name: '产业园区' };
const RENAMED = '科创园区';

const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text }).first();

/** Through the side menu, so the page's caches stay as a user's would. */
async function openFromMenu(page: Page, group: string, item: string): Promise<void> {
  const menu = page.locator('.ant-layout-sider .ant-menu');
  const entry = menu.getByRole('menuitem', { name: item, exact: true });
  if (!(await entry.isVisible())) await menu.getByText(group, { exact: true }).click();
  await entry.click();
}

/** Puts the scene's name back through the API, as the signed-in admin. */
async function restoreScene(page: Page): Promise<void> {
  await page.evaluate(async ({ code, name }) => {
    const list = await fetch('/api/nio/dictionaries?dictTypeCode=resource_biz_scenes').then((r) => r.json());
    const entry = (list.items as { dictId: number; code: string; sort: number; description: string }[]).find(
      (e) => e.code === code,
    )!;
    await fetch(`/api/nio/dictionary-entries/${entry.dictId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        nameEn: null,
        sort: entry.sort,
        status: 1,
        description: entry.description,
      }),
    });
  }, SCENE);
}

describe('regions and dictionaries', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url('/cmp-app/nio/resources'));
    await signIn(s.page, 'nio-admin', PASSWORDS.demo);
    // The operations list reads the business scenes first, so the rename below must reach a cached select.
    await s.page.locator('.ant-table-row').first().waitFor();
  });
  afterAll(async () => {
    if (s) await restoreScene(s.page);
    await s?.close();
  });
  screenshotFailures(() => s);

  it('should rename a business scene and offer the new name in the station list filter', async () => {
    await openFromMenu(s.page, '系统管理', '数据字典');
    await s.page.getByRole('menuitem', { name: /资源业务场景/ }).click();
    await row(s.page, SCENE.name).waitFor();
    await s.snap('dictionaries-zh');

    await row(s.page, SCENE.name)
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    const form = s.page.locator('.ant-modal').filter({ hasText: `编辑条目 ${SCENE.code}` });
    await form.getByLabel('中文名称').fill('');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await form.getByText('输入不能为空').waitFor();
    await form.getByLabel('中文名称').fill(RENAMED);
    await form.getByLabel('英文名称').fill('Innovation park');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await s.page.getByText(`已保存条目「${RENAMED}」`).waitFor();
    await row(s.page, RENAMED).getByText('Innovation park').waitFor();

    await openFromMenu(s.page, '资源运营', '资源运营列表');
    await s.page.locator('.ant-table-row').first().waitFor();
    // The scene filter is among those the collapsed filter form hides.
    await s.page.getByText('展开', { exact: true }).click();
    await s.page.getByLabel('业务场景').click();
    await s.page.locator('.ant-select-dropdown').getByText(RENAMED, { exact: true }).waitFor();
    await s.page.keyboard.press('Escape');
  });

  it('should open the region tree down to a city and follow its station count to the filtered list', async () => {
    await openFromMenu(s.page, '系统管理', '行政区划');
    const shanghai = row(s.page, '310000');
    await shanghai.waitFor();
    await shanghai.getByRole('button', { name: /展开|expand/i }).click();
    const city = row(s.page, '310100');
    await city.waitFor();
    await s.snap('regions-zh');

    const link = city.getByRole('link', { name: '查看上海市的场站' });
    const count = Number(await link.textContent());
    expect(count).toBeGreaterThan(0);
    await link.click();
    await s.page.waitForURL(/\/resources\?resourceRegions=310000&resourceRegions=310100/);
    await s.page.locator('.ant-table-row').first().waitFor();
    await expect
      .poll(async () =>
        Number(/共 (\d+) 条/.exec(await s.page.locator('.ant-pagination-total-text').innerText())?.[1]),
      )
      .toBe(count);
  });

  it('should show both screens in English', async () => {
    await openFromMenu(s.page, '系统管理', '行政区划');
    await row(s.page, '310000').waitFor();
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByText('Region code').waitFor();
    await s.page.getByRole('searchbox', { name: 'Search by name or code' }).fill('海珠');
    await row(s.page, '440105').waitFor();
    await settle(s.page);
    await s.snap('regions-en');

    await s.page.goto(s.url(DICTIONARIES));
    await row(s.page, 'Innovation park').waitFor();
    await s.snap('dictionaries-en');
  });
});
