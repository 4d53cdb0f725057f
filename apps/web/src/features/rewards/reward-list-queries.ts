import { DRAW_STATES, REWARD_STATES } from '@cmp/domain/activities/reward-states';
import {
  DEFAULT_LOTTERY_DRAW_SORT,
  LOTTERY_DRAW_SEARCH_NAMES,
} from '@cmp/domain/rewards/lottery-draw-contracts';
import {
  DEFAULT_POINT_RECORD_SORT,
  POINT_RECORD_SEARCH_NAMES,
  REWARD_TYPES,
} from '@cmp/domain/rewards/reward-record-contracts';
import type { Query } from '../../api/client';
import type { SearchTableParams } from '../../components';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const oneOf = <V extends string | number>(values: readonly V[], value: unknown): V | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as V) : undefined;
const wholeNumber = (value: unknown): number | undefined => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
const time = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const defined = (query: Query): Query =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));

/** The search box: its text, and the field it searches only when there is text. */
function search(params: SearchTableParams, names: readonly string[]): Query {
  const searchInput = text(params.searchInput);
  return {
    searchInput,
    searchInputSelect: searchInput === undefined ? undefined : oneOf(names, params.searchInputSelect),
  };
}

/** The draw records' filter (spec M3.2.9): the lottery, a mobile or account, the draw and reward states. */
export const toLotteryDrawFilter = (params: SearchTableParams): Query =>
  defined({
    sort: params.sort ?? DEFAULT_LOTTERY_DRAW_SORT,
    activityId: wholeNumber(params.activityId),
    ...search(params, LOTTERY_DRAW_SEARCH_NAMES),
    drawState: oneOf(DRAW_STATES, params.drawState),
    rewardState: oneOf(REWARD_STATES, params.rewardState),
  });

/** The point records' filter (spec M3.4.2): the activity, the creation range, a search and the reward state. */
export const toPointRecordFilter = (params: SearchTableParams): Query =>
  defined({
    sort: params.sort ?? DEFAULT_POINT_RECORD_SORT,
    activityId: wholeNumber(params.activityId),
    createTimeBegin: time(params.createTimeBegin),
    createTimeEnd: time(params.createTimeEnd),
    ...search(params, POINT_RECORD_SEARCH_NAMES),
    rewardState: oneOf(REWARD_STATES, params.rewardState),
  });

/** Every reward's filter: the point records' and what was given (coupons or brand points). */
export const toRewardRecordFilter = (params: SearchTableParams): Query =>
  defined({
    ...toPointRecordFilter(params),
    rewardType: oneOf(REWARD_TYPES, params.rewardType),
  });

/** A list's filter with the page asked for. */
export const withPage = (params: SearchTableParams, filter: Query): Query => ({
  pageNo: params.pageNo,
  pageSize: params.pageSize,
  ...filter,
});
