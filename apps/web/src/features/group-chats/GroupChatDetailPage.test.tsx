import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupChat, GroupMember } from '@cmp/domain/chats/group-chats';
import { changeLanguage } from '../../i18n';
import { fakeApi, fail, ok, staffUser } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const ONE = '/api/nio/group-chats/5';
const group = (overrides: Partial<GroupChat> = {}): GroupChat => ({
  id: 5,
  tenantId: 'nio',
  clientCode: 'nio_app',
  resourceId: 'CS-1',
  resourceName: '世纪大道站',
  chatSwitch: 1,
  chatId: 'g0123456789abcdef0123',
  owner: 'U1',
  ownerNickname: '站长',
  groupName: '世纪大道站车友群',
  groupIntro: null,
  groupCover: null,
  detail: { chatStatus: 'NORMAL', memberNum: 2, maxMemberNum: 500 },
  creator: 'nio-operator',
  updater: null,
  createdAt: Date.parse('2026-11-01T10:00:00+08:00'),
  updatedAt: Date.parse('2026-11-01T10:00:00+08:00'),
  version: 3,
  ...overrides,
});
const member = (accountId: string, nickname: string, owner = false): GroupMember => ({
  accountId,
  nickname,
  avatar: null,
  clientCode: 'nio_app',
  invitedBy: owner ? null : 'U1',
  owner,
  joinedAt: Date.parse('2026-11-01T10:00:00+08:00'),
});
const handlers = (user = operator, overrides: Record<string, () => ReturnType<typeof ok>> = {}) => ({
  'GET /api/auth/me': () => ok(user),
  [`GET ${ONE}`]: () => ok(group()),
  [`GET ${ONE}/members`]: () => ok({ items: [member('U1', '站长', true), member('U2', '小明')], total: 2 }),
  [`GET ${ONE}/notices`]: () => ok({ items: [] }),
  ...overrides,
});

describe('GroupChatDetailPage', () => {
  beforeAll(() => import('./GroupChatDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show the members and invalidate the group only once confirmed, with the version read', async () => {
    const calls = fakeApi({
      ...handlers(),
      [`POST ${ONE}/status`]: () =>
        ok(group({ detail: { chatStatus: 'INVALID', memberNum: 2, maxMemberNum: 500 }, version: 4 })),
    });
    renderPortal('/cmp-app/nio/group-chats/detail?id=5');
    const user = userEvent.setup();

    const members = (await screen.findByText('成员（2）')).closest('.ant-card') as HTMLElement;
    expect(await within(members).findByText('小明')).toBeInTheDocument();
    expect(within(members).getByText('群主')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '恢复' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '作废' }));
    const dialog = await findDialog('作废群聊“世纪大道站车友群”？');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '作废' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ chatStatus: 'INVALID', version: 3 }),
    );
    expect(await screen.findByRole('button', { name: '恢复' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /发送通知/ })).toBeDisabled();
  });

  it('should say the spec’s message when the chat service refuses a move', async () => {
    fakeApi({
      ...handlers(),
      [`POST ${ONE}/status`]: () => fail(404, 'im_group_not_exist', '群不存在或已解散'),
    });
    renderPortal('/cmp-app/nio/group-chats/detail?id=5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '解散' }));
    const dialog = await findDialog('解散群聊“世纪大道站车友群”？');
    await user.click(within(dialog).getByRole('button', { name: '解散' }));
    expect(await screen.findByText('群不存在或已解散')).toBeInTheDocument();
  });

  it('should offer to reload a group changed since it was read, naming the group chat', async () => {
    const calls = fakeApi({
      ...handlers(),
      [`PUT ${ONE}`]: () =>
        fail(409, 'conflict', '该群聊已被他人修改', { key: 'groupChats.versionConflict' }),
    });
    renderPortal('/cmp-app/nio/group-chats/detail?id=5');
    const user = userEvent.setup();
    await screen.findByText('成员（2）');
    await user.click(screen.getByRole('button', { name: '编辑' }));
    await user.click(screen.getByText(/^保\s?存$/));
    const dialog = await findDialog('群聊已被他人修改');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ version: 3 });
    await user.click(within(dialog).getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === ONE)).toHaveLength(2));
  });

  it('should offer a viewer neither moves nor notices', async () => {
    fakeApi(handlers(viewer));
    renderPortal('/cmp-app/nio/group-chats/detail?id=5');
    await screen.findByText('成员（2）');
    expect(screen.queryByRole('button', { name: '作废' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /发送通知/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
  });
});
