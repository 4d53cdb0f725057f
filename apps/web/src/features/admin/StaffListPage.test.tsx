import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StaffUser, TenantRole } from '@cmp/domain';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser, type FakeRequest } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';

// Queries by role are slow on a table this size in jsdom, so these tests find things by their text.

const me = staffUser([{ tenant: 'nio', role: 'admin' }], {
  userId: 1,
  userName: 'boss',
  displayName: 'Boss',
});

const account = (userId: number, userName: string, roles: TenantRole[], disabled = false): StaffUser => ({
  ...staffUser(roles, { userId, userName, displayName: `${userName} name`, mail: `${userName}@example.com` }),
  disabled,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: '2026-02-03T04:05:00.000Z',
  rolesElsewhere: false,
});

const carol = account(2, 'carol', [{ tenant: 'nio', role: 'operator' }]);
// Also a viewer in pe, which this nio admin is not shown.
const dave: StaffUser = { ...account(3, 'dave', [{ tenant: 'nio', role: 'viewer' }]), rolesElsewhere: true };

const rowOf = (userName: string) => screen.getByText(userName).closest('tr') as HTMLElement;
const buttonsOf = (userName: string) =>
  Array.from(rowOf(userName).querySelectorAll('button')).map((button) => button.textContent);

function serve(extra: Parameters<typeof fakeApi>[0] = {}): FakeRequest[] {
  return fakeApi({
    'GET /api/auth/me': () => ok(me),
    'GET /api/admin/users': () => ok({ items: [account(1, 'boss', me.roles), carol, dave], total: 3 }),
    ...extra,
  });
}

describe('StaffListPage', () => {
  // The router loads the screen lazily; loading it once up front keeps each test's waits short.
  beforeAll(() => import('./StaffListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should list accounts with their roles per tenant and status', async () => {
    const calls = serve();
    renderPortal('/cmp-app/nio/admin/staff?keyword=ca&pageSize=10');
    await screen.findByText('carol');
    expect(within(rowOf('dave')).getByText('NIO · 只读')).toBeInTheDocument();
    expect(within(rowOf('dave')).getByText('其他区域…')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^你是 NIO 的管理员：这里只列出在这些区域有角色的员工，也只显示和修改这些区域的角色。/,
      ),
    ).toBeInTheDocument();
    expect(within(rowOf('carol')).getByText('启用')).toBeInTheDocument();
    const list = calls.find((c) => c.path === '/api/admin/users');
    expect(Object.fromEntries(list?.query ?? [])).toEqual({ pageNo: '1', pageSize: '10', keyword: 'ca' });
  });

  it('should offer changes only on accounts the admin manages, never on their own', async () => {
    serve();
    renderPortal('/cmp-app/nio/admin/staff');
    await screen.findByText('carol');
    expect(buttonsOf('carol')).toEqual(['查看', '停用', '重置密码']);
    expect(buttonsOf('dave')).toEqual(['查看']);
    expect(buttonsOf('boss')).toEqual(['查看']);
  });

  it('should disable an account only after confirmation', async () => {
    const calls = serve({ 'POST /api/admin/users/2/disable': () => ok({ ...carol, disabled: true }) });
    const { user } = renderPortal('/cmp-app/nio/admin/staff');
    await screen.findByText('carol');
    await user.click(within(rowOf('carol')).getByText('停用'));
    const question = await screen.findByText('确定停用 carol 吗？');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const popup = question.closest('.ant-popconfirm') as HTMLElement;
    await user.click(within(popup).getByText('确定'));
    await screen.findByText('已停用 carol');
    expect(calls.filter((c) => c.path === '/api/admin/users')).toHaveLength(2);
  });

  it('should show a reset password once', async () => {
    serve({ 'POST /api/admin/users/2/reset-password': () => ok({ password: 'Fresh-Secret-123' }) });
    const { user } = renderPortal('/cmp-app/nio/admin/staff');
    await screen.findByText('carol');
    await user.click(within(rowOf('carol')).getByText('重置密码'));
    const question = await screen.findByText('确定重置 carol 的密码吗？');
    await user.click(within(question.closest('.ant-popconfirm') as HTMLElement).getByText('确定'));

    expect(await screen.findByTestId('issued-password')).toHaveTextContent('Fresh-Secret-123');
  });
});
