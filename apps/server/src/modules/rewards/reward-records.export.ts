import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import type { PointRecord } from '@cmp/domain/rewards/reward-record-contracts';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The point and reward record screens' column keys in their order, then what only the file offers. */
const COLUMNS = [
  'recordId',
  'activityName',
  'userName',
  'mobile',
  'resourceName',
  'rewardType',
  'rewardName',
  'rewardCode',
  'rewardAmount',
  'rewardState',
  'failReason',
  'rewardTime',
  'createTime',
  'accountId',
  'vehicleId',
  'resourceId',
  'extResourceType',
  'extResourceId',
  'reissueDesc',
] as const;
type Column = (typeof COLUMNS)[number];
/** The headers, and the source of a draw's reward, which has no event of the engine. */
type SheetText = SheetTexts<Column> & { lotteryDraw: string };

const HEADERS: Record<Locale, SheetTexts<Column>['headers']> = {
  'zh-CN': {
    recordId: '记录ID',
    activityName: '活动名称',
    userName: '用户名',
    mobile: '手机号',
    resourceName: '站点名称',
    rewardType: '奖励类型',
    rewardName: '奖励名称',
    rewardCode: '券批次ID',
    rewardAmount: '奖励数量',
    rewardState: '发放状态',
    failReason: '失败原因',
    rewardTime: '发放时间',
    createTime: '创建时间',
    accountId: '账号',
    vehicleId: '车辆ID',
    resourceId: '站点ID',
    extResourceType: '来源类型',
    extResourceId: '来源ID',
    reissueDesc: '补发说明',
  },
  'en-US': {
    recordId: 'Record ID',
    activityName: 'Activity',
    userName: 'User name',
    mobile: 'Mobile',
    resourceName: 'Station',
    rewardType: 'Reward type',
    rewardName: 'Reward',
    rewardCode: 'Coupon batch ID',
    rewardAmount: 'Amount',
    rewardState: 'Reward state',
    failReason: 'Fail reason',
    rewardTime: 'Rewarded',
    createTime: 'Created',
    accountId: 'Account',
    vehicleId: 'Vehicle ID',
    resourceId: 'Station ID',
    extResourceType: 'Source type',
    extResourceId: 'Source ID',
    reissueDesc: 'Reissue note',
  },
};

const WIDTHS: Partial<Record<Column, number>> = {
  activityName: 28,
  resourceName: 28,
  rewardTime: 20,
  createTime: 20,
  failReason: 24,
  reissueDesc: 28,
};

const LOTTERY_DRAW: Record<Locale, string> = { 'zh-CN': '抽奖', 'en-US': 'Lottery draw' };

const CELLS: Record<Column, (r: PointRecord, text: SheetText, at: CellContext) => Cell> = {
  recordId: (r) => r.recordId,
  activityName: (r) => r.activityName,
  userName: (r) => r.userName,
  mobile: (r) => r.mobile,
  resourceName: (r) => r.resourceName,
  rewardType: (r, _text, at) => enumLabel(at.locale, 'rewardType', r.rewardType),
  rewardName: (r, _text, at) =>
    r.rewardType === 'nio_point' ? enumLabel(at.locale, 'pointRewardName', r.rewardName) : r.rewardName,
  rewardCode: (r) => r.rewardCode,
  rewardAmount: (r) => r.rewardAmount,
  rewardState: (r, _text, at) => enumLabel(at.locale, 'rewardState', r.rewardState),
  failReason: (r, _text, at) =>
    r.failReason === null ? null : enumLabel(at.locale, 'couponRewardFailure', r.failReason),
  rewardTime: (r, _text, at) => (r.rewardTime === null ? null : wallClock(r.rewardTime, at.timeZone)),
  createTime: (r, _text, at) => wallClock(r.createTime, at.timeZone),
  accountId: (r) => r.accountId,
  vehicleId: (r) => r.vehicleId,
  resourceId: (r) => r.resourceId,
  extResourceType: (r, text, at) =>
    r.drawLogId !== null
      ? text.lotteryDraw
      : r.extResourceType === null
        ? null
        : enumLabel(at.locale, 'rewardEventKind', r.extResourceType),
  extResourceId: (r) => r.extResourceId,
  reissueDesc: (r) => r.reissueDesc,
};

/** A reward list's export under its own file and sheet names. */
const rewardSheet = (names: Record<Locale, { fileName: string; sheetName: string }>) =>
  exportSheet<PointRecord, Column, SheetText>({
    columns: COLUMNS,
    texts: {
      'zh-CN': { ...names['zh-CN'], headers: HEADERS['zh-CN'], lotteryDraw: LOTTERY_DRAW['zh-CN'] },
      'en-US': { ...names['en-US'], headers: HEADERS['en-US'], lotteryDraw: LOTTERY_DRAW['en-US'] },
    },
    widths: WIDTHS,
    cells: CELLS,
  });

export const POINT_RECORD_EXPORT = rewardSheet({
  'zh-CN': { fileName: '积分记录', sheetName: '积分记录' },
  'en-US': { fileName: 'point-records', sheetName: 'Point records' },
});

export const REWARD_RECORD_EXPORT = rewardSheet({
  'zh-CN': { fileName: '奖励记录', sheetName: '奖励记录' },
  'en-US': { fileName: 'reward-records', sheetName: 'Reward records' },
});
