import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

describe('access to tenant areas', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url('/cmp-app'));
    await signIn(s.page, 'nio-viewer', PASSWORDS.demo);
    await s.page.getByText('欢迎，NIO viewer').waitFor();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should take a single-tenant user past the chooser into their tenant', async () => {
    expect(new URL(s.page.url()).pathname).toBe('/cmp-app/nio');
    await s.page.goto(s.url('/cmp-app'));
    await s.page.waitForURL(s.url('/cmp-app/nio'));
    await s.page.getByText('欢迎，NIO viewer').waitFor();
    expect(await s.page.getByRole('list', { name: '可进入的区域' }).count()).toBe(0);
    // One <main> on the page: the layout's content, not one inside another.
    expect(await s.page.evaluate(() => document.querySelectorAll('main').length)).toBe(1);
  });

  it("should refuse another tenant's area named in the URL", async () => {
    await s.page.goto(s.url('/cmp-app/pe'));
    await s.page.getByText('你没有 PE 区域的访问权限').waitFor();
    expect(await s.page.getByRole('menu').count()).toBe(0);
    await s.snap('tenant-forbidden-zh');

    // The server refuses it as well, whatever the page shows.
    const answer = await s.page.evaluate(async () => {
      const response = await fetch('/api/pe/files', { method: 'POST', body: new FormData() });
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(answer).toMatchObject({ status: 403, body: { error: { code: 'tenant_forbidden' } } });
  });

  it('should refuse staff administration to a viewer and keep it out of the menu', async () => {
    await s.page.goto(s.url('/cmp-app/nio/admin/staff'));
    await s.page.getByText('你没有访问此功能的权限').waitFor();
    // Everyone reads the regions and dictionaries under 系统管理; staff administration stays with admins.
    const menu = s.page.getByRole('menu').first();
    await menu.getByText('系统管理', { exact: true }).click();
    await s.page.getByRole('menuitem', { name: '行政区划' }).waitFor();
    expect(await s.page.getByRole('menuitem', { name: '员工管理' }).count()).toBe(0);
  });

  it('should open old links without a tenant in the last used area, keeping the query', async () => {
    await s.page.goto(s.url('/cmp-app/nio'));
    await s.page.getByText('欢迎，NIO viewer').waitFor();
    await s.page.goto(s.url('/feedback-list?commentId=42'));
    await s.page.waitForURL(s.url('/cmp-app/nio/feedback-list?commentId=42'));
    await s.page.goto(s.url('/main'));
    await s.page.waitForURL(s.url('/cmp-app/nio'));
  });

  it('should show a viewer a road book to read: no name to edit, no stop to change, no save', async () => {
    await s.page.goto(s.url('/cmp-app/nio/road-books'));
    // The demo's road books are there from the first start.
    const row = s.page.locator('.ant-table-row').first();
    await row.getByRole('button', { name: '查看' }).click();
    await s.page.waitForURL(/\/route-planning\?roadBookId=\d+/);
    await s.page.getByRole('heading', { name: '查看路书' }).waitFor();
    await s.page
      .locator('.ant-table-row')
      .filter({ has: s.page.getByRole('checkbox') })
      .first()
      .waitFor();
    expect(await s.page.getByRole('heading', { name: '编辑路书' }).count()).toBe(0);
    expect(await s.page.getByLabel('路书名称').count()).toBe(0);
    for (const name of [/^上移/, /^下移/, /^移除/, '保存路书', '规划路线'])
      expect(await s.page.getByRole('button', { name }).count()).toBe(0);
    expect(await s.page.getByRole('combobox', { name: '添加途经点' }).count()).toBe(0);
    // The candidates are wider than their column: a scroll bar above the table moves them sideways.
    const top = s.page.locator('[data-top-scroll]');
    await expect.poll(() => top.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await top.evaluate((el) => (el.scrollLeft = 200));
    await expect
      .poll(() =>
        s.page
          .locator('.ant-table-content')
          .last()
          .evaluate((el) => el.scrollLeft),
      )
      .toBe(200);
    const boxes = s.page.locator('.ant-table-row').getByRole('checkbox');
    expect(await boxes.evaluateAll((all) => all.every((box) => (box as HTMLInputElement).disabled))).toBe(
      true,
    );
    await settle(s.page);
    await s.snap('road-book-viewer-zh');
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByRole('heading', { name: 'View road book' }).waitFor();
    await s.snap('road-book-viewer-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
  });

  it('should show the error page and the not-found page', async () => {
    await s.page.goto(s.url('/error'));
    await s.page.getByText('出错了').waitFor();
    await s.snap('error-page-zh');
    await s.page.goto(s.url('/cmp-app/xyz'));
    await s.page.getByText('页面不存在', { exact: true }).waitFor();
    await s.snap('not-found-zh');
  });
});
