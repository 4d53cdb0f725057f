import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, noContent, ok, staffUser } from '../../test/fake-api';
import { currentUrl, renderPortal } from '../../test/render-portal';

const alice = staffUser([{ tenant: 'nio', role: 'admin' }]);

describe('SignInPage', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should send a signed-out visitor to sign in and back to the page asked for', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => fail(401, 'unauthenticated'),
      'POST /api/auth/sign-in': () => ok(alice),
    });
    const { user, router } = renderPortal('/cmp-app/nio?tab=2');

    await user.type(await screen.findByLabelText('用户名'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'secret-password');
    await user.click(screen.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio?tab=2'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      userName: 'alice',
      password: 'secret-password',
    });
  });

  it('should say why signing in failed', async () => {
    fakeApi({
      'GET /api/auth/me': () => fail(401, 'unauthenticated'),
      'POST /api/auth/sign-in': () => fail(401, 'invalid_credentials', 'invalid user name or password'),
    });
    const { user } = renderPortal('/cmp-app/sign-in');

    await user.type(await screen.findByLabelText('用户名'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
  });

  it('should tell how long to wait after too many attempts', async () => {
    fakeApi({
      'GET /api/auth/me': () => fail(401, 'unauthenticated'),
      'POST /api/auth/sign-in': () => ({
        ...fail(429, 'too_many_attempts'),
        headers: { 'Retry-After': '60' },
      }),
    });
    const { user } = renderPortal('/cmp-app/sign-in');

    await user.type(await screen.findByLabelText('用户名'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('尝试次数过多，请在 60 秒后重试')).toBeInTheDocument();
  });

  it('should make a first sign-in change the password without asking the current one again', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => fail(401, 'unauthenticated'),
      'POST /api/auth/sign-in': () => ok({ ...alice, mustChangePassword: true }),
      'POST /api/auth/password': () => noContent(),
    });
    const { user, router } = renderPortal('/cmp-app/sign-in?redirect=%2Fcmp-app%2Fnio');

    await user.type(await screen.findByLabelText('用户名'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'first-password');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('Alice Wang，首次登录请先修改密码。');
    expect(screen.queryByLabelText('当前密码')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('新密码'), 'short');
    await user.type(screen.getByLabelText('确认新密码'), 'short');
    await user.click(screen.getByRole('button', { name: '修改密码并进入' }));
    expect(await screen.findByText('密码至少 10 个字符')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'a-much-longer-one');
    await user.clear(screen.getByLabelText('确认新密码'));
    await user.type(screen.getByLabelText('确认新密码'), 'a-much-longer-one');
    await user.click(screen.getByRole('button', { name: '修改密码并进入' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio'));
    expect(calls.find((c) => c.path === '/api/auth/password')?.body).toEqual({
      currentPassword: 'first-password',
      newPassword: 'a-much-longer-one',
    });
  });

  it('should ask for the current password when the change is owed from an earlier visit', async () => {
    fakeApi({
      'GET /api/auth/me': () => ok({ ...alice, mustChangePassword: true }),
      'POST /api/auth/password': () => fail(422, 'wrong_password'),
    });
    const { user } = renderPortal('/cmp-app/nio');

    await user.type(await screen.findByLabelText('当前密码'), 'not-it');
    await user.type(screen.getByLabelText('新密码'), 'a-much-longer-one');
    await user.type(screen.getByLabelText('确认新密码'), 'a-much-longer-one');
    await user.click(screen.getByRole('button', { name: '修改密码并进入' }));

    expect(await screen.findByText('当前密码不正确')).toBeInTheDocument();
  });

  it('should skip the form for a user already signed in', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(alice) });
    const { router } = renderPortal('/cmp-app/sign-in?redirect=%2Fcmp-app%2Fnio');
    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio'));
  });
});
