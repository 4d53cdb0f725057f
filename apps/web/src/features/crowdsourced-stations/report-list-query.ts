import {
  REPORT_ONLINE_STATUS_VALUES,
  REPORT_REVIEW_STATUS_VALUES,
  REPORT_REVIEW_STATUSES,
  type CrowdsourcedFilter,
  type CrowdsourcedListRequest,
  type ReportOnlineStatus,
  type ReportReviewStatus,
} from '@cmp/domain/stations/crowdsourced-stations';
import { REPORTED_STATION_SOURCES, type ReportedStationSource } from '@cmp/domain/stations/reported-stations';
import type { Query } from '../../api/client';
import type { SearchTableParams } from '../../components';

/** The report list reads newest first; the review queue works oldest first. */
export const REPORT_LIST_SORT = 'createdAt:desc';
export const REVIEW_QUEUE_SORT = 'createdAt:asc';
/** The region cascade's URL name: the path chosen, of which the request takes the deepest code. */
export const AREA_FILTER = 'areaRegions';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const ms = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const oneOf =
  <V extends string | number>(values: readonly V[]) =>
  (value: unknown): V | undefined =>
    (values as readonly unknown[]).includes(value) ? (value as V) : undefined;
const source = oneOf<ReportedStationSource>(REPORTED_STATION_SOURCES);
const reviewStatus = oneOf<ReportReviewStatus>(REPORT_REVIEW_STATUS_VALUES);
const onlineStatus = oneOf<ReportOnlineStatus>(REPORT_ONLINE_STATUS_VALUES);
const blindSpot = oneOf<0 | 1>([0, 1]);
const flag = (value: unknown): boolean | undefined =>
  value === 'true' || value === true ? true : value === 'false' || value === false ? false : undefined;
const lastCode = (value: unknown): string | undefined =>
  Array.isArray(value) ? text(value.at(-1)) : undefined;

/**
 * The search form's values (as SearchTable hands them over) as the review filter of C3.11.7: texts trimmed,
 * the region's deepest code, times as picked. Only what is set.
 */
export function toReportFilter(
  params: SearchTableParams,
  defaultSort = REPORT_LIST_SORT,
): CrowdsourcedFilter {
  const filter: CrowdsourcedFilter = {
    sort: params.sort ?? defaultSort,
    source: source(params.source),
    stationName: text(params.stationName),
    areaCode: lastCode(params[AREA_FILTER]),
    address: text(params.address),
    mobile: text(params.mobile),
    creatorAccountId: text(params.creatorAccountId),
    onlineStatus: onlineStatus(params.onlineStatus),
    createTimeStart: ms(params.createTimeStart),
    createTimeEnd: ms(params.createTimeEnd),
    reviewTimeStart: ms(params.reviewTimeStart),
    reviewTimeEnd: ms(params.reviewTimeEnd),
    reviewUser: text(params.reviewUser),
    stationStatus: reviewStatus(params.stationStatus),
    chargingBlindSpot: blindSpot(params.chargingBlindSpot),
    suspectedDuplicate: flag(params.suspectedDuplicate),
  };
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as CrowdsourcedFilter;
}

/** `POST /crowdsourced-stations/search`: the filter with the page asked for. */
export const toReportListRequest = (params: SearchTableParams): CrowdsourcedListRequest => ({
  pageNo: params.pageNo,
  pageSize: params.pageSize,
  ...toReportFilter(params),
});

/** The queue is the list of pending reports, oldest first unless the user sorts otherwise. */
export const toReviewQueueRequest = (params: SearchTableParams): CrowdsourcedListRequest => ({
  pageNo: params.pageNo,
  pageSize: params.pageSize,
  ...toReportFilter(params, REVIEW_QUEUE_SORT),
  stationStatus: REPORT_REVIEW_STATUSES.pending,
});

/** `GET /crowdsourced-stations/export`: the same filter as a query string. */
export const toReportExportQuery = (params: SearchTableParams): Query => ({ ...toReportFilter(params) });

/** The file has a column of its own for what the screen's reporter cell shows under the nickname. */
export const toReportExportColumns = (shown: readonly string[]): string[] =>
  shown.flatMap((key) => (key === 'reporter' ? ['reporter', 'mobile'] : [key]));
