import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, noContent, ok, staffUser } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';

const user = staffUser([
  { tenant: 'nio', role: 'admin' },
  { tenant: 'pe', role: 'viewer' },
]);

const openProfile = async () => {
  fireEvent.click(await screen.findByRole('button', { name: '用户菜单' }));
  fireEvent.click(await screen.findByText('个人资料'));
  return screen.findByRole('dialog');
};
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('ProfileDrawer', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it("should show one's user name and the role in each area, by name, in either language", async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(user) });
    renderPortal('/cmp-app/nio');

    const drawer = await openProfile();
    expect(within(drawer).getByText('alice')).toBeInTheDocument();
    const roles = within(drawer).getByTestId('profile-roles');
    expect(roles).toHaveTextContent('品牌区域管理员');
    expect(roles).toHaveTextContent('能源区域只读');

    fireEvent.click(within(drawer).getByText('English'));
    await waitFor(() => expect(roles).toHaveTextContent('Parent-brand areaAdmin'));
    expect(within(drawer).getByText('Areas and roles')).toBeInTheDocument();
    expect(localStorage.getItem('cmp.language')).toBe('en-US');
  });

  it('should change the password after the current one, and say so when the current one is wrong', async () => {
    let attempt = 0;
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(user),
      'POST /api/auth/password': () =>
        ++attempt === 1 ? fail(422, 'wrong_password', 'the current password is wrong') : noContent(),
    });
    renderPortal('/cmp-app/nio');
    const drawer = await openProfile();
    const current = within(drawer).getByLabelText('当前密码');
    const next = within(drawer).getByLabelText('新密码');
    const confirm = within(drawer).getByLabelText('确认新密码');
    const submit = within(drawer).getByRole('button', { name: '修改密码' });

    type(current, 'old-password-1');
    type(next, 'short');
    type(confirm, 'short');
    fireEvent.click(submit);
    expect(await within(drawer).findByText('密码至少 10 个字符')).toBeInTheDocument();

    type(next, 'old-password-1');
    type(confirm, 'old-password-1');
    fireEvent.click(submit);
    expect(await within(drawer).findByText('新密码不能与当前密码相同')).toBeInTheDocument();

    type(next, 'a-brand-new-secret');
    type(confirm, 'a-brand-new-secret');
    fireEvent.click(submit);
    expect(await within(drawer).findByText('当前密码不正确')).toBeInTheDocument();

    type(current, 'right-password-1');
    fireEvent.click(submit);
    expect(await screen.findByText('密码已修改，其他设备上的登录已退出')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/password').map((c) => c.body)).toEqual([
      { currentPassword: 'old-password-1', newPassword: 'a-brand-new-secret' },
      { currentPassword: 'right-password-1', newPassword: 'a-brand-new-secret' },
    ]);
    await waitFor(() => expect(within(drawer).getByLabelText('当前密码')).toHaveValue(''));
  });
});
