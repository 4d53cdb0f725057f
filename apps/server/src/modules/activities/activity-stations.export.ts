import type { ActivityStationItem } from '@cmp/domain/activities/activity-stations';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The activity station list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'resourceId',
  'resourceName',
  'resourceType',
  'operatorName',
  'equipmentOwner',
  'region',
  'address',
  'active',
  'commentaryNumber',
  'openWorksheetNumber',
  'worksheetNumber',
  'basicInfoUpdateTime',
  'activityId',
  'relationId',
  'recommendationCode',
] as const;
type Column = (typeof COLUMNS)[number];
interface SheetText extends SheetTexts<Column> {
  yes: string;
  no: string;
}

const TEXT: Record<Locale, SheetText> = {
  'zh-CN': {
    fileName: '活动站点',
    sheetName: '活动站点',
    headers: {
      resourceId: '站点ID',
      resourceName: '站点名称',
      resourceType: '站点类型',
      operatorName: '运营商',
      equipmentOwner: '设备所属方',
      region: '地区',
      address: '地址',
      active: '活动中生效',
      commentaryNumber: '评论数',
      openWorksheetNumber: '未完成工单数',
      worksheetNumber: '工单数',
      basicInfoUpdateTime: '基础信息更新时间',
      activityId: '活动ID',
      relationId: '关系ID',
      recommendationCode: '推荐码',
    },
    yes: '是',
    no: '否',
  },
  'en-US': {
    fileName: 'activity-stations',
    sheetName: 'Activity stations',
    headers: {
      resourceId: 'Station ID',
      resourceName: 'Station name',
      resourceType: 'Station type',
      operatorName: 'Operator',
      equipmentOwner: 'Equipment owner',
      region: 'Region',
      address: 'Address',
      active: 'Active in the activity',
      commentaryNumber: 'Comments',
      openWorksheetNumber: 'Open worksheets',
      worksheetNumber: 'Worksheets',
      basicInfoUpdateTime: 'Basic info updated',
      activityId: 'Activity ID',
      relationId: 'Relation ID',
      recommendationCode: 'Recommendation code',
    },
    yes: 'Yes',
    no: 'No',
  },
};

const WIDTHS: Partial<Record<Column, number>> = {
  resourceId: 24,
  resourceName: 32,
  operatorName: 24,
  equipmentOwner: 24,
  region: 28,
  address: 40,
  basicInfoUpdateTime: 20,
};

const CELLS: Record<Column, (s: ActivityStationItem, text: SheetText, at: CellContext) => Cell> = {
  resourceId: (s) => s.resourceId,
  resourceName: (s) => s.resourceName,
  resourceType: (s, _text, at) => enumLabel(at.locale, 'resourceType', s.resourceType),
  operatorName: (s) => s.operatorName ?? s.operatorId,
  equipmentOwner: (s) => s.equipmentOwner,
  region: (s) => s.region,
  address: (s) => s.address,
  active: (s, text) => (s.active === null ? null : s.active ? text.yes : text.no),
  commentaryNumber: (s) => s.commentaryNumber,
  openWorksheetNumber: (s) => s.openWorksheetNumber,
  worksheetNumber: (s) => s.worksheetNumber,
  basicInfoUpdateTime: (s, _text, at) => wallClock(s.basicInfoUpdateTime, at.timeZone),
  activityId: (s) => s.activityId,
  relationId: (s) => s.relationId,
  recommendationCode: (s) => s.recommendationCode,
};

/** resource/list/download: the activity station list's columns with their headers in both languages. */
export const ACTIVITY_STATION_EXPORT = exportSheet<ActivityStationItem, Column, SheetText>({
  columns: COLUMNS,
  texts: TEXT,
  widths: WIDTHS,
  cells: CELLS,
});
