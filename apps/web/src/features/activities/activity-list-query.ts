import { ACTIVITY_SEARCH_NAMES } from '@cmp/domain/activities/activity-contracts';
import { DEFAULT_ACTIVITY_SORT } from '@cmp/domain/activities/activity-filters';
import { ACTIVITY_STATUSES } from '@cmp/domain/activities/activity-statuses';
import { ACTIVITY_TYPES } from '@cmp/domain/activities/activity-types';
import type { Query } from '../../api/client';
import type { SearchTableParams } from '../../components';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const oneOf = <V extends string>(values: readonly V[], value: unknown): V | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as V) : undefined;
const time = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const defined = (query: Query): Query =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));

/**
 * The activity list's filter (spec §3 "Activity list filter"): the search box's field and text, several
 * types sent comma-joined, one status, the creation window, the creator and a station taking part.
 */
export function toActivityFilter(params: SearchTableParams): Query {
  const types = (Array.isArray(params.activityTypes) ? params.activityTypes : []).filter((type) =>
    (ACTIVITY_TYPES as readonly unknown[]).includes(type),
  );
  const searchInput = text(params.searchInput);
  return defined({
    sort: params.sort ?? DEFAULT_ACTIVITY_SORT,
    searchInputSelect:
      searchInput === undefined ? undefined : oneOf(ACTIVITY_SEARCH_NAMES, params.searchInputSelect),
    searchInput,
    activityTypes: types.length > 0 ? types.join(',') : undefined,
    activityStatus: oneOf(ACTIVITY_STATUSES, params.activityStatus),
    createTimeBegin: time(params.createTimeBegin),
    createTimeEnd: time(params.createTimeEnd),
    creatorName: text(params.creatorName),
    resourceId: text(params.resourceId),
  });
}

export const toActivityListQuery = (params: SearchTableParams): Query => ({
  pageNo: params.pageNo,
  pageSize: params.pageSize,
  ...toActivityFilter(params),
});
