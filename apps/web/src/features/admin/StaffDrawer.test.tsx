import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { StaffUser } from '@cmp/domain';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, ok, staffUser } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';

const me = staffUser(
  [
    { tenant: 'nio', role: 'admin' },
    { tenant: 'rsc', role: 'admin' },
  ],
  { userId: 1, userName: 'boss' },
);

const erin: StaffUser = {
  ...staffUser([{ tenant: 'nio', role: 'viewer' }], {
    userId: 5,
    userName: 'erin',
    displayName: 'Erin Li',
    mail: 'erin@example.com',
  }),
  disabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: null,
  rolesElsewhere: false,
};

const page = { items: [erin], total: 1 };

// Queries by role are slow on a page this size in jsdom, so these tests find things by their text.

const openDrawer = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-drawer-title' })).closest(
    '.ant-drawer-content-wrapper',
  ) as HTMLElement;

describe('StaffDrawer', () => {
  // The screen is loaded lazily by the router; loading it once up front keeps each test's waits short.
  beforeAll(() => import('./StaffListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show an account read-only, edit it, cancel, then save its roles', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(me),
      'GET /api/admin/users': () => ok(page),
      'GET /api/admin/users/5': () => ok(erin),
      'PATCH /api/admin/users/5': ({ body }) => ok({ ...erin, ...(body as object) }),
    });
    const { user } = renderPortal('/cmp-app/nio/admin/staff');
    await user.click(await screen.findByText('查看'));
    const drawer = await openDrawer('员工详情');
    await within(drawer).findByText('Erin Li');
    expect(within(drawer).queryByLabelText('姓名')).toBeNull();

    await user.click(within(drawer).getByText('编辑'));
    const name = within(drawer).getByLabelText('姓名');
    await user.clear(name);
    await user.type(name, 'Someone else');
    await user.click(within(drawer).getByText('取消'));
    // Cancel with a change asks first; the name is back once the change is given up.
    const ask = await findDialog('放弃未保存的修改？');
    await user.click(within(ask).getByRole('button', { name: '放弃修改' }));
    expect(await within(drawer).findByText('Erin Li')).toBeInTheDocument();

    await user.click(within(drawer).getByText('编辑'));
    await user.clear(within(drawer).getByLabelText('邮箱'));
    await user.click(within(drawer).getByText('保存'));
    await within(drawer).findByText('编辑');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      displayName: 'Erin Li',
      mail: null,
      mobilePhoneNumber: null,
      outerUserId: null,
      roles: [{ tenant: 'nio', role: 'viewer' }],
    });
  });

  it('should offer roles only in the tenants the admin administers', async () => {
    fakeApi({
      'GET /api/auth/me': () => ok(me),
      'GET /api/admin/users': () => ok(page),
    });
    const { user } = renderPortal('/cmp-app/nio/admin/staff');
    await user.click(await screen.findByText('新建员工'));
    const drawer = await openDrawer('新建员工');
    expect(within(drawer).getByLabelText('NIO 角色')).toBeEnabled();
    expect(within(drawer).getByLabelText('RSC 角色')).toBeEnabled();
    expect(within(drawer).queryByLabelText('PE 角色')).toBeNull();
  });

  it('should let a tenant admin change only the roles of an account that also works elsewhere, and say why', async () => {
    const shared: StaffUser = {
      ...erin,
      roles: [...erin.roles, { tenant: 'pe', role: 'operator' }],
      rolesElsewhere: true,
    };
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(me),
      'GET /api/admin/users': () => ok({ items: [shared], total: 1 }),
      'GET /api/admin/users/5': () => ok(shared),
      'PATCH /api/admin/users/5': () => ok({ ...shared, roles: [{ tenant: 'nio', role: 'operator' }] }),
    });
    const { user } = renderPortal('/cmp-app/nio/admin/staff');
    await user.click(await screen.findByText('查看'));
    const drawer = await openDrawer('员工详情');
    expect(
      await within(drawer).findByText(/该员工还在你不管理的区域工作：你只能修改其在你管理的区域中的角色/),
    ).toBeInTheDocument();

    // The roles the admin does not see are no change of theirs: Cancel closes without asking.
    await user.click(within(drawer).getByText('编辑'));
    await user.click(within(drawer).getByText('取消'));
    await within(drawer).findByText('编辑');
    expect(screen.queryByText('放弃未保存的修改？')).not.toBeInTheDocument();

    await user.click(within(drawer).getByText('编辑'));
    expect(within(drawer).getByLabelText('姓名')).toBeDisabled();
    expect(within(drawer).getByLabelText('邮箱')).toBeDisabled();
    await user.click(within(drawer).getByLabelText('NIO 角色'));
    await user.click(await screen.findByText('运营', { selector: '.ant-select-item-option-content' }));
    await user.click(within(drawer).getByText('保存'));
    await within(drawer).findByText('编辑');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      roles: [{ tenant: 'nio', role: 'operator' }],
    });
  });

  it.each([
    ['a tenant admin', me],
    ['the system administrator', { ...me, systemAdmin: true }],
  ])('should ask %s for a role before creating an account', async (_who, admin) => {
    const calls = fakeApi({ 'GET /api/auth/me': () => ok(admin), 'GET /api/admin/users': () => ok(page) });
    const { user } = renderPortal('/cmp-app/nio/admin/staff');
    await user.click(await screen.findByText('新建员工'));
    const drawer = await openDrawer('新建员工');
    await user.type(within(drawer).getByLabelText('用户名'), 'frank');
    await user.type(within(drawer).getByLabelText('姓名'), 'Frank Wu');
    await user.click(within(drawer).getByText('创建'));

    expect(await within(drawer).findByText('请至少为一个区域选择角色')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('should refuse a mobile number that is not one before sending anything', async () => {
    const calls = fakeApi({ 'GET /api/auth/me': () => ok(me), 'GET /api/admin/users': () => ok(page) });
    const { user } = renderPortal('/cmp-app/nio/admin/staff');
    await user.click(await screen.findByText('新建员工'));
    const drawer = await openDrawer('新建员工');
    await user.type(within(drawer).getByLabelText('用户名'), 'frank');
    await user.type(within(drawer).getByLabelText('姓名'), 'Frank Wu');
    await user.type(within(drawer).getByLabelText('手机号'), 'abc');
    await user.click(within(drawer).getByLabelText('NIO 角色'));
    await user.click(await screen.findByText('只读', { selector: '.ant-select-item-option-content' }));
    await user.click(within(drawer).getByText('创建'));

    expect(await within(drawer).findByText('手机号须为 6–15 位数字，可带 + 和国家代码')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('should create an account and show the first password the server made', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(me),
      'GET /api/admin/users': () => ok(page),
      'POST /api/admin/users': () =>
        ok({ user: { ...erin, userId: 6, userName: 'frank' }, initialPassword: 'First-Pass-0001' }, 201),
    });
    const { user } = renderPortal('/cmp-app/nio/admin/staff');
    await user.click(await screen.findByText('新建员工'));
    const drawer = await openDrawer('新建员工');
    await user.type(within(drawer).getByLabelText('用户名'), 'frank');
    await user.type(within(drawer).getByLabelText('姓名'), 'Frank Wu');
    await user.click(within(drawer).getByLabelText('RSC 角色'));
    await user.click(await screen.findByText('只读', { selector: '.ant-select-item-option-content' }));
    await user.click(within(drawer).getByText('创建'));

    expect(await screen.findByTestId('issued-password')).toHaveTextContent('First-Pass-0001');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      userName: 'frank',
      displayName: 'Frank Wu',
      mail: null,
      mobilePhoneNumber: null,
      outerUserId: null,
      roles: [{ tenant: 'rsc', role: 'viewer' }],
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/admin/users' && c.method === 'GET')).toHaveLength(2),
    );
  });

  it('should say so when the user name is taken, keeping what was typed', async () => {
    fakeApi({
      'GET /api/auth/me': () => ok(me),
      'GET /api/admin/users': () => ok(page),
      'POST /api/admin/users': () => fail(409, 'conflict', 'user name "erin" is taken'),
    });
    const { user } = renderPortal('/cmp-app/nio/admin/staff');
    await user.click(await screen.findByText('新建员工'));
    const drawer = await openDrawer('新建员工');
    await user.type(within(drawer).getByLabelText('用户名'), 'erin');
    await user.type(within(drawer).getByLabelText('姓名'), 'Erin again');
    await user.click(within(drawer).getByLabelText('NIO 角色'));
    await user.click(await screen.findByText('只读', { selector: '.ant-select-item-option-content' }));
    await user.click(within(drawer).getByText('创建'));

    expect(await within(drawer).findByText('用户名已被占用')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('用户名')).toHaveValue('erin');
  });

  it('should refuse a user name with characters the server does not take', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(me), 'GET /api/admin/users': () => ok(page) });
    const { user } = renderPortal('/cmp-app/nio/admin/staff');
    await user.click(await screen.findByText('新建员工'));
    const drawer = await openDrawer('新建员工');
    await user.type(within(drawer).getByLabelText('用户名'), 'a b');
    await user.type(within(drawer).getByLabelText('姓名'), 'A B');
    await user.click(within(drawer).getByText('创建'));
    expect(
      await within(drawer).findByText('用户名须为 2–64 位字母、数字、点、下划线或连字符'),
    ).toBeInTheDocument();
  });
});
