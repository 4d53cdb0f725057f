import {
  OPERATION_LIST_SEARCH_NAMES,
  toOperationListQuery,
  type OperationListSearchName,
} from '@cmp/domain/stations/operation-list-filter';
import type { Query } from '../../../api/client';
import type { SearchTableParams } from '../../../components';

/** URL and request names of the update-time range; the screen sends whole days, as the spec asks. */
export const UPDATE_TIME_RANGE_NAMES: [string, string] = [
  'basicInfoUpdateTimeBegin',
  'basicInfoUpdateTimeEnd',
];

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const flag = (value: unknown): boolean | undefined =>
  value === 'true' || value === true ? true : value === 'false' || value === false ? false : undefined;
const ms = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const isSearchName = (value: unknown): value is OperationListSearchName =>
  (OPERATION_LIST_SEARCH_NAMES as readonly unknown[]).includes(value);

/**
 * The search form's values (as SearchTable hands them over) as the operations-list query: the screen-level
 * fields go through the domain's mapping, the rest pass as they are. `utcOffset` is the viewer's, so a
 * picked day is the day the viewer sees.
 */
export function toOperationListRequest(params: SearchTableParams, utcOffset: string): Query {
  const begin = ms(params[UPDATE_TIME_RANGE_NAMES[0]]);
  const end = ms(params[UPDATE_TIME_RANGE_NAMES[1]]);
  const regions = params.resourceRegions;
  const query = toOperationListQuery(
    {
      resourceType: text(params.resourceType),
      operatorId: text(params.operatorId),
      equipmentOwnerId: text(params.equipmentOwnerId),
      bizScenes: text(params.bizScenes),
      tagCode: text(params.tagCode),
      chargerPresence: text(params.chargerPresence),
      active: flag(params.active),
      hasComments: flag(params.hasComments),
      isWorksheetOpen: flag(params.isWorksheetOpen),
      focusedCommentaryNumber: flag(params.focusedCommentaryNumber),
      resourceRegions: Array.isArray(regions) ? regions.map(String) : undefined,
      searchName: isSearchName(params.searchName) ? params.searchName : undefined,
      searchText: text(params.searchText),
      basicInfoUpdateTimeRange: begin !== undefined && end !== undefined ? [begin, end] : undefined,
    },
    utcOffset,
  );
  return { pageNo: params.pageNo, pageSize: params.pageSize, sort: params.sort, ...query };
}

/** The export takes the list's filter and order, but all its rows rather than one page. */
export function toExportRequest(params: SearchTableParams, utcOffset: string): Query {
  const { pageNo: _pageNo, pageSize: _pageSize, ...query } = toOperationListRequest(params, utcOffset);
  return query;
}
