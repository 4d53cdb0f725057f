import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import type { LotteryDraw } from '@cmp/domain/rewards/lottery-draw-contracts';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The lottery draw screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'drawLogId',
  'activityName',
  'mobile',
  'accountId',
  'drawState',
  'rewards',
  'rewardState',
  'createTime',
  'giftBagId',
  'drawStateLoseReason',
  'failReason',
] as const;
type Column = (typeof COLUMNS)[number];

const TEXT: Record<Locale, SheetTexts<Column>> = {
  'zh-CN': {
    fileName: '抽奖记录',
    sheetName: '抽奖记录',
    headers: {
      drawLogId: '抽奖ID',
      activityName: '活动名称',
      mobile: '手机号',
      accountId: '账号',
      drawState: '抽奖状态',
      rewards: '奖品',
      rewardState: '发放状态',
      createTime: '抽奖时间',
      giftBagId: '礼包ID',
      drawStateLoseReason: '未中奖原因',
      failReason: '失败原因',
    },
  },
  'en-US': {
    fileName: 'lottery-draws',
    sheetName: 'Lottery draws',
    headers: {
      drawLogId: 'Draw ID',
      activityName: 'Activity',
      mobile: 'Mobile',
      accountId: 'Account',
      drawState: 'Draw state',
      rewards: 'Awards',
      rewardState: 'Reward state',
      createTime: 'Drawn',
      giftBagId: 'Gift bag ID',
      drawStateLoseReason: 'Lose reason',
      failReason: 'Fail reason',
    },
  },
};

const WIDTHS: Partial<Record<Column, number>> = {
  activityName: 28,
  rewards: 36,
  createTime: 20,
  failReason: 24,
};

/** Each reward's value of a draw, joined: a draw holds one reward per award it won. */
const each = (d: LotteryDraw, value: (r: LotteryDraw['rewards'][number]) => string | null): string | null =>
  d.rewards.length === 0 ? null : d.rewards.map((r) => value(r) ?? '-').join('; ');

const CELLS: Record<Column, (d: LotteryDraw, text: SheetTexts<Column>, at: CellContext) => Cell> = {
  drawLogId: (d) => d.drawLogId,
  activityName: (d) => d.activityName,
  mobile: (d) => d.account.mobile,
  accountId: (d) => d.account.accountId,
  drawState: (d, _text, at) => enumLabel(at.locale, 'drawState', d.drawState),
  rewards: (d) => each(d, (r) => `${r.awardTitle} ×${r.awardUnits}`),
  rewardState: (d, _text, at) => each(d, (r) => enumLabel(at.locale, 'rewardState', r.rewardState)),
  createTime: (d, _text, at) => wallClock(d.createTime, at.timeZone),
  giftBagId: (d) => d.giftBagId,
  drawStateLoseReason: (d, _text, at) =>
    d.drawStateLoseReason === null ? null : enumLabel(at.locale, 'loseReason', d.drawStateLoseReason),
  failReason: (d, _text, at) =>
    each(d, (r) =>
      r.failReason === null ? null : enumLabel(at.locale, 'couponRewardFailure', r.failReason),
    ),
};

/** The lottery draw list's export, a row per draw. */
export const LOTTERY_DRAW_EXPORT = exportSheet<LotteryDraw, Column, SheetTexts<Column>>({
  columns: COLUMNS,
  texts: TEXT,
  widths: WIDTHS,
  cells: CELLS,
});
