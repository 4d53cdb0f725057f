import type { GroupChat } from '@cmp/domain/chats/group-chats';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The group chat list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'id',
  'groupName',
  'station',
  'clientCode',
  'chatSwitch',
  'chatId',
  'owner',
  'chatStatus',
  'memberNum',
  'maxMemberNum',
  'createdAt',
  'updatedAt',
  'resourceId',
  'creator',
  'updater',
] as const;
type Column = (typeof COLUMNS)[number];

interface GroupChatTexts extends SheetTexts<Column> {
  on: string;
  off: string;
}

const TEXT: Record<Locale, GroupChatTexts> = {
  'zh-CN': {
    fileName: '群聊',
    sheetName: '群聊',
    on: '开启',
    off: '关闭',
    headers: {
      id: '群ID',
      groupName: '群名称',
      station: '场站',
      clientCode: '客户端',
      chatSwitch: '群聊开关',
      chatId: '聊天ID',
      owner: '群主',
      chatStatus: '群状态',
      memberNum: '成员数',
      maxMemberNum: '人数上限',
      createdAt: '创建时间',
      updatedAt: '更新时间',
      resourceId: '场站ID',
      creator: '创建人',
      updater: '更新人',
    },
  },
  'en-US': {
    fileName: 'group-chats',
    sheetName: 'Group chats',
    on: 'On',
    off: 'Off',
    headers: {
      id: 'Group ID',
      groupName: 'Group name',
      station: 'Station',
      clientCode: 'Client',
      chatSwitch: 'Chat switch',
      chatId: 'Chat ID',
      owner: 'Owner',
      chatStatus: 'Status',
      memberNum: 'Members',
      maxMemberNum: 'Maximum members',
      createdAt: 'Created',
      updatedAt: 'Updated',
      resourceId: 'Station ID',
      creator: 'Created by',
      updater: 'Updated by',
    },
  },
};

const CELLS: Record<Column, (g: GroupChat, text: GroupChatTexts, at: CellContext) => Cell> = {
  id: (g) => g.id,
  groupName: (g) => g.groupName,
  station: (g) => g.resourceName ?? g.resourceId,
  clientCode: (g, _text, at) => enumLabel(at.locale, 'chatClient', g.clientCode),
  chatSwitch: (g, text) => (g.chatSwitch === 1 ? text.on : text.off),
  chatId: (g) => g.chatId,
  owner: (g) => (g.ownerNickname ? `${g.ownerNickname} (${g.owner})` : g.owner),
  chatStatus: (g, _text, at) => enumLabel(at.locale, 'chatStatus', g.detail?.chatStatus),
  memberNum: (g) => g.detail?.memberNum ?? null,
  maxMemberNum: (g) => g.detail?.maxMemberNum ?? null,
  createdAt: (g, _text, at) => wallClock(g.createdAt, at.timeZone),
  updatedAt: (g, _text, at) => wallClock(g.updatedAt, at.timeZone),
  resourceId: (g) => g.resourceId,
  creator: (g) => g.creator,
  updater: (g) => g.updater,
};

export const GROUP_CHAT_LIST_EXPORT = exportSheet<GroupChat, Column, GroupChatTexts>({
  columns: COLUMNS,
  texts: TEXT,
  widths: { groupName: 28, station: 32, owner: 28, chatId: 26, createdAt: 20, updatedAt: 20 },
  cells: CELLS,
});
