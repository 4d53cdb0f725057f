import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, ok } from '../../test/fake-api';
import { renderTab } from '../stations/tabs/render-tab';
import { AccountInvitations } from './AccountInvitations';
import { inviteRecord, treeLevel, treeNode } from './test-invitations';

describe('AccountInvitations', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should say who invited the account and whom it invited, for each kind', async () => {
    fakeApi({
      'GET /api/nio/invitations/register/ACC3/info': () => ok(inviteRecord('ACC3', { invitedCount: 1 })),
      'GET /api/nio/invitations/register/tree': () => ok(treeLevel('ACC3', [treeNode('ACC8', 'ACC3')])),
      'GET /api/nio/invitations/car-purchase/ACC3/info': () => fail(404, 'not_found'),
    });
    renderTab(<AccountInvitations accountId="ACC3" />, '/cmp-app/nio/accounts/detail?accountId=ACC3');

    expect(await screen.findByText('昵称1（ACC1）')).toBeInTheDocument();
    expect(screen.getByText('已奖励')).toBeInTheDocument();
    expect(await screen.findByText('昵称8')).toBeInTheDocument();

    fireEvent.click(screen.getByText('购车邀请'));
    expect(await screen.findByText('没有邀请记录')).toBeInTheDocument();
  });

  it('should show an account that came on its own and invited nobody', async () => {
    fakeApi({
      'GET /api/nio/invitations/register/ACC4/info': () =>
        ok(
          inviteRecord('ACC4', {
            inviterId: null,
            inviterAccount: null,
            inviteStatus: null,
            createTime: null,
            invitedCount: 0,
          }),
        ),
      'GET /api/nio/invitations/register/tree': () => ok(treeLevel('ACC4', [])),
    });
    renderTab(<AccountInvitations accountId="ACC4" />, '/cmp-app/nio/accounts/detail?accountId=ACC4');
    expect(await screen.findByText('无（自行注册）')).toBeInTheDocument();
    expect(await screen.findByText('还没有邀请任何人')).toBeInTheDocument();
  });
});
