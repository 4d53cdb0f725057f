import type { Activity } from '@cmp/domain/activities/activity-contracts';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The activity list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'activityId',
  'activityName',
  'activityType',
  'activityStatus',
  'beginTime',
  'endTime',
  'stationCount',
  'creatorName',
  'createTime',
  'businessModule',
  'totalRedPacket',
  'totalNioPoint',
  'updateTime',
  'activityDescription',
] as const;
type Column = (typeof COLUMNS)[number];

const TEXT: Record<Locale, SheetTexts<Column>> = {
  'zh-CN': {
    fileName: '活动列表',
    sheetName: '活动',
    headers: {
      activityId: '活动ID',
      activityName: '活动名称',
      activityType: '活动类型',
      activityStatus: '活动状态',
      beginTime: '开始时间',
      endTime: '结束时间',
      stationCount: '参与站点数',
      creatorName: '创建人',
      createTime: '创建时间',
      businessModule: '业务场景',
      totalRedPacket: '已发红包(个)',
      totalNioPoint: '已发积分',
      updateTime: '更新时间',
      activityDescription: '活动描述',
    },
  },
  'en-US': {
    fileName: 'activities',
    sheetName: 'Activities',
    headers: {
      activityId: 'Activity ID',
      activityName: 'Activity name',
      activityType: 'Type',
      activityStatus: 'Status',
      beginTime: 'Starts',
      endTime: 'Ends',
      stationCount: 'Stations',
      creatorName: 'Created by',
      createTime: 'Created',
      businessModule: 'Business scene',
      totalRedPacket: 'Red packets given',
      totalNioPoint: 'Points given',
      updateTime: 'Updated',
      activityDescription: 'Description',
    },
  },
};

const WIDTHS: Partial<Record<Column, number>> = {
  activityName: 32,
  activityType: 20,
  beginTime: 20,
  endTime: 20,
  createTime: 20,
  updateTime: 20,
  activityDescription: 40,
};

const CELLS: Record<Column, (a: Activity, text: SheetTexts<Column>, at: CellContext) => Cell> = {
  activityId: (a) => a.activityId,
  activityName: (a) => a.activityName,
  activityType: (a, _text, at) => enumLabel(at.locale, 'activityType', a.activityType),
  activityStatus: (a, _text, at) => enumLabel(at.locale, 'activityStatus', a.activityStatus),
  beginTime: (a, _text, at) => wallClock(a.beginTime, at.timeZone),
  endTime: (a, _text, at) => wallClock(a.endTime, at.timeZone),
  stationCount: (a) => a.stationCount,
  creatorName: (a) => a.creatorName,
  createTime: (a, _text, at) => wallClock(a.createTime, at.timeZone),
  businessModule: (a) => a.businessModuleDesc ?? a.businessModule,
  totalRedPacket: (a) => a.rewardStatistics.totalRedPacket,
  totalNioPoint: (a) => a.rewardStatistics.totalNioPoint,
  updateTime: (a, _text, at) => wallClock(a.updateTime, at.timeZone),
  activityDescription: (a) => a.activityDescription,
};

/** The activity list's export: its columns with their headers in both languages, by the screen's keys. */
export const ACTIVITY_LIST_EXPORT = exportSheet<Activity, Column, SheetTexts<Column>>({
  columns: COLUMNS,
  texts: TEXT,
  widths: WIDTHS,
  cells: CELLS,
});
