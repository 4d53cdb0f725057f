import { DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE } from '../platform/paging.js';
import { searchField } from '../shared/list-filters.js';

export const COUPON_RECORD_SEARCH_NAMES = [
  'accountMobile',
  'accountId',
  'couponBatchId',
  'operatorAccount',
] as const;
export type CouponRecordSearchName = (typeof COUPON_RECORD_SEARCH_NAMES)[number];
export const DEFAULT_COUPON_RECORD_SEARCH: CouponRecordSearchName = 'accountMobile';

export interface CouponRecordScreenFilter {
  pageNo?: number;
  pageSize?: number;
  /** `column:asc|desc`, the server's default order when absent. */
  sort?: string;
  statusArr?: readonly string[];
  searchInput?: string;
  searchInputSelect?: CouponRecordSearchName;
  /** Picker timestamps in ms; the picker already put them at 00:00:00 and 23:59:59. */
  createTimeRange?: readonly [number, number];
}

export interface CouponRecordQuery extends Partial<Record<CouponRecordSearchName, string>> {
  pageNo: number;
  pageSize: number;
  sort?: string;
  status?: string;
  createTimeFrom?: number;
  createTimeTo?: number;
}

/** The record lists page as every list does and take several statuses as one comma-joined value. */
export function toCouponRecordQuery(screen: CouponRecordScreenFilter): CouponRecordQuery {
  const query: CouponRecordQuery = {
    pageNo: screen.pageNo ?? DEFAULT_PAGE_NO,
    pageSize: screen.pageSize ?? DEFAULT_PAGE_SIZE,
    ...searchField(screen.searchInputSelect ?? DEFAULT_COUPON_RECORD_SEARCH, screen.searchInput),
  };
  if (screen.sort) query.sort = screen.sort;
  if (screen.statusArr && screen.statusArr.length > 0) query.status = screen.statusArr.join(',');
  if (screen.createTimeRange) [query.createTimeFrom, query.createTimeTo] = screen.createTimeRange;
  return query;
}
