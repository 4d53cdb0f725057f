import { z } from 'zod';
import { PageQuery } from '../platform/paging.js';
import { dayRangeMs, DEFAULT_UTC_OFFSET, type DayInput } from '../shared/day-range.js';
import { EPOCH_MS, INT4, INT8, integerParam, text } from '../shared/input.js';
import { countFilter, searchField, secondRegionId } from '../shared/list-filters.js';

export const OPERATION_LIST_SEARCH_NAMES = [
  'resourceName',
  'resourceId',
  'operatorName',
  'equipmentOwner',
  'recommendationCode',
  'address',
] as const;
export type OperationListSearchName = (typeof OPERATION_LIST_SEARCH_NAMES)[number];
export const DEFAULT_OPERATION_LIST_SEARCH_NAME: OperationListSearchName = 'resourceName';

/** The screen's own filter fields, which have no counterpart in the list query. */
export interface OperationListScreenFilter {
  isWorksheetOpen?: boolean;
  focusedCommentaryNumber?: boolean;
  resourceRegions?: readonly string[];
  searchName?: OperationListSearchName;
  searchText?: string;
  basicInfoUpdateTimeRange?: readonly [DayInput, DayInput];
}

export interface OperationListScreenQuery extends Partial<Record<OperationListSearchName, string>> {
  openWorksheetNumberMin?: number;
  openWorksheetNumberMax?: number;
  focusedCommentaryNumberMin?: number;
  focusedCommentaryNumberMax?: number;
  regionId?: string;
  basicInfoUpdateTimeBegin?: number;
  basicInfoUpdateTimeEnd?: number;
}

/** Turns the screen filter into the list query; every other field passes through unchanged. */
export function toOperationListQuery<F extends object>(
  screen: F & OperationListScreenFilter,
  utcOffset: string = DEFAULT_UTC_OFFSET,
): Omit<F, keyof OperationListScreenFilter> & OperationListScreenQuery {
  const {
    isWorksheetOpen,
    focusedCommentaryNumber,
    resourceRegions,
    searchName = DEFAULT_OPERATION_LIST_SEARCH_NAME,
    searchText,
    basicInfoUpdateTimeRange,
    ...rest
  } = screen;
  const worksheets = countFilter(isWorksheetOpen);
  const focused = countFilter(focusedCommentaryNumber);
  const query: OperationListScreenQuery = { ...searchField(searchName, searchText) };
  if (worksheets.min !== undefined) query.openWorksheetNumberMin = worksheets.min;
  if (worksheets.max !== undefined) query.openWorksheetNumberMax = worksheets.max;
  if (focused.min !== undefined) query.focusedCommentaryNumberMin = focused.min;
  if (focused.max !== undefined) query.focusedCommentaryNumberMax = focused.max;
  const regionId = secondRegionId(resourceRegions);
  if (regionId !== undefined) query.regionId = regionId;
  if (basicInfoUpdateTimeRange) {
    const [begin, end] = dayRangeMs(basicInfoUpdateTimeRange[0], basicInfoUpdateTimeRange[1], utcOffset);
    query.basicInfoUpdateTimeBegin = begin;
    query.basicInfoUpdateTimeEnd = end;
  }
  return { ...rest, ...query };
}

// Query strings carry booleans as text; JSON bodies carry them as booleans.
export const BooleanParam = z.union([z.boolean(), z.stringbool()]);
/** The counters are `integer` columns. */
const Count = integerParam({ min: 0, max: INT4.max });
const Time = integerParam(EPOCH_MS);

/** The resource operation list query as the API takes it. */
export const OperationListFilterSchema = PageQuery.extend({
  resourceId: text(64).optional(),
  /** Stations taking part in this activity; with `activityActive`, only those (de)activated in it. */
  activityId: integerParam({ min: 1, max: INT8.max }).optional(),
  activityActive: BooleanParam.optional(),
  /** Stations not taking part in this activity (the picker that adds stations to it). */
  activityIdExclude: text(64).optional(),
  /** Stations taking part in some activity of the tenant (true), or in none (false). */
  hasActivity: BooleanParam.optional(),
  active: BooleanParam.optional(),
  resourceName: text(128).optional(),
  resourceType: text(64).optional(),
  operatorId: text(64).optional(),
  operatorName: text(128).optional(),
  equipmentOwnerId: text(64).optional(),
  equipmentOwner: text(128).optional(),
  recommendationCode: text(64).optional(),
  region: text(255).optional(),
  regionId: text(12).optional(),
  address: text(255).optional(),
  hasComments: BooleanParam.optional(),
  basicInfoUpdateTimeBegin: Time.optional(),
  basicInfoUpdateTimeEnd: Time.optional(),
  focusedCommentaryNumberMin: Count.optional(),
  focusedCommentaryNumberMax: Count.optional(),
  openWorksheetNumberMin: Count.optional(),
  openWorksheetNumberMax: Count.optional(),
  worksheetNumberMin: Count.optional(),
  worksheetNumberMax: Count.optional(),
  bizScenes: text(1024).optional(),
  /** Stations holding this tag (a tag code of the catalogue, GET /tags/metadata). */
  tagCode: text(64).optional(),
});
export type OperationListFilter = z.infer<typeof OperationListFilterSchema>;
