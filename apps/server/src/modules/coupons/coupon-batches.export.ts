import type { CouponBatch } from '@cmp/domain/coupons/coupon-batches';
import { couponValueFromWire } from '@cmp/domain/coupons/coupon-money';
import { fromCents } from '@cmp/domain/shared/money';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The batch list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'couponBatchId',
  'batchName',
  'couponName',
  'couponBizCode',
  'couponTypeCode',
  'couponValue',
  'status',
  'amount',
  'stockAmount',
  'createdAmount',
  'assignedAmount',
  'usedAmount',
  'expiredAmount',
  'abandonAmount',
  'effectiveDate',
  'expireDate',
  'effectiveDays',
  'totalPrice',
  'operatorAccount',
  'createTime',
] as const;
type Column = (typeof COLUMNS)[number];

interface Texts extends SheetTexts<Column> {
  noLimit: string;
}

const TEXT: Record<Locale, Texts> = {
  'zh-CN': {
    fileName: '优惠券批次',
    sheetName: '优惠券批次',
    noLimit: '无门槛',
    headers: {
      couponBatchId: '批次ID',
      batchName: '批次名称',
      couponName: '券名称',
      couponBizCode: '业务类型',
      couponTypeCode: '券类型',
      couponValue: '面额(元)/折扣(%)',
      status: '状态',
      amount: '总量',
      stockAmount: '库存',
      createdAmount: '已生成',
      assignedAmount: '已发放',
      usedAmount: '已使用',
      expiredAmount: '已过期',
      abandonAmount: '已作废',
      effectiveDate: '生效时间',
      expireDate: '失效时间',
      effectiveDays: '领取后有效天数',
      totalPrice: '订单满(元)',
      operatorAccount: '创建人',
      createTime: '创建时间',
    },
  },
  'en-US': {
    fileName: 'coupon-batches',
    sheetName: 'Coupon batches',
    noLimit: 'Any order',
    headers: {
      couponBatchId: 'Batch ID',
      batchName: 'Batch name',
      couponName: 'Coupon name',
      couponBizCode: 'Business',
      couponTypeCode: 'Coupon type',
      couponValue: 'Value (yuan) / discount (%)',
      status: 'Status',
      amount: 'Amount',
      stockAmount: 'Stock',
      createdAmount: 'Created',
      assignedAmount: 'Assigned',
      usedAmount: 'Used',
      expiredAmount: 'Expired',
      abandonAmount: 'Cancelled',
      effectiveDate: 'Valid from',
      expireDate: 'Valid until',
      effectiveDays: 'Days valid after binding',
      totalPrice: 'Minimum order (yuan)',
      operatorAccount: 'Created by',
      createTime: 'Created',
    },
  },
};

const time = (ms: number | null, at: CellContext) => wallClock(ms, at.timeZone);

const CELLS: Record<Column, (b: CouponBatch, text: Texts, at: CellContext) => Cell> = {
  couponBatchId: (b) => b.couponBatchId,
  batchName: (b) => b.batchName,
  couponName: (b) => b.couponName,
  couponBizCode: (b, _text, at) => enumLabel(at.locale, 'couponBiz', b.couponBizCode),
  couponTypeCode: (b, _text, at) => enumLabel(at.locale, 'couponType', b.couponTypeCode),
  // People read yuan and percentages, as the screens show them.
  couponValue: (b) => couponValueFromWire(b.couponTypeCode, b.couponValue),
  status: (b, _text, at) => enumLabel(at.locale, 'couponBatchStatus', b.status),
  amount: (b) => b.amount,
  stockAmount: (b) => b.stockAmount,
  createdAmount: (b) => b.createdAmount,
  assignedAmount: (b) => b.assignedAmount,
  usedAmount: (b) => b.usedAmount,
  expiredAmount: (b) => b.expiredAmount,
  abandonAmount: (b) => b.abandonAmount,
  effectiveDate: (b, _text, at) => time(b.effectiveDate, at),
  expireDate: (b, _text, at) => time(b.expireDate, at),
  effectiveDays: (b) => b.effectiveDays,
  totalPrice: (b, text) => (b.totalPrice === 'all' ? text.noLimit : fromCents(b.totalPrice)),
  operatorAccount: (b) => b.operatorAccount,
  createTime: (b, _text, at) => time(b.createTime, at),
};

export const COUPON_BATCH_LIST_EXPORT = exportSheet<CouponBatch, Column, Texts>({
  columns: COLUMNS,
  texts: TEXT,
  widths: { batchName: 24, couponName: 24, effectiveDate: 20, expireDate: 20, createTime: 20 },
  cells: CELLS,
});
