import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser } from '../../test/fake-api';
import { currentUrl, renderPortal } from '../../test/render-portal';
import { inviteItem, inviteRecord, treeLevel, treeNode } from './test-invitations';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const REGISTER = '/api/nio/invitations/register';
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('InvitationListPage', () => {
  beforeAll(() => import('./InvitationListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should list register invitations with Chinese status labels, filter by inviter and switch to car purchases', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(operator),
      [`GET ${REGISTER}`]: () =>
        ok({
          items: [
            inviteItem(2, { invitedCount: 3 }),
            inviteItem(3, { inviteStatus: 'invalid', account: null }),
          ],
          total: 2,
        }),
      'GET /api/nio/invitations/car-purchase': () =>
        ok({
          items: [inviteItem(4, { kind: 'car_purchase', inviteStatus: 'test_drive', inviterId: 'ACC9' })],
          total: 1,
        }),
    });
    const { router } = renderPortal('/cmp-app/nio/invitations');
    expect(await screen.findByText('ACC2')).toBeInTheDocument();
    const first = rowOf('ACC2');
    expect(within(first).getByText('已注册')).toBeInTheDocument();
    expect(within(first).getByText('昵称2')).toBeInTheDocument();
    expect(within(first).getByText('13800000002')).toBeInTheDocument();
    expect(within(first).getByText('3')).toBeInTheDocument();
    expect(within(rowOf('ACC3')).getByText('无效')).toBeInTheDocument();
    const listCall = calls.find((c) => c.path === REGISTER)!;
    expect(Object.fromEntries(listCall.query)).toEqual({ pageNo: '1', pageSize: '20' });
    expect(screen.getByText(/^导\s*出$/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('邀请人ID'), { target: { value: ' ACC1 ' } });
    fireEvent.click(screen.getByText(/^查\s*询$/));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === REGISTER)
          .at(-1)
          ?.query.get('inviterId'),
      ).toBe('ACC1'),
    );

    fireEvent.click(screen.getByText('购车邀请'));
    expect(await screen.findByText('已试驾')).toBeInTheDocument();
    expect(currentUrl(router)).toContain('kind=car-purchase');
    expect(calls.at(-1)?.query.get('inviterId')).toBe('ACC1');
  });

  it("should open a user's record in a drawer with the tree of invitees, expanded level by level", async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(operator),
      [`GET ${REGISTER}`]: () => ok({ items: [inviteItem(2, { invitedCount: 2 })], total: 1 }),
      [`GET ${REGISTER}/ACC2/info`]: () => ok(inviteRecord('ACC2')),
      [`GET ${REGISTER}/tree`]: (request) => {
        const accountId = request.query.get('accountId');
        if (accountId === 'ACC2') {
          return ok(
            treeLevel('ACC2', [treeNode('ACC5', 'ACC2', { invitedCount: 25 }), treeNode('ACC6', 'ACC2')]),
          );
        }
        return ok(treeLevel('ACC5', [treeNode('ACC7', 'ACC5', { level: 1, inviteStatus: 'rewarded' })], 25));
      },
    });
    const { router } = renderPortal('/cmp-app/nio/invitations');
    fireEvent.click(await screen.findByLabelText('查看 ACC2 的邀请详情'));

    // By its title rather than its role: role queries over a whole antd page are slow in jsdom.
    const drawer = (
      await screen.findByText('注册邀请 · ACC2 的邀请', { selector: '.ant-drawer-title' })
    ).closest('.ant-drawer-content-wrapper') as HTMLElement;
    expect(await within(drawer).findByText('昵称1（ACC1）')).toBeInTheDocument();
    expect(within(drawer).getByText('已奖励')).toBeInTheDocument();
    expect(within(drawer).getByText('2 人')).toBeInTheDocument();
    expect(currentUrl(router)).toContain('open=ACC2');

    expect(await within(drawer).findByText('昵称5')).toBeInTheDocument();
    expect(within(drawer).getByText('邀请 25 人')).toBeInTheDocument();
    expect(within(drawer).queryByText('昵称7')).toBeNull();
    const treeCalls = () => calls.filter((c) => c.path === `${REGISTER}/tree`);
    expect(treeCalls().map((c) => c.query.get('accountId'))).toEqual(['ACC2']);
    expect(treeCalls()[0]!.query.get('depth')).toBe('1');

    const node = within(drawer).getByText('昵称5').closest('.ant-tree-treenode') as HTMLElement;
    fireEvent.click(node.querySelector('.ant-tree-switcher') as HTMLElement);
    expect(await within(drawer).findByText('昵称7')).toBeInTheDocument();
    expect(within(drawer).getByText('仅显示最近邀请的 1 人，共 25 人')).toBeInTheDocument();
    expect(treeCalls().map((c) => c.query.get('accountId'))).toEqual(['ACC2', 'ACC5']);
  });
});
