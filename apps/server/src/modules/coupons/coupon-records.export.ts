import { couponValueFromWire } from '@cmp/domain/coupons/coupon-money';
import type { CouponTypeCode } from '@cmp/domain/coupons/coupon-types';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext, ListExport } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';
import {
  countCoupons,
  CouponQuerySchema,
  exportCouponBatch,
  type CouponCursor,
  type CouponQuery,
  type CouponWithBatch,
} from './coupon-records.repo.js';

/** The coupon record screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'couponUuid',
  'couponBatchId',
  'batchName',
  'couponName',
  'couponTypeCode',
  'couponValue',
  'accountId',
  'status',
  'couponChannel',
  'createTime',
  'bindDate',
  'effectiveDate',
  'expireDate',
  'consumeDate',
  'orderId',
  'couponId',
] as const;
type Column = (typeof COLUMNS)[number];

const HEADERS: Record<Locale, Record<Column, string>> = {
  'zh-CN': {
    couponUuid: '券码',
    couponBatchId: '批次ID',
    batchName: '批次名称',
    couponName: '券名称',
    couponTypeCode: '券类型',
    couponValue: '面值/折扣',
    accountId: '账号',
    status: '状态',
    couponChannel: '来源',
    createTime: '创建时间',
    bindDate: '绑定时间',
    effectiveDate: '生效时间',
    expireDate: '过期时间',
    consumeDate: '使用时间',
    orderId: '订单号',
    couponId: '券ID',
  },
  'en-US': {
    couponUuid: 'Coupon code',
    couponBatchId: 'Batch ID',
    batchName: 'Batch name',
    couponName: 'Coupon name',
    couponTypeCode: 'Type',
    couponValue: 'Value / discount',
    accountId: 'Account',
    status: 'Status',
    couponChannel: 'Channel',
    createTime: 'Created',
    bindDate: 'Bound',
    effectiveDate: 'Valid from',
    expireDate: 'Expires',
    consumeDate: 'Used',
    orderId: 'Order',
    couponId: 'Coupon ID',
  },
};

const time = (value: Date | null, at: CellContext) =>
  value ? wallClock(value.getTime(), at.timeZone) : null;

const CELLS: Record<Column, (r: CouponWithBatch, text: SheetTexts<Column>, at: CellContext) => Cell> = {
  couponUuid: (r) => r.coupon.couponUuid,
  couponBatchId: (r) => r.coupon.couponBatchId,
  batchName: (r) => r.batch.batchName,
  couponName: (r) => r.batch.couponName,
  couponTypeCode: (r, _t, at) => enumLabel(at.locale, 'couponType', r.batch.couponTypeCode),
  couponValue: (r) => couponValueFromWire(r.batch.couponTypeCode as CouponTypeCode, r.batch.couponValue),
  accountId: (r) => r.coupon.accountId,
  status: (r, _t, at) => enumLabel(at.locale, 'issuedCouponStatus', r.coupon.status),
  couponChannel: (r, _t, at) => enumLabel(at.locale, 'couponChannel', r.coupon.couponChannel),
  createTime: (r, _t, at) => time(r.coupon.createTime, at),
  bindDate: (r, _t, at) => time(r.coupon.bindDate, at),
  effectiveDate: (r, _t, at) => time(r.coupon.effectiveDate, at),
  expireDate: (r, _t, at) => time(r.coupon.expireDate, at),
  consumeDate: (r, _t, at) => time(r.coupon.consumeDate, at),
  orderId: (r) => r.coupon.orderId,
  couponId: (r) => r.coupon.couponId,
};

const sheet = (fileName: Record<Locale, string>) =>
  exportSheet<CouponWithBatch, Column, SheetTexts<Column>>({
    columns: COLUMNS,
    texts: {
      'zh-CN': { fileName: fileName['zh-CN'], sheetName: fileName['zh-CN'], headers: HEADERS['zh-CN'] },
      'en-US': { fileName: fileName['en-US'], sheetName: fileName['en-US'], headers: HEADERS['en-US'] },
    },
    widths: { couponUuid: 20, batchName: 24, couponName: 24, accountId: 24, createTime: 20, bindDate: 20 },
    cells: CELLS,
  });

const couponList = (
  list: string,
  fileName: Record<Locale, string>,
): ListExport<CouponWithBatch, CouponQuery, CouponCursor> => ({
  list,
  ...sheet(fileName),
  query: CouponQuerySchema,
  count: countCoupons,
  batch: exportCouponBatch,
});

/** The coupon record list's export. */
export const COUPON_RECORD_EXPORT = couponList('coupon-records', {
  'zh-CN': '优惠券记录',
  'en-US': 'coupon-records',
});
/** The deliver list's export: the same columns, coupons bound to accounts only. */
export const COUPON_DELIVERY_EXPORT = couponList('coupon-deliveries', {
  'zh-CN': '优惠券发放列表',
  'en-US': 'coupon-deliveries',
});
