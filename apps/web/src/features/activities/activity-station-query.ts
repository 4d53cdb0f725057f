import {
  ACTIVITY_RESOURCE_SEARCH_NAMES,
  toActivityResourceQuery,
} from '@cmp/domain/activities/activity-filters';
import type { Query } from '../../api/client';
import type { SearchTableParams } from '../../components';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const flag = (value: unknown): boolean | undefined =>
  value === 'true' || value === true ? true : value === 'false' || value === false ? false : undefined;
const oneOf = <V extends string>(values: readonly V[], value: unknown): V | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as V) : undefined;
const defined = (query: Query): Query =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));

/** An activity id as the URL carries it. */
export const activityIdOf = (value: unknown): number | undefined => {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * The activity station filter (spec §3 "Activity resource filter") from the search form: the search box's
 * field and text, the operator, the most precise region chosen, whether a station takes part in any of the
 * tenant's activities, and within one activity (`activityId`, the page's own or the chosen one) whether it
 * is active there.
 */
export function toActivityStationFilter(params: SearchTableParams, pageActivityId?: number): Query {
  const activityId = pageActivityId ?? activityIdOf(params.activityId);
  const regions = params.regionArr;
  const {
    pageNo: _pageNo,
    pageSize: _pageSize,
    ...query
  } = toActivityResourceQuery({
    searchInput: text(params.searchInput),
    searchInputSelect: oneOf(ACTIVITY_RESOURCE_SEARCH_NAMES, params.searchInputSelect),
    regionArr: Array.isArray(regions) ? regions.map(String) : undefined,
    operatorId: text(params.operatorId),
    hasActivity: flag(params.hasActivity),
    activityId,
    // Active or not is a station's state in one activity; without one the server would ignore it.
    active: activityId === undefined ? undefined : flag(params.active),
  });
  return defined({ sort: params.sort, ...query });
}
