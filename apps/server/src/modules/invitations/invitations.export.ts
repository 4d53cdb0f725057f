import type { InviteAccount, InviteListItem } from '@cmp/domain/invitations/invitations';
import { INVITE_STATUS_ENUMERATION } from '@cmp/domain/invitations/invitation-codes';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The invite list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'userId',
  'invitee',
  'mobile',
  'inviterId',
  'inviter',
  'inviteStatus',
  'invitedCount',
  'createTime',
  'updateTime',
  'externalId',
] as const;
type Column = (typeof COLUMNS)[number];

const TEXT: Record<Locale, SheetTexts<Column>> = {
  'zh-CN': {
    fileName: '邀请记录',
    sheetName: '邀请记录',
    headers: {
      userId: '被邀请人ID',
      invitee: '被邀请人',
      mobile: '被邀请人手机号',
      inviterId: '邀请人ID',
      inviter: '邀请人',
      inviteStatus: '邀请状态',
      invitedCount: '已邀请人数',
      createTime: '邀请时间',
      updateTime: '更新时间',
      externalId: '邀请编号',
    },
  },
  'en-US': {
    fileName: 'invitations',
    sheetName: 'Invitations',
    headers: {
      userId: 'Invitee ID',
      invitee: 'Invitee',
      mobile: 'Invitee mobile',
      inviterId: 'Inviter ID',
      inviter: 'Inviter',
      inviteStatus: 'Status',
      invitedCount: 'Invited',
      createTime: 'Invited at',
      updateTime: 'Updated',
      externalId: 'Invitation number',
    },
  },
};

const nameOf = (account: InviteAccount | null): string | null =>
  account ? [account.nickname, account.name].filter(Boolean).join(' / ') || null : null;

const CELLS: Record<Column, (row: InviteListItem, text: SheetTexts<Column>, at: CellContext) => Cell> = {
  userId: (r) => r.userId,
  invitee: (r) => nameOf(r.account),
  mobile: (r) => r.account?.mobile ?? null,
  inviterId: (r) => r.inviterId,
  inviter: (r) => nameOf(r.inviterAccount),
  inviteStatus: (r, _text, at) => enumLabel(at.locale, INVITE_STATUS_ENUMERATION[r.kind], r.inviteStatus),
  invitedCount: (r) => r.invitedCount,
  createTime: (r, _text, at) => wallClock(r.createTime, at.timeZone),
  updateTime: (r, _text, at) => wallClock(r.updateTime, at.timeZone),
  externalId: (r) => r.externalId,
};

/** The invite lists' export (both kinds): their columns with headers in both languages. */
export const INVITATION_LIST_EXPORT = exportSheet<InviteListItem, Column, SheetTexts<Column>>({
  columns: COLUMNS,
  texts: TEXT,
  widths: { invitee: 24, inviter: 24, createTime: 20, updateTime: 20 },
  cells: CELLS,
});
