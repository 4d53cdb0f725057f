import type {
  InviteAccount,
  InviteListItem,
  InviteRecord,
  InviteTree,
  InviteTreeNode,
} from '@cmp/domain/invitations/invitations';

const T0 = Date.parse('2026-03-02T09:30:00+08:00');

/** An account as the server answers it to an operator: `ACC1` is 昵称1 with mobile 13800000001. */
export const account = (accountId: string): InviteAccount => ({
  accountId,
  nickname: `昵称${accountId.replace(/\D/g, '')}`,
  name: `王${accountId.replace(/\D/g, '')}`,
  mobile: `1380000${accountId.replace(/\D/g, '').padStart(4, '0')}`,
});

export const inviteItem = (
  invitationId: number,
  overrides: Partial<InviteListItem> = {},
): InviteListItem => ({
  invitationId,
  kind: 'register',
  externalId: `REG-${invitationId}`,
  userId: `ACC${invitationId}`,
  inviterId: 'ACC1',
  inviteStatus: 'registered',
  invitedCount: 0,
  createTime: T0 + invitationId * 60_000,
  updateTime: T0 + invitationId * 60_000,
  account: account(`ACC${invitationId}`),
  inviterAccount: account('ACC1'),
  ...overrides,
});

export const inviteRecord = (userId: string, overrides: Partial<InviteRecord> = {}): InviteRecord => ({
  kind: 'register',
  userId,
  inviterId: 'ACC1',
  inviteStatus: 'rewarded',
  createTime: T0,
  invitedCount: 2,
  account: account(userId),
  inviterAccount: account('ACC1'),
  ...overrides,
});

export const treeNode = (
  userId: string,
  inviterId: string,
  overrides: Partial<InviteTreeNode> = {},
): InviteTreeNode => ({
  userId,
  inviterId,
  level: 1,
  inviteStatus: 'registered',
  createTime: T0,
  invitedCount: 0,
  account: account(userId),
  ...overrides,
});

/** One level of an inviter's tree, as the screens ask for it. */
export const treeLevel = (
  accountId: string,
  nodes: InviteTreeNode[],
  invitedCount = nodes.length,
): InviteTree => ({
  kind: 'register',
  root: { accountId, invitedCount, account: account(accountId) },
  nodes,
  truncated: false,
});
