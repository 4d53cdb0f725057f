import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  confirmPopconfirm,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';
import { sheetRows } from '../support/spreadsheet';

const STAFF = '/cmp-app/nio/admin/staff';

const headers = (page: Page) => page.locator('.ant-table-thead th').allTextContents();
const row = (page: Page, userName: string) =>
  page.locator('.ant-table-row').filter({ hasText: userName }).first();
const columnSetting = (page: Page, title: string) =>
  page.locator('.ant-popover [role=treeitem]').filter({ hasText: title });

// Closed confirmations stay in the page, hidden; only the open one counts.
const openConfirm = (page: Page) => page.locator('.ant-popconfirm').filter({ visible: true });

// Escape reaches the drawer only when focus is inside it and no dropdown holds it; the close button always does.
/** Closes the drawer by its X; with `typed`, the question about dropping the typed values comes first. */
async function closeDrawer(page: Page, typed = false): Promise<void> {
  const drawer = page.locator('.ant-drawer-content-wrapper');
  await drawer.locator('.ant-drawer-close').click();
  if (typed) {
    const ask = page.locator('.ant-modal').filter({ hasText: '放弃未保存的修改？' });
    await ask.getByRole('button', { name: '放弃修改' }).click();
  }
  await drawer.waitFor({ state: 'hidden' });
}

async function openColumnSettings(page: Page): Promise<Locator> {
  await page
    .locator('.ant-pro-table-list-toolbar-setting-item')
    .filter({ has: page.getByLabel('setting') })
    .click();
  const popover = page.locator('.ant-popover').filter({ hasText: '列展示' });
  await popover.waitFor();
  await settle(page);
  return popover;
}

