import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppClient, AppClientSecret } from '@cmp/domain/platform/app-clients';
import { changeLanguage } from '../../i18n';
import { findDialog } from '../../test/find-dialog';
import { fakeApi, noContent, ok, staffUser } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';

const admin = staffUser([{ tenant: 'nio', role: 'admin' }]);
const CLIENTS = '/api/nio/app-clients';

const client = (clientId: string, overrides: Partial<AppClient> = {}): AppClient => ({
  clientId,
  name: `Back end ${clientId}`,
  description: null,
  state: 'enabled',
  tenant: 'nio',
  keyFingerprint: 'a1b2c3d4e5f6a7b8',
  secretRotateTime: Date.parse('2026-02-01T08:00:00+08:00'),
  createTime: Date.parse('2026-01-01T08:00:00+08:00'),
  updateTime: Date.parse('2026-02-01T08:00:00+08:00'),
  ...overrides,
});

const secretOf = (c: AppClient, secretCode: string): AppClientSecret => ({
  client: c,
  secretCode,
  portalPublicKey: 'MCowBQYDK2VwAyEAportal-public-key',
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('AppClientsPage', () => {
  beforeAll(() => import('./AppClientsPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should register an app back end and show its secret once, with copy and the portal key', async () => {
    const created = client('app-2', { name: 'NIO App 后台' });
    let listed = [client('app-1')];
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(admin),
      [`GET ${CLIENTS}`]: () => ok({ items: listed }),
      [`POST ${CLIENTS}`]: () => {
        listed = [...listed, created];
        return ok(secretOf(created, 'SECRET-ONCE-789'), 201);
      },
    });
    renderPortal('/cmp-app/nio/app-clients');
    expect(await screen.findByText('Back end app-1')).toBeInTheDocument();
    expect(within(rowOf('Back end app-1')).getByText('a1b2c3d4e5f6a7b8')).toBeInTheDocument();
    expect(within(rowOf('Back end app-1')).getByText('启用')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /新建应用后台/ }));
    const form = await findDialog('新建应用后台');
    fireEvent.click(within(form).getByRole('button', { name: '创建' }));
    expect(await within(form).findByText('输入不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: 'NIO App 后台' } });
    fireEvent.click(within(form).getByRole('button', { name: '创建' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        name: 'NIO App 后台',
        state: 'enabled',
      }),
    );

    const shown = await findDialog('「NIO App 后台」的密钥');
    expect(within(shown).getByTestId('client-secret')).toHaveTextContent('SECRET-ONCE-789');
    expect(within(shown).getByTestId('client-id')).toHaveTextContent('app-2');
    expect(within(shown).getByTestId('portal-public-key')).toHaveTextContent(
      'MCowBQYDK2VwAyEAportal-public-key',
    );
    expect(within(shown).getByText(/密钥只显示这一次/)).toBeInTheDocument();
    expect(
      within(within(shown).getByTestId('client-secret')).getByRole('button', { name: '复制' }),
    ).toBeInTheDocument();

    fireEvent.click(within(shown).getByRole('button', { name: '我已保存密钥' }));
    await waitFor(() => expect(screen.queryByText('SECRET-ONCE-789')).not.toBeInTheDocument());
    expect(await screen.findByText('NIO App 后台')).toBeInTheDocument();
    expect(screen.queryByText(/SECRET-ONCE/)).toBeNull();
  });

  it('should disable after confirmation, enable at once, rotate and remove behind their questions', async () => {
    let state: AppClient['state'] = 'enabled';
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(admin),
      [`GET ${CLIENTS}`]: () => ok({ items: [client('app-1', { state })] }),
      [`PUT ${CLIENTS}/app-1`]: (request) => {
        state = (request.body as { state: AppClient['state'] }).state;
        return ok(client('app-1', { state }));
      },
      [`POST ${CLIENTS}/app-1/rotate-secret`]: () => ok(secretOf(client('app-1'), 'ROTATED-456')),
      [`DELETE ${CLIENTS}/app-1`]: () => noContent(),
    });
    renderPortal('/cmp-app/nio/app-clients');
    await screen.findByText('Back end app-1');

    fireEvent.click(within(rowOf('Back end app-1')).getByText('停用'));
    const question = await findDialog('确定停用「Back end app-1」？');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(question).getByRole('button', { name: '停用' }));
    expect(await screen.findByText('已停用「Back end app-1」')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Back end app-1',
      description: null,
      state: 'disabled',
    });
    await waitFor(() => expect(within(rowOf('Back end app-1')).getByText('启用')).toBeInTheDocument());
    fireEvent.click(within(rowOf('Back end app-1')).getByText('启用'));
    expect(await screen.findByText('已启用「Back end app-1」')).toBeInTheDocument();

    fireEvent.click(within(rowOf('Back end app-1')).getByText('重置密钥'));
    fireEvent.click(
      within(await findDialog('确定重置「Back end app-1」的密钥？')).getByRole('button', {
        name: '重置密钥',
      }),
    );
    expect(await screen.findByTestId('client-secret')).toHaveTextContent('ROTATED-456');
    fireEvent.click(screen.getByRole('button', { name: '我已保存密钥' }));

    fireEvent.click(within(rowOf('Back end app-1')).getByText('删除'));
    const remove = await findDialog('确定删除「Back end app-1」？');
    expect(within(remove).getByText(/已推送的账号、车辆和邀请会保留/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(remove).getByRole('button', { name: /^删\s*除$/ }));
    expect(await screen.findByText('已删除「Back end app-1」')).toBeInTheDocument();
  });

  it('should be closed to operators', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(staffUser([{ tenant: 'nio', role: 'operator' }])) });
    renderPortal('/cmp-app/nio/app-clients');
    expect(await screen.findByText('你没有访问此功能的权限')).toBeInTheDocument();
  });
});
