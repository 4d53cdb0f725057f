import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, openSession, screenshotFailures, signIn, type Session } from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

describe('language', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should start in Chinese and switch to English', async () => {
    await s.page.goto(s.url('/cmp-app/pe/admin/staff'));
    await signIn(s.page, 'pe-admin', PASSWORDS.demo);
    await s.page.locator('.ant-table-row').first().waitFor();
    await chooseLanguage(s.page, '切换语言', 'English');

    const header = s.page.getByRole('banner');
    await header.getByText('Charging & Swap Operations Portal').waitFor();
    await s.page.getByRole('button', { name: 'New staff member' }).waitFor();
    // antd's own texts follow: the pager speaks English too.
    await s.page.locator('.ant-pagination-options').getByText('20 / page').waitFor();
    expect(await s.page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    const crumbs = await s.page.locator('.ant-breadcrumb li').allTextContents();
    expect(crumbs.filter((c) => c !== '/')).toEqual(['PE', 'System', 'Staff']);
    await s.page.getByText('You administer PE: only staff with a role in these areas are listed').waitFor();
    await s.snap('staff-list-en');
  });

  it('should keep English after a reload', async () => {
    await s.page.reload();
    await s.page.getByRole('banner').getByText('Charging & Swap Operations Portal').waitFor();
    await s.page.getByRole('button', { name: 'New staff member' }).waitFor();
  });

  it('should show the other screens in English', async () => {
    await s.page
      .locator('.ant-table-row')
      .filter({ hasText: 'pe-operator' })
      .getByRole('button', { name: 'View' })
      .click();
    const drawer = s.page.locator('.ant-drawer-content-wrapper');
    await drawer.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByRole('button', { name: 'Save' }).waitFor();
    await s.snap('staff-edit-en');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await s.page.keyboard.press('Escape');

    await s.page.goto(s.url('/cmp-app/pe'));
    await s.page.getByText('Welcome, PE admin').waitFor();
    await s.snap('tenant-home-en');

    await s.page.goto(s.url('/cmp-app/pe/no-such-screen'));
    await s.page.getByText('Page not found').waitFor();
    await s.snap('not-found-en');

    await s.page.getByRole('button', { name: /Sign out/ }).click();
    await s.page.getByRole('button', { name: 'Sign in' }).waitFor();
    await s.snap('sign-in-en');
  });

  it('should switch back to Chinese', async () => {
    await chooseLanguage(s.page, 'Switch language', '中文');
    await s.page.getByRole('button', { name: '登录' }).waitFor();
  });
});