describe('staff administration', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(STAFF));
    await signIn(s.page, 'nio-admin', PASSWORDS.demo);
    await s.page.waitForURL(s.url(STAFF));
    await s.page.locator('.ant-table-row').first().waitFor();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should list the staff of its tenant under its breadcrumb, saying so', async () => {
    const crumbs = await s.page.locator('.ant-breadcrumb li').allTextContents();
    expect(crumbs.filter((c) => c !== '/')).toEqual(['NIO', '系统管理', '员工管理']);
    expect(await s.page.locator('.ant-table-row').count()).toBe(20);
    await s.page.getByText('你是 NIO 的管理员：这里只列出在这些区域有角色的员工', { exact: false }).waitFor();
    await s.snap('staff-list-zh');
  });

  it('should not list staff who hold no role in its tenant', async () => {
    await s.page.goto(s.url(`${STAFF}?keyword=pe-`));
    await s.page.locator('.ant-empty').waitFor();
    expect(await s.page.locator('.ant-table-row').count()).toBe(0);
    await s.page.goto(s.url(STAFF));
    await s.page.locator('.ant-table-row').first().waitFor();
  });

  it('should filter by keyword through the search form', async () => {
    await s.page.getByLabel('关键字').fill('nio-');
    await s.page.getByRole('button', { name: '查询' }).click();
    await s.page.waitForURL(/keyword=nio-/);
    await expect.poll(() => s.page.locator('.ant-table-row').count()).toBe(3);
    await s.page.getByRole('button', { name: '重置', exact: true }).click();
    await expect.poll(() => s.page.locator('.ant-table-row').count()).toBe(20);
  });

  it('should show the first 5 filters and expand to the rest', async () => {
    // The buttons' cell has a blank label of its own.
    const filterLabels = async () =>
      (
        await s.page
          .locator('.ant-pro-query-filter .ant-form-item-label')
          .filter({ visible: true })
          .allTextContents()
      )
        .map((label) => label.trim())
        .filter(Boolean);
    expect(await filterLabels()).toEqual(['关键字', '区域', '状态', '角色', '创建时间']);

    await s.page.getByText('展开', { exact: true }).click();
    await expect.poll(filterLabels).toEqual(['关键字', '区域', '状态', '角色', '创建时间', '最近登录']);
    await settle(s.page);
    await s.snap('staff-filters-expanded-zh');

    await s.page.getByText('收起', { exact: true }).click();
    await expect.poll(filterLabels).toEqual(['关键字', '区域', '状态', '角色', '创建时间']);
  });

  it('should change the page size', async () => {
    await s.page.locator('.ant-pagination-options .ant-select').click();
    await s.page.locator('.ant-select-item-option').filter({ hasText: '10 条/页' }).click();
    await s.page.waitForURL(/pageSize=10/);
    await expect.poll(() => s.page.locator('.ant-table-row').count()).toBe(10);
  });

  it('should keep hidden and reordered columns after a reload', async () => {
    await openColumnSettings(s.page);
    await columnSetting(s.page, '邮箱').locator('.ant-tree-checkbox').click();
    // The user name stays fixed at the left; the others move among themselves.
    await columnSetting(s.page, '状态').dragTo(columnSetting(s.page, '角色'), {
      targetPosition: { x: 40, y: 2 },
    });
    await s.snap('staff-column-settings-zh');
    const arranged = await headers(s.page);
    expect(arranged).not.toContain('邮箱');
    expect(arranged[0]).toContain('用户名');
    expect(arranged.indexOf('状态')).toBeLessThan(arranged.indexOf('角色'));

    await s.page.reload();
    await s.page.locator('.ant-table-row').first().waitFor();
    expect(await headers(s.page)).toEqual(arranged);
    await expect.poll(() => s.page.locator('.ant-table-row').count()).toBe(10);

    // The export has the columns as arranged, in their order, and the rows as the list orders them.
    const download = s.page.waitForEvent('download');
    await s.page.getByRole('button', { name: /导出/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^员工列表-\d{8}\.xlsx$/);
    const sheet = await sheetRows(file);
    expect(sheet[0]).toEqual(arranged.filter((title) => title.trim() !== '' && title !== '操作'));
    const userNames = await s.page
      .locator(`.ant-table-row td:nth-child(${arranged.indexOf('用户名') + 1})`)
      .allInnerTexts();
    const column = (sheet[0] as string[]).indexOf('用户名');
    expect(sheet.slice(1, 11).map((cells) => cells[column])).toEqual(userNames);

    await openColumnSettings(s.page);
    await s.page.locator('.ant-popover').getByText('重置').click();
    await s.page.keyboard.press('Escape');
    await expect.poll(() => headers(s.page)).toContain('邮箱');
  });

  it('should show an account read-only, edit it, and cancel the edit', async () => {
    await s.page.goto(s.url(`${STAFF}?keyword=nio-operator`));
    await row(s.page, 'nio-operator').getByRole('button', { name: '查看' }).click();
    const drawer = s.page.locator('.ant-drawer-content-wrapper');
    await drawer.getByText('NIO operator').waitFor();
    expect(await drawer.getByRole('textbox').count()).toBe(0);
    await s.snap('staff-view-zh');

    await drawer.getByRole('button', { name: '编辑' }).click();
    await drawer.getByLabel('姓名').fill('Changed name');
    await expect(drawer.getByLabel('用户名').isDisabled()).resolves.toBe(true);
    await s.snap('staff-edit-zh');
    await drawer.getByRole('button', { name: '取消' }).click();
    // A change is not thrown away without asking.
    const ask = s.page.locator('.ant-modal').filter({ hasText: '放弃未保存的修改？' });
    await ask.getByRole('button', { name: '放弃修改' }).click();
    await drawer.getByText('NIO operator').waitFor();
    await drawer.getByRole('button', { name: '编辑' }).waitFor();

    await drawer.getByRole('button', { name: '编辑' }).click();
    await drawer.getByLabel('姓名').fill('NIO operator 2');
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.getByRole('button', { name: '编辑' }).waitFor();
    await drawer.getByText('NIO operator 2').waitFor();
    await closeDrawer(s.page);
    await row(s.page, 'nio-operator').getByText('NIO operator 2').waitFor();
  });

  it('should refuse to create an account without its required fields', async () => {
    await s.page.getByRole('button', { name: '新建员工' }).click();
    const drawer = s.page.locator('.ant-drawer-content-wrapper');
    await drawer.getByRole('button', { name: '创建' }).click();
    await expect.poll(() => drawer.getByText('输入不能为空').count()).toBe(2);
    await closeDrawer(s.page);
  });

  it('should create an account and show its first password once', async () => {
    await s.page.getByRole('button', { name: '新建员工' }).click();
    const drawer = s.page.locator('.ant-drawer-content-wrapper');
    await drawer.getByLabel('用户名').fill('e2e-new');
    await drawer.getByLabel('姓名').fill('E2E 新员工');
    await drawer.getByLabel('邮箱').fill('e2e-new@example.com');
    await drawer.getByLabel('NIO 角色').click();
    await s.page.locator('.ant-select-item-option').filter({ hasText: '运营' }).click();
    expect(await drawer.getByLabel('PE 角色').count()).toBe(0);
    await s.snap('staff-create-zh');
    await drawer.getByRole('button', { name: '创建' }).click();

    const issued = s.page.getByTestId('issued-password');
    await issued.waitFor();
    expect((await issued.textContent())?.length).toBeGreaterThanOrEqual(10);
    await s.snap('staff-issued-password-zh');
    await s.page.getByRole('button', { name: '我已记下' }).click();

    await s.page.goto(s.url(`${STAFF}?keyword=e2e-new`));
    await row(s.page, 'e2e-new').getByText('NIO · 运营').waitFor();
  });

  it('should refuse a user name that is taken', async () => {
    await s.page.getByRole('button', { name: '新建员工' }).click();
    const drawer = s.page.locator('.ant-drawer-content-wrapper');
    await drawer.getByLabel('用户名').fill('e2e-new');
    await drawer.getByLabel('姓名').fill('Twice');
    await drawer.getByLabel('NIO 角色').click();
    await s.page.locator('.ant-select-item-option').filter({ hasText: '只读' }).click();
    await drawer.getByRole('button', { name: '创建' }).click();
    await drawer.getByText('用户名已被占用').waitFor();
    await closeDrawer(s.page, true);
  });

  it('should disable and enable an account after confirmation', async () => {
    await row(s.page, 'e2e-new').getByRole('button', { name: '停用' }).click();
    await openConfirm(s.page).getByText('确定停用 e2e-new 吗？').waitFor();
    await s.snap('staff-disable-confirm-zh');
    await confirmPopconfirm(s.page);
    await row(s.page, 'e2e-new').locator('.ant-tag').filter({ hasText: '停用' }).waitFor();

    await row(s.page, 'e2e-new').getByRole('button', { name: '启用' }).click();
    await confirmPopconfirm(s.page);
    await row(s.page, 'e2e-new').locator('.ant-tag').filter({ hasText: '启用' }).waitFor();
  });

  it('should reset a password and show the new one once', async () => {
    await row(s.page, 'e2e-new').getByRole('button', { name: '重置密码' }).click();
    await confirmPopconfirm(s.page);
    const issued = s.page.getByTestId('issued-password');
    await issued.waitFor();
    expect((await issued.textContent())?.length).toBeGreaterThanOrEqual(10);
    await s.page.getByRole('button', { name: '我已记下' }).click();
    // Once closed it is gone from the page, not merely hidden.
    await issued.waitFor({ state: 'detached' });
  });

  it('should offer only role changes on accounts that also work in tenants this admin does not administer', async () => {
    await s.page.goto(s.url(`${STAFF}?keyword=ops-all`));
    const opsAll = row(s.page, 'ops-all');
    await opsAll.getByRole('button', { name: '查看' }).waitFor();
    expect(await opsAll.getByRole('button').allTextContents()).toEqual(['查看']);
    expect(await opsAll.locator('.ant-tag').allTextContents()).toEqual(
      expect.arrayContaining(['NIO · 运营', '其他区域…']),
    );

    await opsAll.getByRole('button', { name: '查看' }).click();
    const drawer = s.page.locator('.ant-drawer-content-wrapper');
    await drawer.getByText('该员工还在你不管理的区域工作', { exact: false }).waitFor();
    await drawer.getByRole('button', { name: '编辑' }).click();
    await expect(drawer.getByLabel('姓名').isDisabled()).resolves.toBe(true);
    await expect(drawer.getByLabel('NIO 角色').isEnabled()).resolves.toBe(true);
    await settle(s.page);
    await s.snap('staff-shared-account-zh');
    await drawer.getByRole('button', { name: '取消' }).click();
    await closeDrawer(s.page);
  });
});
