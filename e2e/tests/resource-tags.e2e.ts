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

const HOME = '/cmp-app/nio';
const TOOLTIP = 'E2E：每天最忙的时段，按半小时填写';

const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');

/** Through the side menu, opening its group when it is folded. */
async function openFromMenu(page: Page, group: string, item: string): Promise<void> {
  const menu = page.locator('.ant-layout-sider .ant-menu');
  const entry = menu.getByRole('menuitem', { name: item, exact: true });
  if (!(await entry.isVisible())) await menu.getByText(group, { exact: true }).click();
  await entry.click();
}

/** Picks an option of the search form's select labelled `label`. */
async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const item = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option });
  await item.first().waitFor();
  await settle(page);
  await item.first().click();
}
const groupRow = (page: Page, code: string) => rows(page).filter({ hasText: code }).first();

describe('resource tag editor', () => {
  let s: Session;

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(HOME));
    await signIn(s.page, 'nio-admin', PASSWORDS.demo);
    await s.page.waitForURL(s.url(HOME));
  });
  /** The seeded tooltip, put back afterwards: other files read the catalogue of the same portal. */
  let original: string | null = null;
  const tooltipApi = () => s.url('/api/nio/tag-catalogue/groups/resource_occupy_info/tooltip');
  afterAll(async () => {
    if (original !== null) {
      await s.page.request.put(tooltipApi(), {
        data: { tooltipText: original },
        headers: { origin: s.origin },
      });
    }
    await s?.close();
  });
  screenshotFailures(() => s);

  it('should open from the menu, filter by provider, and save a group tooltip', async () => {
    await openFromMenu(s.page, '资源运营', '资源标签');
    await s.page.waitForURL(/\/resource-tags/);
    await groupRow(s.page, 'resource_occupy_info').waitFor();
    await settle(s.page);
    await s.snap('resource-tags-zh');

    await pick(s.page, '标签提供方', '算法');
    await s.page.getByRole('button', { name: '查询' }).click();
    await s.page.waitForURL(/tagProviderCode=algorithm/);
    await expect.poll(() => rows(s.page).count()).toBe(3);
    expect(await rows(s.page).filter({ hasText: 'resource_occupy_info' }).count()).toBe(0);
    await s.page.getByRole('button', { name: '重置' }).click();
    await groupRow(s.page, 'resource_occupy_info').waitFor();

    const listed = await s.page.request.get(
      s.url('/api/nio/tag-catalogue/groups?keyword=resource_occupy_info'),
    );
    original =
      ((await listed.json()) as { items: { tooltipText: string | null }[] }).items[0]!.tooltipText ?? '';
    await groupRow(s.page, 'resource_occupy_info').getByRole('button', { name: '提示说明' }).click();
    const modal = s.page.locator('.ant-modal').filter({ visible: true });
    await modal.getByLabel('提示说明').fill(TOOLTIP);
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => groupRow(s.page, 'resource_occupy_info').textContent()).toContain(TOOLTIP);

    // Saved on the server: a reload reads it back.
    await s.page.reload();
    await expect.poll(() => groupRow(s.page, 'resource_occupy_info').textContent()).toContain(TOOLTIP);
  });

  it('should open the stations holding a tag and lead to a station', async () => {
    const row = groupRow(s.page, 'nio_charging_tag');
    await row.getByRole('button', { name: /展开行|Expand row/ }).click();
    const held = s.page.getByRole('button', { name: /^[1-9]\d* 个场站$/ }).first();
    await held.waitFor();
    await held.click();
    const drawer = s.page.locator('.ant-drawer').filter({ visible: true });
    const link = drawer.getByRole('link').first();
    await link.waitFor();
    await settle(s.page);
    await s.snap('resource-tags-holders-zh');
    const resourceId = (await link.textContent())!;
    await link.click();
    await s.page.waitForURL(new RegExp(`resourceId=${encodeURIComponent(resourceId)}`));
  });

  it('should read in English', async () => {
    await s.page.goto(s.url(`${HOME}/resource-tags`));
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByText('Tag group code').first().waitFor();
    await groupRow(s.page, 'resource_occupy_info').waitFor();
    expect(await groupRow(s.page, 'max_charging_speed_tag').textContent()).toContain('Algorithm');
    await s.snap('resource-tags-en');
  });
});
