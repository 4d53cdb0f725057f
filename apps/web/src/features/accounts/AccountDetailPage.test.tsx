import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { comment } from '../comments/test-comments';
import { fail, fakeApi, ok, staffUser, type FakeHandler } from '../../test/fake-api';
import { currentUrl, renderPortal } from '../../test/render-portal';
import { account, car } from './test-accounts';

const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const DETAIL = '/cmp-app/nio/accounts/detail?accountId=ACC100001';

const base: Record<string, FakeHandler> = {
  'GET /api/auth/me': () => ok(viewer),
  'GET /api/nio/accounts/ACC100001': () => ok(account('ACC100001', { mobile: '138****5678' })),
  'GET /api/nio/accounts/ACC100001/cars': () =>
    ok({
      items: [
        car('VIN-1'),
        car('VIN-OLD', { plateNumber: '沪A00001', bindingStatus: 'unbound', isPsSupported: false }),
      ],
    }),
};
const valueOf = (label: string): HTMLElement => {
  const cell = [...document.querySelectorAll('th.ant-descriptions-item-label')].find(
    (th) => th.textContent === label,
  );
  if (!cell?.nextElementSibling) throw new Error(`no description labelled ${label}`);
  return cell.nextElementSibling as HTMLElement;
};

describe('AccountDetailPage', () => {
  beforeAll(() => import('./AccountDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.restoreAllMocks());

  it("should show the account's fields with their labels and its cars, bound first", async () => {
    fakeApi(base);
    renderPortal(DETAIL);
    expect(await screen.findByText('换电达人 的账号')).toBeInTheDocument();
    expect(within(valueOf('手机号')).getByText('+86 138****5678')).toBeInTheDocument();
    expect(within(valueOf('性别')).getByText('男')).toBeInTheDocument();
    expect(within(valueOf('生日')).getByText('1990-05-04')).toBeInTheDocument();
    expect(within(valueOf('常驻城市')).getByText('上海市')).toBeInTheDocument();
    expect(within(valueOf('应用')).getByText('蔚来 App')).toBeInTheDocument();
    expect(within(valueOf('简介')).getByText('周末自驾爱好者')).toBeInTheDocument();
    for (const tab of ['车辆', '评论', '关系', '充电路径', '邀请', '上报站点']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }

    const bound = (await screen.findByText('沪AD12345')).closest('tr') as HTMLElement;
    expect(within(bound).getByText('NIO ES6 NT2')).toBeInTheDocument();
    expect(within(bound).getByText('已绑定')).toBeInTheDocument();
    expect(within(bound).getByText('换电')).toBeInTheDocument();
    expect(within(bound).getByText('625')).toBeInTheDocument();
    const unbound = screen.getByText('沪A00001').closest('tr') as HTMLElement;
    expect(within(unbound).getByText('已解绑')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '在个人车辆列表中查看' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/personal-cars?userId=ACC100001',
    );
  });

  it("should list the user's comments in the comments tab, each opening in the comment list", async () => {
    const calls = fakeApi({
      ...base,
      'POST /api/nio/comments/account': () =>
        ok({ items: [comment(7, { accountId: 'ACC100001' })], total: 1 }),
    });
    const { router } = renderPortal(DETAIL);
    fireEvent.click(await screen.findByRole('tab', { name: '评论' }));
    expect(await screen.findByText('Comment 7: fast charging, clean site')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/nio/comments/account')?.body).toEqual({
      accountId: 'ACC100001',
      pageNo: 1,
      pageSize: 10,
    });
    expect(currentUrl(router)).toBe(`${DETAIL}&tab=comments`);
    expect(screen.getByRole('link', { name: '查看' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/feedback-list?commentId=7',
    );
  });

  it('should say when the account does not exist, in English too', async () => {
    fakeApi({
      ...base,
      'GET /api/nio/accounts/NOBODY': () => fail(404, 'user_not_found', 'user NOBODY not found'),
    });
    await changeLanguage('en-US');
    renderPortal('/cmp-app/nio/accounts/detail?accountId=NOBODY');
    expect(await screen.findByText('This account does not exist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the user search/ })).toHaveAttribute(
      'href',
      '/cmp-app/nio/accounts',
    );
  });
});
