import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { InviteTree } from '@cmp/domain/invitations/invitations';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const LIST = '/cmp-app/nio/invitations';
/** The demo's first account in every tenant, whose invitation tree goes deepest. */
const INVITER = 'ACC100000';
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const drawer = (page: Page) => page.locator('.ant-drawer-content-wrapper').filter({ visible: true });

describe('invitations', () => {
  let s: Session;
  /** An invitee of the inviter whose own invitees invited others in turn: their tree expands. */
  let invitee: string;

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LIST));
    await rows(s.page).first().waitFor();
    const response = await s.page.request.get(
      s.url(`/api/nio/invitations/register/tree?accountId=${INVITER}&depth=2&breadth=50`),
    );
    expect(response.status()).toBe(200);
    const tree = (await response.json()) as InviteTree;
    invitee = tree.nodes.find((node) => node.level === 2 && node.invitedCount > 0)!.inviterId;
    expect(invitee).toBeDefined();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should list register invitations newest first with their statuses', async () => {
    await settle(s.page);
    await s.snap('invitations-list-zh');
    const times = await rows(s.page).locator('td.ant-table-cell:nth-child(8)').allTextContents();
    expect(times.length).toBe(20);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await rows(s.page).locator('.ant-tag').count()).toBe(20);
  });

  it('should filter by inviter and show only their invitees', async () => {
    await s.page.getByLabel('邀请人ID', { exact: true }).fill(INVITER);
    const answered = s.page.waitForResponse((r) => r.url().includes('/invitations/register?'));
    await s.page.getByRole('button', { name: '查询' }).click();
    await answered;
    await s.page.waitForURL(/inviterId=ACC100000/);
    await settle(s.page);
    const inviters = await rows(s.page).locator('td.ant-table-cell:nth-child(4)').allTextContents();
    expect(inviters.length).toBeGreaterThan(1);
    expect(new Set(inviters)).toEqual(new Set([INVITER]));
    await s.snap('invitations-by-inviter-zh');
  });

  it("should open an invitee's record and expand the tree of those they invited", async () => {
    await s.page.getByRole('button', { name: `查看 ${invitee} 的邀请详情` }).click();
    await drawer(s.page).getByText(`注册邀请 · ${invitee} 的邀请`).waitFor();
    await drawer(s.page).getByText(INVITER, { exact: false }).first().waitFor();
    // antd keeps one hidden node to measure rows with.
    const nodes = drawer(s.page).locator('.ant-tree-treenode:not([aria-hidden="true"])');
    await nodes.first().waitFor();
    const before = await nodes.count();
    await drawer(s.page).locator('.ant-tree-switcher_close').first().click();
    await expect.poll(() => nodes.count()).toBeGreaterThan(before);
    await settle(s.page);
    await s.snap('invitations-drawer-tree-zh');

    // The drawer covers the language switch: closed, switched, opened again.
    await drawer(s.page).locator('.ant-drawer-close').click();
    await drawer(s.page).waitFor({ state: 'detached' });
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByRole('button', { name: `Invitation details of ${invitee}` }).click();
    await drawer(s.page).getByText('Whom they invited').waitFor();
    await nodes.first().waitFor();
    await drawer(s.page).locator('.ant-tree-switcher_close').first().click();
    await expect.poll(() => nodes.count()).toBeGreaterThan(before);
    await settle(s.page);
    await s.snap('invitations-drawer-tree-en');
    await drawer(s.page).locator('.ant-drawer-close').click();
    await drawer(s.page).waitFor({ state: 'detached' });
    await s.page.getByText('Car purchase invitations').click();
    await s.page.waitForURL(/kind=car-purchase/);
    await rows(s.page).first().waitFor();
    await settle(s.page);
    await s.snap('invitations-car-purchase-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
  });
});

describe('app back-end clients', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url('/cmp-app/nio/app-clients'));
    await signIn(s.page, 'nio-admin', PASSWORDS.demo);
    await s.page.waitForURL(s.url('/cmp-app/nio/app-clients'));
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should register an app back end and show its secret once', async () => {
    await s.page.getByText('NIO App 后台').waitFor();
    await s.page.getByRole('button', { name: '新建应用后台' }).click();
    await s.page.getByLabel('名称', { exact: true }).fill('充电小程序后台');
    await s.page.getByLabel('描述', { exact: true }).fill('小程序的账号与邀请');
    await s.page.getByRole('button', { name: /^创\s*建$/ }).click();
    await s.page.getByText('「充电小程序后台」的密钥').waitFor();
    await s.page.getByText(/^密钥只显示这一次/).waitFor();
    const code = await s.page.getByTestId('client-secret').innerText();
    expect(code.trim()).toMatch(/^cmpsk_[A-Za-z0-9_-]{40,}$/);
    await settle(s.page);
    await s.snap('app-client-secret-zh');
    await s.page.getByRole('button', { name: '我已保存密钥' }).click();
    await s.page.getByText('「充电小程序后台」的密钥').waitFor({ state: 'detached' });
    await s.page.getByRole('cell', { name: '充电小程序后台', exact: true }).waitFor();
    expect(await s.page.content()).not.toContain(code.trim());
    await s.snap('app-clients-zh');

    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByRole('button', { name: 'New app back end' }).waitFor();
    await settle(s.page);
    await s.snap('app-clients-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
  });
});
