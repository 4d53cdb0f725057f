import { DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE } from '../platform/paging.js';
import { lastRegionId, searchField } from '../shared/list-filters.js';

/** The spec's `create_time:desc`, in the key spelling every list takes (docs/decisions.md "Lists"). */
export const DEFAULT_ACTIVITY_SORT = 'createTime:desc';
export const DEFAULT_ACTIVITY_SEARCH = 'activityName';
export const ACTIVITY_RESOURCE_SEARCH_NAMES = [
  'resourceId',
  'resourceName',
  'operatorName',
  'equipmentOwner',
  'address',
] as const;
export type ActivityResourceSearchName = (typeof ACTIVITY_RESOURCE_SEARCH_NAMES)[number];
export const DEFAULT_ACTIVITY_RESOURCE_SEARCH: ActivityResourceSearchName = 'resourceId';

export interface ActivityResourceScreenFilter {
  regionArr?: readonly string[];
  searchInput?: string;
  searchInputSelect?: ActivityResourceSearchName;
  pageNo?: number;
  pageSize?: number;
}

export interface ActivityResourceScreenQuery extends Partial<Record<ActivityResourceSearchName, string>> {
  regionId?: string;
  pageNo: number;
  pageSize: number;
}

/** The activity station list filters by the most precise region chosen, unlike the operation list. */
export function toActivityResourceQuery<F extends object>(
  screen: F & ActivityResourceScreenFilter,
): Omit<F, keyof ActivityResourceScreenFilter> & ActivityResourceScreenQuery {
  const {
    regionArr,
    searchInput,
    searchInputSelect = DEFAULT_ACTIVITY_RESOURCE_SEARCH,
    pageNo = DEFAULT_PAGE_NO,
    pageSize = DEFAULT_PAGE_SIZE,
    ...rest
  } = screen;
  const regionId = lastRegionId(regionArr);
  return {
    ...rest,
    ...searchField(searchInputSelect, searchInput),
    ...(regionId === undefined ? {} : { regionId }),
    pageNo,
    pageSize,
  };
}
