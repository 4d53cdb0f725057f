import type { Comment } from '@cmp/domain/comments/comment-contracts';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The comment list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'commentaryId',
  'commentaryTime',
  'rating',
  'commentaryText',
  'user',
  'station',
  'region',
  'address',
  'operatorName',
  'equipmentOwner',
  'client',
  'scene',
  'quality',
  'state',
  'flags',
  'replyNumber',
  'thumbs',
  'officialReply',
  'accountId',
  'userMobile',
  'commentaryTag',
  'chargeOrder',
  'vehicleName',
  'chargingSpeed',
  'applicationName',
] as const;
type Column = (typeof COLUMNS)[number];
type SheetText = SheetTexts<Column> & { flags: { top: string; focused: string; hidden: string } };

const TEXT: Record<Locale, SheetText> = {
  'zh-CN': {
    fileName: '评论列表',
    sheetName: '评论列表',
    headers: {
      commentaryId: '评论ID',
      commentaryTime: '评论时间',
      rating: '评分',
      commentaryText: '评论内容',
      user: '用户',
      station: '站点',
      region: '地区',
      operatorName: '运营商',
      client: '客户端',
      scene: '场景',
      state: '状态',
      flags: '标记',
      replyNumber: '回复数',
      officialReply: '官方回复',
      accountId: '账号ID',
      userMobile: '手机号',
      commentaryTag: '评论标签',
      address: '地址',
      equipmentOwner: '设备归属方',
      chargeOrder: '充电订单',
      vehicleName: '车型',
      chargingSpeed: '充电速度',
      quality: '质量',
      thumbs: '点赞数',
      applicationName: '来源应用',
    },
    flags: { top: '置顶', focused: '关注', hidden: '已隐藏' },
  },
  'en-US': {
    fileName: 'comments',
    sheetName: 'Comments',
    headers: {
      commentaryId: 'Comment ID',
      commentaryTime: 'Commented',
      rating: 'Rating',
      commentaryText: 'Comment',
      user: 'User',
      station: 'Station',
      region: 'Region',
      operatorName: 'Operator',
      client: 'Client',
      scene: 'Scene',
      state: 'State',
      flags: 'Marks',
      replyNumber: 'Replies',
      officialReply: 'Official reply',
      accountId: 'Account ID',
      userMobile: 'Mobile',
      commentaryTag: 'Tags',
      address: 'Address',
      equipmentOwner: 'Equipment owner',
      chargeOrder: 'Charge order',
      vehicleName: 'Vehicle',
      chargingSpeed: 'Charging speed',
      quality: 'Quality',
      thumbs: 'Likes',
      applicationName: 'Sent by',
    },
    flags: { top: 'Pinned', focused: 'Attention', hidden: 'Hidden' },
  },
};

const WIDTHS: Partial<Record<Column, number>> = {
  commentaryTime: 20,
  commentaryText: 48,
  user: 24,
  station: 36,
  region: 24,
  officialReply: 40,
  address: 36,
};

const CELLS: Record<Column, (c: Comment, text: SheetText, at: CellContext) => Cell> = {
  commentaryId: (c) => c.commentaryId,
  commentaryTime: (c, _text, at) => wallClock(c.commentaryTime, at.timeZone),
  rating: (c) => c.rating,
  commentaryText: (c) => c.commentaryText,
  user: (c) => [c.userName, c.userNickname].filter(Boolean).join(' / ') || null,
  station: (c) => `${c.resourceName} (${c.resourceId})`,
  region: (c) => c.region,
  operatorName: (c) => c.operatorName,
  client: (c, _text, at) => enumLabel(at.locale, 'client', c.client),
  scene: (c, _text, at) => enumLabel(at.locale, 'commentScene', c.scene),
  state: (c, _text, at) => enumLabel(at.locale, 'commentState', c.state),
  flags: (c, text) =>
    [c.top && text.flags.top, c.focused && text.flags.focused, c.droppedByAdmin && text.flags.hidden]
      .filter(Boolean)
      .join(', ') || null,
  replyNumber: (c) => c.replyNumber,
  officialReply: (c) => c.replies[0]?.text ?? null,
  accountId: (c) => c.accountId,
  userMobile: (c) => c.userMobile,
  commentaryTag: (c) => c.commentaryTag.join(', ') || null,
  address: (c) => c.address,
  equipmentOwner: (c) => c.equipmentOwner,
  chargeOrder: (c) => c.chargeOrder,
  vehicleName: (c) => c.vehicleName,
  chargingSpeed: (c) => c.chargingSpeed,
  quality: (c, _text, at) => enumLabel(at.locale, 'commentQuality', c.quality),
  thumbs: (c) => c.thumbs,
  applicationName: (c) => c.applicationName,
};

/** The comment list's export: its columns with their headers in both languages, by the screen's keys. */
export const COMMENT_LIST_EXPORT = exportSheet<Comment, Column, SheetText>({
  columns: COLUMNS,
  texts: TEXT,
  widths: WIDTHS,
  cells: CELLS,
});
