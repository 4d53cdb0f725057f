import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, screenshotFailures, settle, signIn, type Session } from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const WATERMARK = '[data-watermark]';

describe('first sign-in of the admin', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should send a visitor to sign in, keeping the page asked for', async () => {
    await s.page.goto(s.url('/cmp-app/nio'));
    await s.page.waitForURL(/\/cmp-app\/sign-in\?redirect=%2Fcmp-app%2Fnio$/);
    await s.page.getByRole('button', { name: '登录' }).waitFor();
    await s.snap('sign-in-zh');
  });

  it('should refuse a wrong password', async () => {
    await signIn(s.page, 'admin', 'not-the-password');
    await s.page.getByText('用户名或密码错误').waitFor();
  });

  it('should make the admin change the one-time password, then open the page asked for', async () => {
    await signIn(s.page, 'admin', PASSWORDS.adminFirst);
    await s.page.getByText('首次登录请先修改密码').waitFor();
    await s.snap('change-password-zh');
    await s.page.getByLabel('新密码', { exact: true }).fill(PASSWORDS.adminChanged);
    await s.page.getByLabel('确认新密码').fill(PASSWORDS.adminChanged);
    await s.page.getByRole('button', { name: '修改密码并进入' }).click();
    await s.page.waitForURL(s.url('/cmp-app/nio'));
  });

  it('should offer the three tenants of the admin in the chooser', async () => {
    await s.page.goto(s.url('/cmp-app'));
    const choices = s.page.getByRole('listitem');
    await choices.first().waitFor();
    expect(await choices.allTextContents()).toEqual([
      expect.stringContaining('NIO'),
      expect.stringContaining('PE'),
      expect.stringContaining('RSC'),
    ]);
    await s.snap('tenant-chooser-zh');
    await s.page.getByRole('listitem').filter({ hasText: 'PE' }).click();
    await s.page.waitForURL(s.url('/cmp-app/pe'));
  });

  it('should show title, namespace, home, user and sign-out in the header', async () => {
    const header = s.page.getByRole('banner');
    await header.getByText('充换电运营管理平台').waitFor();
    await expect(header.getByTestId('current-tenant').textContent()).resolves.toBe('PE');
    await expect(header.getByTestId('current-user').textContent()).resolves.toContain('(admin)');
    await header.getByRole('button', { name: /首页/ }).waitFor();
    await header.getByRole('button', { name: /退出登录/ }).waitFor();
    await s.page.getByText('欢迎，系统管理员').waitFor();
    const crumbs = await s.page.locator('.ant-breadcrumb li').allTextContents();
    expect(crumbs.filter((c) => c !== '/')).toEqual(['PE', '首页']);
    await s.snap('tenant-home-zh');
  });

  it('should open the same page of the parent-brand area in a new window', async () => {
    await s.page.getByRole('banner').getByRole('button', { name: '当前命名空间' }).click();
    const item = s.page.getByRole('menuitem', { name: '在新窗口打开 NIO 区域的当前页面' });
    await item.waitFor();
    await settle(s.page);
    const opened = s.context.waitForEvent('page');
    await item.click();
    const other = await opened;
    await other.waitForURL(s.url('/cmp-app/nio'));
    await other.getByText('欢迎，系统管理员').waitFor();
    await other.close();
    expect(s.page.url()).toBe(s.url('/cmp-app/pe'));
  });

  it('should draw the watermark over the page without blocking clicks, and draw it again when removed', async () => {
    const watermark = s.page.locator(WATERMARK);
    await expect(watermark.getAttribute('data-watermark')).resolves.toBe(`admin ${s.origin}`);
    const style = await watermark.evaluate((el) => getComputedStyle(el));
    expect(style.pointerEvents).toBe('none');
    expect(style.userSelect).toBe('none');
    expect(style.position).toBe('fixed');

    await s.page.evaluate((selector) => document.querySelector(selector)?.remove(), WATERMARK);
    await s.page.waitForFunction((selector) => document.querySelectorAll(selector).length === 1, WATERMARK);
    // Clicks reach the page beneath it.
    await s.page.getByRole('banner').getByRole('button', { name: /首页/ }).click();
  });

  it('should sign out and ask for the new password next time', async () => {
    await s.page.getByRole('button', { name: /退出登录/ }).click();
    await s.page.waitForURL(s.url('/cmp-app/sign-in'));
    await s.page.goto(s.url('/cmp-app/rsc'));
    await s.page.waitForURL(/\/cmp-app\/sign-in\?redirect=/);
    await signIn(s.page, 'admin', PASSWORDS.adminChanged);
    await s.page.waitForURL(s.url('/cmp-app/rsc'));
  });
});
