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

const LIST = '/cmp-app/nio/feedback-list';
const NEW_PASSWORD = 'rsc-admin-new-secret-2026';

describe('comment detail page and profile', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should open a comment from the list on its own page and see an action in its history', async () => {
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LIST));
    const idLink = s.page.locator('.ant-table-tbody a[href*="/comments/detail?commentId="]').first();
    const commentaryId = await idLink.innerText();
    await idLink.click();
    await s.page.waitForURL(s.url(`/cmp-app/nio/comments/detail?commentId=${commentaryId}`));
    await s.page.getByText(`评论 ${commentaryId}`, { exact: true }).waitFor();
    const history = s.page.getByRole('region', { name: '操作记录' });
    await history.locator('.ant-table').waitFor();

    const pin = s.page.getByRole('group', { name: '评论标记' }).getByRole('button', { name: /置\s*顶/ });
    const action = (await pin.innerText()).replace(/\s/g, '');
    const recorded = s.page.waitForResponse((r) => r.url().endsWith('/comments/operations') && r.ok());
    await pin.click();
    await s.page.getByText(`评论 ${commentaryId} 已${action}`).waitFor();
    await recorded;
    const newest = history.locator('.ant-table-tbody .ant-table-row').first();
    await newest.getByText('nio-operator').waitFor();
    expect(await newest.locator('.ant-tag').innerText()).toBe(action);
    await settle(s.page);
    await s.snap('comment-detail-zh');

    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByRole('region', { name: 'History' }).getByText('nio-operator').first().waitFor();
    await s.snap('comment-detail-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
    await s.page.getByRole('button', { name: /退出登录/ }).click();
    await s.page.waitForURL(s.url('/cmp-app/sign-in'));
  });

  it('should change one’s own password in the profile, then sign in with the new one only', async () => {
    // A fresh start whatever the test before left signed in.
    await s.context.clearCookies();
    await s.page.goto(s.url('/cmp-app/rsc'));
    await signIn(s.page, 'rsc-admin', PASSWORDS.demo);
    await s.page.waitForURL(s.url('/cmp-app/rsc'));
    await s.page.getByRole('button', { name: '用户菜单' }).click();
    await s.page.getByRole('menuitem', { name: /个人资料/ }).click();
    const profile = s.page.locator('.ant-drawer-content-wrapper').filter({ visible: true });
    await profile.getByTestId('profile-roles').getByText('管理员').waitFor();
    await settle(s.page);
    await s.snap('profile-zh');
    // The drawer has its own language switch beside the header's.
    await profile.getByRole('radiogroup', { name: '切换语言' }).getByText('English', { exact: true }).click();
    await profile.getByText('Areas and roles').waitFor();
    await settle(s.page);
    await s.snap('profile-en');
    await profile
      .getByRole('radiogroup', { name: 'Switch language' })
      .getByText('中文', { exact: true })
      .click();
    await profile.getByText('区域与角色').waitFor();

    await profile.getByLabel('当前密码').fill('not-my-password');
    await profile.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await profile.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await profile.getByRole('button', { name: '修改密码' }).click();
    await profile.getByText('当前密码不正确').waitFor();
    await profile.getByLabel('当前密码').fill(PASSWORDS.demo);
    await profile.getByRole('button', { name: '修改密码' }).click();
    await s.page.getByText('密码已修改，其他设备上的登录已退出').waitFor();
    await profile.locator('.ant-drawer-close').click();

    await s.page.getByRole('button', { name: /退出登录/ }).click();
    await s.page.waitForURL(s.url('/cmp-app/sign-in'));
    await signIn(s.page, 'rsc-admin', PASSWORDS.demo);
    await s.page.getByText('用户名或密码错误').waitFor();
    await signIn(s.page, 'rsc-admin', NEW_PASSWORD);
    await s.page.getByTestId('current-user').getByText('(rsc-admin)').waitFor();
  });
});
