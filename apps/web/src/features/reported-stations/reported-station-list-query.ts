import {
  DEFAULT_REPORTED_STATION_SORT,
  REPORTED_STATION_SOURCES,
  type ReportedStationSource,
} from '@cmp/domain/stations/reported-stations';
import type { Query } from '../../api/client';
import type { SearchTableParams } from '../../components';

/** URL names of the create-time range: the filter's own names (C3.11.6). */
export const CREATE_TIME_NAMES: [string, string] = ['createTimeStart', 'createTimeEnd'];

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const ms = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const isSource = (value: unknown): value is ReportedStationSource =>
  (REPORTED_STATION_SOURCES as readonly unknown[]).includes(value);

/** The search form's values as the reported station filter (C3.11.6), only what is set. */
export function toReportedStationFilter(params: SearchTableParams): Query {
  const filter: Query = {
    sort: params.sort ?? DEFAULT_REPORTED_STATION_SORT,
    createTimeStart: ms(params[CREATE_TIME_NAMES[0]]),
    createTimeEnd: ms(params[CREATE_TIME_NAMES[1]]),
    equipmentOwnerId: text(params.equipmentOwnerId),
    stationName: text(params.stationName),
    address: text(params.address),
    source: isSource(params.source) ? params.source : undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/** `GET /reported-stations`: the filter with the page asked for. */
export const toReportedStationListQuery = (params: SearchTableParams): Query => ({
  pageNo: params.pageNo,
  pageSize: params.pageSize,
  ...toReportedStationFilter(params),
});
