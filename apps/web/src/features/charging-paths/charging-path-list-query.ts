import {
  DEFAULT_CHARGING_PATH_SORT,
  PATH_RATING_MAX,
  PATH_RATING_MIN,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import type { Query } from '../../api/client';
import type { SearchTableParams } from '../../components';

/** URL names of the search-time range; the request takes them as they are, to the second chosen. */
export const SEARCH_TIME_NAMES: [string, string] = ['startTime', 'endTime'];
export const RATING_FILTER = 'commentaryRating';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const ms = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** The chosen stars, each once and in order, comma-joined as the contract takes them. */
export function ratingList(value: unknown): string | undefined {
  const values = (Array.isArray(value) ? value : [value])
    .map(Number)
    .filter((rating) => Number.isInteger(rating) && rating >= PATH_RATING_MIN && rating <= PATH_RATING_MAX);
  const unique = [...new Set(values)].sort((a, b) => a - b);
  return unique.length > 0 ? unique.join(',') : undefined;
}

/**
 * The search form's values (as SearchTable hands them over) as the path filter of C3.10.8: the time range
 * as picked, names and places trimmed, the ratings comma-joined. Only what is set.
 */
export function toPathFilter(params: SearchTableParams): Query {
  const filter: Query = {
    sort: params.sort ?? DEFAULT_CHARGING_PATH_SORT,
    startTime: ms(params[SEARCH_TIME_NAMES[0]]),
    endTime: ms(params[SEARCH_TIME_NAMES[1]]),
    name: text(params.name),
    mobile: text(params.mobile),
    originPoint: text(params.originPoint),
    destinationPoint: text(params.destinationPoint),
    commentaryRating: ratingList(params[RATING_FILTER]),
    accountId: text(params.accountId),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/** `GET /charging-paths`: the filter with the page asked for. */
export const toPathListQuery = (params: SearchTableParams): Query => ({
  pageNo: params.pageNo,
  pageSize: params.pageSize,
  ...toPathFilter(params),
});
