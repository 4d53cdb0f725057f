import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '@cmp/domain';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser } from '../../test/fake-api';
import { currentUrl, renderPortal } from '../../test/render-portal';
import { account } from './test-accounts';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const SEARCH = '/api/nio/accounts';
const searches = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((c) => c.path === SEARCH).map((c) => Object.fromEntries(c.query));

describe('AccountLookupPage', () => {
  beforeAll(() => import('./AccountLookupPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.restoreAllMocks());

  const answer = (me: CurrentUser, mobile: string) =>
    fakeApi({
      'GET /api/auth/me': () => ok(me),
      [`GET ${SEARCH}`]: () =>
        ok({
          items: [
            account('ACC100001', { mobile }),
            account('ACC100002', {
              mobile,
              nickName: '用户5678',
              isDefaultNickname: true,
              gender: 'unknown',
              isDelete: true,
            }),
          ],
          total: 2,
        }),
    });

  it('should search by mobile and show the users with their fields in Chinese, then open one', async () => {
    const calls = answer(operator, '13812345678');
    const { router } = renderPortal('/cmp-app/nio/accounts');
    expect(await screen.findByText('按手机号、昵称或账号 ID 查找 App 用户')).toBeInTheDocument();
    expect(calls.some((c) => c.path === SEARCH)).toBe(false);

    const input = screen.getByRole('searchbox', { name: '手机号' });
    fireEvent.change(input, { target: { value: '+86 138' } });
    expect(await screen.findByText('手机号只能包含数字，不含国家代码')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '13812345678' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));

    const row = (await screen.findByText('ACC100001')).closest('tr') as HTMLElement;
    expect(searches(calls).at(-1)).toEqual({ mobile: '13812345678', pageNo: '1', pageSize: '20' });
    expect(currentUrl(router)).toBe('/cmp-app/nio/accounts?by=mobile&q=13812345678');
    expect(within(row).getByText('13812345678')).toBeInTheDocument();
    expect(within(row).getByText('男')).toBeInTheDocument();
    expect(within(row).getByText('上海市')).toBeInTheDocument();
    expect(within(row).getByText('蔚来 App')).toBeInTheDocument();
    expect(within(row).getByText('正常')).toBeInTheDocument();
    const deleted = screen.getByText('ACC100002').closest('tr') as HTMLElement;
    expect(within(deleted).getByText('默认昵称')).toBeInTheDocument();
    expect(within(deleted).getByText('未知')).toBeInTheDocument();
    expect(within(deleted).getByText('已注销')).toBeInTheDocument();

    fireEvent.click(within(row).getByText('张伟'));
    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio/accounts/detail?accountId=ACC100001'));
  });

  it('should search by the beginning of a nickname, or exactly, and by account id', async () => {
    const calls = answer(operator, '13812345678');
    renderPortal('/cmp-app/nio/accounts');
    await screen.findByText('按手机号、昵称或账号 ID 查找 App 用户');
    fireEvent.click(screen.getByRole('radio', { name: '昵称' }));
    const input = screen.getByRole('searchbox', { name: '昵称' });
    fireEvent.change(input, { target: { value: '换电' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '精确匹配' }));
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('ACC100001');
    expect(searches(calls).at(-1)).toEqual({ nickName: '换电', strict: 'true', pageNo: '1', pageSize: '20' });

    fireEvent.click(screen.getByRole('radio', { name: '账号 ID' }));
    const byId = screen.getByRole('searchbox', { name: '账号 ID' });
    fireEvent.change(byId, { target: { value: 'ACC100002' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(searches(calls).at(-1)).toEqual({ accountId: 'ACC100002', pageNo: '1', pageSize: '20' }),
    );
  });

  it('should show a viewer the mobiles masked as the server answers them, and say when nobody matches', async () => {
    answer(viewer, '138****5678');
    renderPortal('/cmp-app/nio/accounts?by=mobile&q=13812345678');
    expect(await screen.findAllByText('138****5678')).toHaveLength(2);
    expect(screen.queryByText('13812345678')).not.toBeInTheDocument();

    vi.restoreAllMocks();
    fakeApi({
      'GET /api/auth/me': () => ok(viewer),
      [`GET ${SEARCH}`]: () => ok({ items: [], total: 0 }),
    });
    await changeLanguage('en-US');
    renderPortal('/cmp-app/nio/accounts?by=nickname&q=nobody');
    expect(await screen.findByText('No user matches')).toBeInTheDocument();
  });
});
