import { PlanningResourceTypeSchema } from '@cmp/domain/road-books/planning-resource-types';
import { toRoadBookListQuery } from '@cmp/domain/road-books/road-book';
import type { Query } from '../../../api/client';
import type { SearchTableParams } from '../../../components';

/** URL and request names of the create-time range. */
export const CREATE_TIME_RANGE_NAMES: [string, string] = ['createTimeStart', 'createTimeEnd'];

const ms = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const regions = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.map(String) : undefined;
const typed = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The search form's values as the road-book list query, through the domain's mapping: the most precise
 * region of each cascade, whole days of the create-time range in the viewer's zone, the chosen planning
 * resource types comma-joined (unknown ones left out), the typed station ids comma-joined and the
 * waypoint text trimmed.
 */
export function toRoadBookListRequest(params: SearchTableParams, utcOffset: string): Query {
  const chosen = params.planningResourceTypes;
  const types = (Array.isArray(chosen) ? chosen : [chosen]).flatMap((value) => {
    const type = PlanningResourceTypeSchema.safeParse(value);
    return type.success ? [type.data] : [];
  });
  const start = ms(params[CREATE_TIME_RANGE_NAMES[0]]);
  const end = ms(params[CREATE_TIME_RANGE_NAMES[1]]);
  const query = toRoadBookListQuery(
    {
      planningResourceTypes: types,
      createTimeRange: start !== undefined && end !== undefined ? [start, end] : undefined,
      startRegionArr: regions(params.startRegionArr),
      endRegionArr: regions(params.endRegionArr),
      waypointResourceSeq: typed(params.waypointResourceSeq),
      waypoints: typed(params.waypoints),
    },
    utcOffset,
  );
  // The query's input type is loose (the server coerces query-string text); these are numbers and ids.
  const { createTimeStart, createTimeEnd, startRegionId, endRegionId, waypoints } = query;
  const sent = query.planningResourceTypes as string[] | undefined;
  const stops = query.waypointResourceSeq as string | undefined;
  return {
    pageNo: params.pageNo,
    pageSize: params.pageSize,
    sort: params.sort,
    planningResourceTypes: sent?.join(','),
    createTimeStart: createTimeStart as number | undefined,
    createTimeEnd: createTimeEnd as number | undefined,
    startRegionId,
    endRegionId,
    waypointResourceSeq: stops,
    waypoints,
  };
}

/** The export takes the list's filter and order, but all its rows rather than one page. */
export function toRoadBookExportRequest(params: SearchTableParams, utcOffset: string): Query {
  const { pageNo: _pageNo, pageSize: _pageSize, ...query } = toRoadBookListRequest(params, utcOffset);
  return query;
}
