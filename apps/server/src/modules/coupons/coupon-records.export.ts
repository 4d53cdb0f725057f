import { couponValueFromWire } from '@cmp/domain/coupons/coupon-money';
import type { Coupon } from '@cmp/domain/coupons/coupon-records';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext, ExportSheet } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

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

const time = (ms: number | null, at: CellContext) => wallClock(ms, at.timeZone);

const CELLS: Record<Column, (c: Coupon, text: SheetTexts<Column>, at: CellContext) => Cell> = {
  couponUuid: (c) => c.couponUuid,
  couponBatchId: (c) => c.couponBatchId,
  batchName: (c) => c.batchName,
  couponName: (c) => c.couponName,
  couponTypeCode: (c, _t, at) => enumLabel(at.locale, 'couponType', c.couponTypeCode),
  couponValue: (c) => couponValueFromWire(c.couponTypeCode, c.couponValue),
  accountId: (c) => c.accountId,
  status: (c, _t, at) => enumLabel(at.locale, 'issuedCouponStatus', c.status),
  couponChannel: (c, _t, at) => enumLabel(at.locale, 'couponChannel', c.couponChannel),
  createTime: (c, _t, at) => time(c.createTime, at),
  bindDate: (c, _t, at) => time(c.bindDate, at),
  effectiveDate: (c, _t, at) => time(c.effectiveDate, at),
  expireDate: (c, _t, at) => time(c.expireDate, at),
  consumeDate: (c, _t, at) => time(c.consumeDate, at),
  orderId: (c) => c.orderId,
  couponId: (c) => c.couponId,
};

const sheet = (fileName: Record<Locale, string>): ExportSheet<Coupon> =>
  exportSheet<Coupon, Column, SheetTexts<Column>>({
    columns: COLUMNS,
    texts: {
      'zh-CN': { fileName: fileName['zh-CN'], sheetName: fileName['zh-CN'], headers: HEADERS['zh-CN'] },
      'en-US': { fileName: fileName['en-US'], sheetName: fileName['en-US'], headers: HEADERS['en-US'] },
    },
    widths: { couponUuid: 20, batchName: 24, couponName: 24, accountId: 24, createTime: 20, bindDate: 20 },
    cells: CELLS,
  });

/** The coupon record list's sheet. */
export const COUPON_RECORD_SHEET = sheet({ 'zh-CN': '优惠券记录', 'en-US': 'coupon-records' });
/** The deliver list's sheet: the same columns. */
export const COUPON_DELIVERY_SHEET = sheet({ 'zh-CN': '优惠券发放列表', 'en-US': 'coupon-deliveries' });
