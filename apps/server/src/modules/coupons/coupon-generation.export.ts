import type { GenerateRecord } from '@cmp/domain/coupons/coupon-batches';
import { couponValueFromWire } from '@cmp/domain/coupons/coupon-money';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The generate record list screen's column keys in its order. */
const COLUMNS = [
  'generateRecordId',
  'couponBatchId',
  'batchName',
  'couponName',
  'couponBizCode',
  'couponTypeCode',
  'couponValue',
  'generateType',
  'status',
  'generateAmount',
  'generatedAmount',
  'accountIds',
  'operatorAccount',
  'remark',
  'createTime',
] as const;
type Column = (typeof COLUMNS)[number];

type Texts = SheetTexts<Column>;

const TEXT: Record<Locale, Texts> = {
  'zh-CN': {
    fileName: '优惠券生成记录',
    sheetName: '生成记录',
    headers: {
      generateRecordId: '生成记录ID',
      couponBatchId: '批次ID',
      batchName: '批次名称',
      couponName: '券名称',
      couponBizCode: '业务类型',
      couponTypeCode: '券类型',
      couponValue: '面额(元)/折扣(%)',
      generateType: '生成方式',
      status: '状态',
      generateAmount: '生成数量',
      generatedAmount: '已生成',
      accountIds: '账号',
      operatorAccount: '操作人',
      remark: '备注',
      createTime: '创建时间',
    },
  },
  'en-US': {
    fileName: 'coupon-generate-records',
    sheetName: 'Generate records',
    headers: {
      generateRecordId: 'Record ID',
      couponBatchId: 'Batch ID',
      batchName: 'Batch name',
      couponName: 'Coupon name',
      couponBizCode: 'Business',
      couponTypeCode: 'Coupon type',
      couponValue: 'Value (yuan) / discount (%)',
      generateType: 'Generate type',
      status: 'Status',
      generateAmount: 'Amount',
      generatedAmount: 'Generated',
      accountIds: 'Accounts',
      operatorAccount: 'Operator',
      remark: 'Remark',
      createTime: 'Created',
    },
  },
};

const CELLS: Record<Column, (r: GenerateRecord, text: Texts, at: CellContext) => Cell> = {
  generateRecordId: (r) => r.generateRecordId,
  couponBatchId: (r) => r.couponBatchId,
  batchName: (r) => r.batchName,
  couponName: (r) => r.couponName,
  couponBizCode: (r, _text, at) => enumLabel(at.locale, 'couponBiz', r.couponBizCode),
  couponTypeCode: (r, _text, at) => enumLabel(at.locale, 'couponType', r.couponTypeCode),
  couponValue: (r) => couponValueFromWire(r.couponTypeCode, r.couponValue),
  generateType: (r, _text, at) => enumLabel(at.locale, 'couponGenerateType', r.generateType),
  status: (r, _text, at) => enumLabel(at.locale, 'couponBatchStatus', r.status),
  generateAmount: (r) => r.generateAmount,
  generatedAmount: (r) => r.generatedAmount,
  accountIds: (r) => r.accountIds.join(','),
  operatorAccount: (r) => r.operatorAccount,
  remark: (r) => r.remark,
  createTime: (r, _text, at) => wallClock(r.createTime, at.timeZone),
};

export const GENERATE_RECORD_LIST_EXPORT = exportSheet<GenerateRecord, Column, Texts>({
  columns: COLUMNS,
  texts: TEXT,
  widths: { batchName: 24, couponName: 24, accountIds: 40, remark: 30, createTime: 20 },
  cells: CELLS,
});
