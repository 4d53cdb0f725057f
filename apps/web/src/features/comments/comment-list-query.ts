import { CLIENT_CODES, type ClientCode } from '@cmp/domain/shared/clients';
import {
  COMMENT_ID_LIST_MAX,
  DEFAULT_COMMENT_SORT,
  type CommentListRequest,
} from '@cmp/domain/comments/comment-contracts';
import { dayRangeMs } from '@cmp/domain/shared/day-range';
import { lastRegionId } from '@cmp/domain/shared/list-filters';
import type { Query } from '../../api/client';
import type { SearchTableParams } from '../../components';

/** URL names of the comment-time range; the request gets whole days under the contract's names. */
export const COMMENT_TIME_NAMES: [string, string] = ['startTime', 'endTime'];
/** The region cascade's URL name: the path chosen, of which the request takes the deepest code. */
export const REGION_FILTER = 'chargeStationRegions';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const flag = (value: unknown): boolean | undefined =>
  value === 'true' || value === true ? true : value === 'false' || value === false ? false : undefined;
const ms = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const isClient = (value: unknown): value is ClientCode =>
  (CLIENT_CODES as readonly unknown[]).includes(value);

/** A count typed in the form: a whole number from 0, else no filter. */
const count = (value: unknown): number | undefined => {
  const typed = text(typeof value === 'number' ? String(value) : value);
  if (typed === undefined || !/^\d{1,9}$/.test(typed)) return undefined;
  return Number(typed);
};

/**
 * Comment ids typed as text: separated by commas (either width), spaces or new lines; anything that is not
 * an id is left out, each id is sent once, and no more than the contract takes.
 */
export function parseCommentIds(value: unknown): number[] | undefined {
  const typed = text(value);
  if (typed === undefined) return undefined;
  const ids = typed
    .split(/[\s,，、;；]+/)
    .filter((part) => /^\d{1,15}$/.test(part))
    .map(Number)
    .filter((id) => id >= 1);
  const unique = [...new Set(ids)].slice(0, COMMENT_ID_LIST_MAX);
  return unique.length > 0 ? unique : undefined;
}

/** The list's filter and order without paging: what the list and its export both send. */
export type CommentFilterRequest = Omit<CommentListRequest, 'pageNo' | 'pageSize'> & {
  commentaryIdList?: number[];
};

/**
 * The search form's values (as SearchTable hands them over) as the comment filter of C3.8.5: the region is
 * its deepest chosen level, the time range runs from the start of its first day to the end of its last in
 * the viewer's zone (`utcOffset`), the ids typed as text become a list.
 */
export function toCommentFilter(params: SearchTableParams, utcOffset: string): CommentFilterRequest {
  const begin = ms(params[COMMENT_TIME_NAMES[0]]);
  const end = ms(params[COMMENT_TIME_NAMES[1]]);
  const regions = params[REGION_FILTER];
  const [startTime, endTime] =
    begin !== undefined && end !== undefined ? dayRangeMs(begin, end, utcOffset) : [undefined, undefined];
  const filter: CommentFilterRequest = {
    sort: params.sort ?? DEFAULT_COMMENT_SORT,
    chargeStationOperatorId: text(params.chargeStationOperatorId),
    equipmentOwnerId: text(params.equipmentOwnerId),
    chargeStationRegionId: lastRegionId(Array.isArray(regions) ? regions.map(String) : undefined),
    startTime,
    endTime,
    chargeStationAddress: text(params.chargeStationAddress),
    chargeStationDescription: text(params.chargeStationDescription),
    mobile: text(params.mobile),
    resourceId: text(params.resourceId),
    client: isClient(params.client) ? params.client : undefined,
    hasCommentaryText: flag(params.hasCommentaryText),
    replyNumberMin: count(params.replyNumberMin),
    replyNumberMax: count(params.replyNumberMax),
    commentaryIdList: parseCommentIds(params.commentaryIdList),
  };
  // Only what is set: the request body reads as the filter the user chose.
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as CommentFilterRequest;
}

/** `POST /comments/search`: the filter with the page asked for. */
export function toCommentListRequest(params: SearchTableParams, utcOffset: string): CommentListRequest {
  return { pageNo: params.pageNo, pageSize: params.pageSize, ...toCommentFilter(params, utcOffset) };
}

/** `GET /comments/export`: the same filter as a query string, the id list comma-joined. */
export function toCommentExportQuery(params: SearchTableParams, utcOffset: string): Query {
  const { commentaryIdList, ...filter } = toCommentFilter(params, utcOffset);
  return { ...filter, commentaryIdList: commentaryIdList?.join(',') } as Query;
}
