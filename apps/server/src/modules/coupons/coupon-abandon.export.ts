import type { CouponAbandonRecord } from '@cmp/domain/coupons/coupon-records';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The abandon record screen's columns in its order. */
const COLUMNS = [
  'id',
  'abandonType',
  'value',
  'batchId',
  'batchName',
  'abandonAmount',
  'operatorAccount',
  'remark',
  'createTime',
] as const;
type Column = (typeof COLUMNS)[number];

const TEXT: Record<Locale, SheetTexts<Column>> = {
  'zh-CN': {
    fileName: '优惠券作废记录',
    sheetName: '作废记录',
    headers: {
      id: '记录ID',
      abandonType: '作废方式',
      value: '作废对象',
      batchId: '批次ID',
      batchName: '批次名称',
      abandonAmount: '作废数量',
      operatorAccount: '操作人',
      remark: '备注',
      createTime: '作废时间',
    },
  },
  'en-US': {
    fileName: 'coupon-abandon-records',
    sheetName: 'Abandon records',
    headers: {
      id: 'Record ID',
      abandonType: 'Abandoned by',
      value: 'Value',
      batchId: 'Batch ID',
      batchName: 'Batch name',
      abandonAmount: 'Coupons abandoned',
      operatorAccount: 'Operator',
      remark: 'Remark',
      createTime: 'Abandoned at',
    },
  },
};

const CELLS: Record<Column, (r: CouponAbandonRecord, text: SheetTexts<Column>, at: CellContext) => Cell> = {
  id: (r) => r.id,
  abandonType: (r, _t, at) => enumLabel(at.locale, 'couponAbandonBy', r.abandonType),
  value: (r) => r.value,
  batchId: (r) => r.batchId,
  batchName: (r) => r.batchName,
  abandonAmount: (r) => r.abandonAmount,
  operatorAccount: (r) => r.operatorAccount,
  remark: (r) => r.remark,
  createTime: (r, _t, at) => wallClock(r.createTime, at.timeZone),
};

/** The abandon record list's sheet. */
export const COUPON_ABANDON_SHEET = exportSheet<CouponAbandonRecord, Column, SheetTexts<Column>>({
  columns: COLUMNS,
  texts: TEXT,
  widths: { value: 24, batchName: 24, remark: 40, createTime: 20 },
  cells: CELLS,
});
