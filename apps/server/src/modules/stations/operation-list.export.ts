import type { Locale } from '@cmp/domain/messages/format';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { OperationListItem } from '@cmp/domain/stations/operation-list-item';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

const COLUMNS = [
  'resourceId',
  'resourceName',
  'resourceType',
  'operatorId',
  'operatorName',
  'equipmentOwner',
  'recommendationCode',
  'region',
  'address',
  'active',
  'commentaryNumber',
  'focusedCommentaryNumber',
  'worksheetNumber',
  'openWorksheetNumber',
  'basicInfoUpdateTime',
  'bizScenes',
  'description',
  'remark',
] as const;
type Column = (typeof COLUMNS)[number];

interface SheetText extends SheetTexts<Column> {
  yes: string;
  no: string;
}

const TEXT: Record<Locale, SheetText> = {
  'zh-CN': {
    fileName: '场站运营列表',
    sheetName: '场站运营列表',
    headers: {
      resourceId: '站点 ID',
      resourceName: '站点名称',
      resourceType: '站点类型',
      operatorId: '运营商 ID',
      operatorName: '运营商',
      equipmentOwner: '设备所属方',
      recommendationCode: '推荐码',
      region: '地区',
      address: '地址',
      active: '启用',
      commentaryNumber: '评论数',
      focusedCommentaryNumber: '关注评论数',
      worksheetNumber: '工单数',
      openWorksheetNumber: '处理中工单',
      basicInfoUpdateTime: '基础信息更新时间',
      bizScenes: '业务场景',
      description: '描述',
      remark: '备注',
    },
    yes: '是',
    no: '否',
  },
  'en-US': {
    fileName: 'station-operations',
    sheetName: 'Station operations',
    headers: {
      resourceId: 'Station ID',
      resourceName: 'Station name',
      resourceType: 'Station type',
      operatorId: 'Operator ID',
      operatorName: 'Operator',
      equipmentOwner: 'Equipment owner',
      recommendationCode: 'Recommendation code',
      region: 'Region',
      address: 'Address',
      active: 'Active',
      commentaryNumber: 'Comments',
      focusedCommentaryNumber: 'Focused comments',
      worksheetNumber: 'Worksheets',
      openWorksheetNumber: 'Open worksheets',
      basicInfoUpdateTime: 'Basic info updated',
      bizScenes: 'Business scenes',
      description: 'Description',
      remark: 'Remark',
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
  bizScenes: 24,
  description: 32,
  remark: 32,
};

/**
 * What a cell of each column holds; times are text that sorts as it reads rather than date cells with
 * a number format (the writer is about four times faster without styles).
 */
const CELLS: Record<Column, (item: OperationListItem, text: SheetText, at: CellContext) => Cell> = {
  resourceId: (item) => item.resourceId,
  resourceName: (item) => item.resourceName,
  resourceType: (item, _text, at) => enumLabel(at.locale, 'operationListResourceType', item.resourceType),
  operatorId: (item) => item.operatorId,
  operatorName: (item) => item.operatorName,
  equipmentOwner: (item) => item.equipmentOwner,
  recommendationCode: (item) => item.recommendationCode,
  region: (item) => item.region,
  address: (item) => item.address,
  active: (item, text) => (item.active ? text.yes : text.no),
  commentaryNumber: (item) => item.commentaryNumber,
  focusedCommentaryNumber: (item) => item.focusedCommentaryNumber,
  worksheetNumber: (item) => item.worksheetNumber,
  openWorksheetNumber: (item) => item.openWorksheetNumber,
  basicInfoUpdateTime: (item, _text, at) => wallClock(item.basicInfoUpdateTime, at.timeZone),
  bizScenes: (item, _text, at) =>
    item.bizScenes
      .map((scene) => enumLabel(at.locale, 'bizScene', String(scene.code), scene.desc))
      .join(', '),
  description: (item) => item.description,
  remark: (item) => item.remark,
};

/**
 * The operations list's export: its columns by the screen's keys, their headers as the screen titles them
 * in both languages.
 */
export const OPERATION_LIST_EXPORT = exportSheet<OperationListItem, Column, SheetText>({
  columns: COLUMNS,
  texts: TEXT,
  widths: WIDTHS,
  cells: CELLS,
});
