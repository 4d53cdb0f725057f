import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Locale } from '@cmp/domain/messages/format';
import { DEFAULT_UTC_OFFSET } from '@cmp/domain/shared/day-range';
import { parseUtcOffset } from '@cmp/domain/shared/utc-offset';
import type { OperationListItem, OperationListResourceType } from '@cmp/domain/stations/operation-list-item';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

interface SheetText {
  fileName: string;
  sheetName: string;
  headers: Record<Column, string>;
  resourceTypes: Record<OperationListResourceType, string>;
  yes: string;
  no: string;
}

const TEXT: Record<Locale, SheetText> = {
  'zh-CN': {
    fileName: '场站运营列表',
    sheetName: '场站运营列表',
    headers: {
      resourceId: '资源ID',
      resourceName: '资源名称',
      resourceType: '资源类型',
      operatorId: '运营商ID',
      operatorName: '运营商',
      equipmentOwner: '设备所有方',
      recommendationCode: '推荐码',
      region: '地区',
      address: '地址',
      active: '是否有效',
      commentaryNumber: '评论数',
      focusedCommentaryNumber: '重点评论数',
      worksheetNumber: '工单数',
      openWorksheetNumber: '未关闭工单数',
      basicInfoUpdateTime: '基础信息更新时间',
      bizScenes: '业务场景',
      description: '描述',
      remark: '备注',
    },
    resourceTypes: { ChargeStation: '充电站', PowerSwap: '换电站' },
    yes: '是',
    no: '否',
  },
  'en-US': {
    fileName: 'station-operations',
    sheetName: 'Station operations',
    headers: {
      resourceId: 'Resource ID',
      resourceName: 'Resource name',
      resourceType: 'Resource type',
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
    resourceTypes: { ChargeStation: 'Charge station', PowerSwap: 'Swap station' },
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

const OFFSET_MS = parseUtcOffset(DEFAULT_UTC_OFFSET) * 60_000;

/** `2026-11-22 10:30:00`: wall-clock time in UTC+08:00, where the operations staff work. */
const wallClock = (ms: number) => new Date(ms + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** `场站运营列表-20261122.xlsx`, dated in UTC+08:00, with an ASCII fallback name for old clients. */
export function exportFileName(locale: Locale, now: Date = new Date()): { name: string; ascii: string } {
  const day = wallClock(now.getTime()).slice(0, 10).replaceAll('-', '');
  return { name: `${TEXT[locale].fileName}-${day}.xlsx`, ascii: `${TEXT['en-US'].fileName}-${day}.xlsx` };
}

export const contentDisposition = ({ name, ascii }: { name: string; ascii: string }) =>
  `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Waits until the reader has taken what is buffered; false when the reader went away. */
async function readerCaughtUp(out: Writable): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.writableNeedDrain) return true;
  await Promise.race([once(out, 'drain'), once(out, 'close')]);
  return !out.destroyed;
}

/**
 * Streams the rows into an XLSX workbook written to `out` as they come: a batch is written only once
 * the reader has taken the previous one, so a slow download never holds the whole sheet in memory.
 */
export async function writeOperationListWorkbook(
  out: Writable,
  batches: AsyncIterable<OperationListItem[]>,
  locale: Locale,
): Promise<void> {
  const text = TEXT[locale];
  // Without styles the writer is about four times faster (it resolves a style for every cell otherwise),
  // so times are text that sorts as it reads rather than date cells with a number format.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(text.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((key) => ({ key, header: text.headers[key], width: WIDTHS[key] ?? 14 }));
  for await (const batch of batches) {
    for (const item of batch) {
      sheet
        .addRow({
          ...item,
          resourceType: text.resourceTypes[item.resourceType],
          active: item.active ? text.yes : text.no,
          basicInfoUpdateTime: wallClock(item.basicInfoUpdateTime),
          bizScenes: item.bizScenes.map((scene) => scene.desc ?? String(scene.code)).join(', '),
        })
        .commit();
    }
    if (!(await readerCaughtUp(out))) return;
  }
  sheet.commit();
  await workbook.commit();
}
