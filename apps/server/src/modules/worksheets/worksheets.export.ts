import { TENANT_LABELS, isTenant } from '@cmp/domain';
import type { Locale } from '@cmp/domain/messages/format';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Worksheet } from '@cmp/domain/stations/worksheets';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/**
 * The worksheet list screen's column keys (`WorksheetListPage`), in its order, then what only the file
 * offers (the detail's fields), which an export without `columns` includes.
 */
const COLUMNS = [
  'worksheetId',
  'title',
  'station',
  'status',
  'creatorName',
  'createTime',
  'updateTime',
  'closeTime',
  'resourceType',
  'tenant',
  'description',
  'closedByName',
  'closeRemark',
] as const;
type Column = (typeof COLUMNS)[number];

type SheetText = SheetTexts<Column>;

const TEXT: Record<Locale, SheetText> = {
  'zh-CN': {
    fileName: '工单列表',
    sheetName: '工单列表',
    headers: {
      worksheetId: '工单编号',
      title: '标题',
      station: '站点',
      status: '状态',
      creatorName: '创建人',
      createTime: '创建时间',
      updateTime: '更新时间',
      closeTime: '关闭时间',
      resourceType: '站点类型',
      tenant: '创建区域',
      description: '描述',
      closedByName: '关闭人',
      closeRemark: '关闭备注',
    },
  },
  'en-US': {
    fileName: 'worksheets',
    sheetName: 'Worksheets',
    headers: {
      worksheetId: 'Worksheet no.',
      title: 'Title',
      station: 'Station',
      status: 'Status',
      creatorName: 'Created by',
      createTime: 'Created',
      updateTime: 'Updated',
      closeTime: 'Closed',
      resourceType: 'Station type',
      tenant: 'Raised in',
      description: 'Description',
      closedByName: 'Closed by',
      closeRemark: 'Closing remark',
    },
  },
};

const WIDTHS: Partial<Record<Column, number>> = {
  title: 32,
  station: 36,
  createTime: 20,
  updateTime: 20,
  closeTime: 20,
  description: 40,
  closeRemark: 32,
};

const CELLS: Record<Column, (worksheet: Worksheet, text: SheetText, at: CellContext) => Cell> = {
  worksheetId: (w) => w.worksheetId,
  title: (w) => w.title,
  // The screen shows the station's name over its id; one cell keeps both, as the screen's one column does.
  station: (w) => `${w.resourceName} (${w.resourceId})`,
  status: (w, _text, at) => enumLabel(at.locale, 'worksheetStatus', w.status),
  creatorName: (w) => w.creatorName,
  createTime: (w, _text, at) => wallClock(w.createTime, at.timeZone),
  updateTime: (w, _text, at) => wallClock(w.updateTime, at.timeZone),
  closeTime: (w, _text, at) => wallClock(w.closeTime, at.timeZone),
  resourceType: (w, _text, at) => enumLabel(at.locale, 'resourceType', w.resourceType),
  tenant: (w) => (isTenant(w.tenant) ? TENANT_LABELS[w.tenant] : w.tenant),
  description: (w) => w.description,
  closedByName: (w) => w.closedByName,
  closeRemark: (w) => w.closeRemark,
};

/** The worksheet list's export: its columns with their headers in both languages, by the screen's keys. */
export const WORKSHEET_LIST_EXPORT = exportSheet<Worksheet, Column, SheetText>({
  columns: COLUMNS,
  texts: TEXT,
  widths: WIDTHS,
  cells: CELLS,
});
