import { COUPON_BATCH_STATUSES } from '@cmp/domain/coupons/coupon-statuses';
import { COUPON_BIZ_CODES, COUPON_TYPE_CODES } from '@cmp/domain/coupons/coupon-types';
import { COUPON_ABANDON_BY, ISSUED_COUPON_STATUSES } from '@cmp/domain/coupons/coupon-records';
import {
  COUPON_RECORD_SEARCH_NAMES,
  toCouponRecordQuery,
  type CouponRecordSearchName,
} from '@cmp/domain/coupons/record-filter';
import type { Query } from '../../api/client';
import type { SearchTableParams } from '../../components';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const oneOf = <V extends string>(values: readonly V[], value: unknown): V | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as V) : undefined;
const wholeNumber = (value: unknown): number | undefined => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
const time = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const defined = (query: Query): Query =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));

/** The page asked for, as every list takes it. */
const pageAsked = (params: SearchTableParams): Query => ({
  pageNo: params.pageNo,
  pageSize: params.pageSize,
});

/** The batch list's filter (spec M3.3.3): id, a part of the name, biz, type, status and creation time. */
export const toBatchFilter = (params: SearchTableParams): Query =>
  defined({
    sort: params.sort,
    couponBatchId: wholeNumber(params.couponBatchId),
    couponBatchName: text(params.couponBatchName),
    couponBizCode: oneOf(COUPON_BIZ_CODES, params.couponBizCode),
    couponTypeCode: oneOf(COUPON_TYPE_CODES, params.couponTypeCode),
    status: oneOf(COUPON_BATCH_STATUSES, params.status),
    createTimeFrom: time(params.createTimeFrom),
    createTimeTo: time(params.createTimeTo),
  });
export const toBatchListQuery = (params: SearchTableParams): Query => ({
  ...pageAsked(params),
  ...toBatchFilter(params),
});

/**
 * The screen filter of the generate records and of the coupon records (spec M3.3.6, M7.1): several
 * statuses, one search field chosen by name (the account's mobile unless chosen) and a time range.
 */
function recordQuery(params: SearchTableParams, statuses: readonly string[]): Query {
  const from = time(params.createTimeFrom);
  const to = time(params.createTimeTo);
  const query = toCouponRecordQuery({
    pageNo: params.pageNo,
    pageSize: params.pageSize,
    sort: params.sort,
    statusArr: list(params.statusArr).filter((s) => statuses.includes(s)),
    searchInput: text(params.searchInput),
    searchInputSelect: oneOf<CouponRecordSearchName>(COUPON_RECORD_SEARCH_NAMES, params.searchInputSelect),
    ...(from !== undefined && to !== undefined ? { createTimeRange: [from, to] as const } : {}),
  });
  return defined({ ...query });
}
const withoutPage = ({ pageNo: _pageNo, pageSize: _pageSize, ...filter }: Query): Query => filter;

export const toGenerateRecordListQuery = (params: SearchTableParams): Query =>
  recordQuery(params, COUPON_BATCH_STATUSES);
export const toGenerateRecordFilter = (params: SearchTableParams): Query =>
  withoutPage(toGenerateRecordListQuery(params));

export const toCouponRecordListQuery = (params: SearchTableParams): Query =>
  recordQuery(params, ISSUED_COUPON_STATUSES);
export const toCouponRecordFilter = (params: SearchTableParams): Query =>
  withoutPage(toCouponRecordListQuery(params));

/** The deliver list's filter (spec M3.3.10). */
export const toDeliverFilter = (params: SearchTableParams): Query =>
  defined({
    sort: params.sort,
    batchId: wholeNumber(params.batchId),
    bizCode: oneOf(COUPON_BIZ_CODES, params.bizCode),
    accountId: text(params.accountId),
    mobile: text(params.mobile),
    couponUuid: text(params.couponUuid),
    status:
      list(params.status)
        .filter((s) => (ISSUED_COUPON_STATUSES as readonly string[]).includes(s))
        .join(',') || undefined,
  });
export const toDeliverListQuery = (params: SearchTableParams): Query => ({
  ...pageAsked(params),
  ...toDeliverFilter(params),
});

/** The abandon record list's filter (spec M3.3.11). */
export const toAbandonFilter = (params: SearchTableParams): Query =>
  defined({
    sort: params.sort,
    couponAbandonRecordId: wholeNumber(params.couponAbandonRecordId),
    abandonType: oneOf(COUPON_ABANDON_BY, params.abandonType),
    value: text(params.value),
    operatorAccount: text(params.operatorAccount),
  });
export const toAbandonListQuery = (params: SearchTableParams): Query => ({
  ...pageAsked(params),
  ...toAbandonFilter(params),
});
