import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CommentVendor, CommentVendorSecret } from '@cmp/domain/comments/comment-vendors';
import { changeLanguage } from '../../i18n';
import { findDialog } from '../../test/find-dialog';
import { fail, fakeApi, noContent, ok, staffUser } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';

const admin = staffUser([{ tenant: 'nio', role: 'admin' }]);
const VENDORS = '/api/nio/comment-vendors';

const vendor = (applicationId: string, overrides: Partial<CommentVendor> = {}): CommentVendor => ({
  applicationId,
  applicationName: `Vendor ${applicationId}`,
  description: null,
  sourceId: `src-${applicationId}`,
  callbackUrl: 'https://vendor.example/callback',
  state: 'enabled',
  tenant: 'nio',
  keyFingerprint: 'a1b2c3d4e5f6',
  secretRotateTime: Date.parse('2026-02-01T08:00:00+08:00'),
  createTime: Date.parse('2026-01-01T08:00:00+08:00'),
  updateTime: Date.parse('2026-02-01T08:00:00+08:00'),
  ...overrides,
});

const secretOf = (v: CommentVendor, secretCode: string): CommentVendorSecret => ({
  vendor: v,
  secretCode,
  portalPublicKey: 'MCowBQYDK2VwAyEAportal-public-key',
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('CommentVendorsPage', () => {
  beforeAll(() => import('./CommentVendorsPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should create a vendor and show its secret once, with a warning and the portal key', async () => {
    const created = vendor('app-2', { applicationName: 'Dianping', sourceId: 'dianping' });
    let listed = [vendor('app-1')];
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(admin),
      [`GET ${VENDORS}`]: () => ok({ items: listed }),
      [`POST ${VENDORS}`]: () => {
        listed = [...listed, created];
        return ok(secretOf(created, 'SECRET-ONCE-123'), 201);
      },
    });
    renderPortal('/cmp-app/nio/comment-vendors');
    expect(await screen.findByText('Vendor app-1')).toBeInTheDocument();
    expect(within(rowOf('Vendor app-1')).getByText('a1b2c3d4e5f6')).toBeInTheDocument();
    expect(within(rowOf('Vendor app-1')).getByText('启用')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /新建供应商/ }));
    const form = await findDialog('新建评论供应商');
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: 'Dianping' } });
    fireEvent.change(within(form).getByLabelText('来源 ID'), { target: { value: 'dian ping' } });
    fireEvent.click(within(form).getByRole('button', { name: '创建' }));
    // The contract's own rule, before anything is sent.
    expect(await within(form).findByText('只能包含字母、数字、点、下划线和连字符')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('来源 ID'), { target: { value: 'dianping' } });
    fireEvent.click(within(form).getByRole('button', { name: '创建' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        applicationName: 'Dianping',
        sourceId: 'dianping',
        state: 'enabled',
      }),
    );

    const shown = await findDialog('「Dianping」的密钥');
    expect(within(shown).getByTestId('client-secret')).toHaveTextContent('SECRET-ONCE-123');
    expect(within(shown).getByTestId('portal-public-key')).toHaveTextContent(
      'MCowBQYDK2VwAyEAportal-public-key',
    );
    expect(within(shown).getByText(/密钥只显示这一次，关闭后无法再次查看/)).toBeInTheDocument();
    expect(within(shown).getByText('app-2')).toBeInTheDocument();

    fireEvent.click(within(shown).getByRole('button', { name: '我已保存密钥' }));
    await waitFor(() => expect(screen.queryByText('SECRET-ONCE-123')).not.toBeInTheDocument());
    // The list shows the new vendor by its fingerprint, never its secret.
    expect(await screen.findByText('Dianping')).toBeInTheDocument();
    expect(screen.queryByText(/SECRET-ONCE/)).toBeNull();
  });

  it('should rotate a secret only after saying the old one stops working at once', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(admin),
      [`GET ${VENDORS}`]: () => ok({ items: [vendor('app-1')] }),
      [`POST ${VENDORS}/app-1/rotate-secret`]: () =>
        ok(secretOf(vendor('app-1', { keyFingerprint: 'ffff0000' }), 'ROTATED-456')),
    });
    renderPortal('/cmp-app/nio/comment-vendors');
    await screen.findByText('Vendor app-1');

    // By its text: role queries over a whole antd table are slow in jsdom.
    fireEvent.click(within(rowOf('Vendor app-1')).getByText('重置密钥'));
    const question = await findDialog('确定重置「Vendor app-1」的密钥？');
    expect(within(question).getByText(/旧密钥将立即失效/)).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/rotate-secret'))).toBe(false);
    fireEvent.click(within(question).getByRole('button', { name: '重置密钥' }));

    expect(await screen.findByTestId('client-secret')).toHaveTextContent('ROTATED-456');
    expect(calls.filter((c) => c.path === `${VENDORS}/app-1/rotate-secret`)).toHaveLength(1);
  });

  it('should remove a vendor after confirmation and say why one that sent comments stays', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(admin),
      [`GET ${VENDORS}`]: () => ok({ items: [vendor('app-1'), vendor('app-2')] }),
      [`DELETE ${VENDORS}/app-1`]: () => noContent(),
      [`DELETE ${VENDORS}/app-2`]: () =>
        fail(422, 'rule_violated', '该供应商已推送 3 条评论，不能删除，可将其停用'),
    });
    renderPortal('/cmp-app/nio/comment-vendors');
    await screen.findByText('Vendor app-1');

    fireEvent.click(within(rowOf('Vendor app-1')).getByText('删除'));
    const question = await findDialog('确定删除「Vendor app-1」？');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(question).getByRole('button', { name: /^删\s*除$/ }));
    expect(await screen.findByText('已删除「Vendor app-1」')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${VENDORS}/app-1`]);

    fireEvent.click(within(rowOf('Vendor app-2')).getByText('删除'));
    fireEvent.click(
      within(await findDialog('确定删除「Vendor app-2」？')).getByRole('button', { name: /^删\s*除$/ }),
    );
    expect(
      await screen.findByText('删除失败：该供应商已推送 3 条评论，不能删除，可将其停用'),
    ).toBeInTheDocument();
  });

  it('should be closed to operators', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(staffUser([{ tenant: 'nio', role: 'operator' }])) });
    renderPortal('/cmp-app/nio/comment-vendors');
    expect(await screen.findByText('你没有访问此功能的权限')).toBeInTheDocument();
  });
});
