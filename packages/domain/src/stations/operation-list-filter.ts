import { z } from 'zod';
import { PageQuery } from '../platform/paging.js';
import { dayRangeMs, DEFAULT_UTC_OFFSET, type DayInput } from '../shared/day-range.js';
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
const BooleanParam = z.union([z.boolean(), z.stringbool()]);
const Count = z.coerce.number().int().min(0);

/** The resource operation list query as the API takes it. */
export const OperationListFilterSchema = PageQuery.extend({
  resourceId: z.string().optional(),
  activityIdExclude: z.string().optional(),
  active: BooleanParam.optional(),
  resourceName: z.string().optional(),
  resourceType: z.string().optional(),
  operatorId: z.string().optional(),
  operatorName: z.string().optional(),
  equipmentOwnerId: z.string().optional(),
  equipmentOwner: z.string().optional(),
  recommendationCode: z.string().optional(),
  region: z.string().optional(),
  regionId: z.string().optional(),
  address: z.string().optional(),
  hasComments: BooleanParam.optional(),
  basicInfoUpdateTimeBegin: z.coerce.number().int().optional(),
  basicInfoUpdateTimeEnd: z.coerce.number().int().optional(),
  focusedCommentaryNumberMin: Count.optional(),
  focusedCommentaryNumberMax: Count.optional(),
  openWorksheetNumberMin: Count.optional(),
  openWorksheetNumberMax: Count.optional(),
  worksheetNumberMin: Count.optional(),
  worksheetNumberMax: Count.optional(),
  bizScenes: z.string().optional(),
});
export type OperationListFilter = z.infer<typeof OperationListFilterSchema>;
