import { describe, expect, it } from 'vitest';
import {
  toLotteryDrawFilter,
  toPointRecordFilter,
  toRewardRecordFilter,
  withPage,
} from './reward-list-queries';

describe('reward list queries', () => {
  it('should send the draw filter the contract takes, the search field only with its text', () => {
    expect(
      toLotteryDrawFilter({
        pageNo: 2,
        pageSize: 10,
        activityId: '5',
        searchInputSelect: 'accountId',
        searchInput: '  ',
        drawState: 'win',
        rewardState: 2,
      }),
    ).toEqual({ sort: 'createTime:desc', activityId: 5, drawState: 'win', rewardState: 2 });
    expect(
      toLotteryDrawFilter({ pageNo: 1, pageSize: 10, searchInputSelect: 'resourceId', searchInput: 'x' }),
    ).toEqual({ sort: 'createTime:desc', searchInput: 'x' });
  });

  it('should leave out values no list takes, and add the page asked for', () => {
    const params = {
      pageNo: 3,
      pageSize: 30,
      sort: 'rewardAmount:asc',
      activityId: 'abc',
      createTimeBegin: 1,
      createTimeEnd: 2,
      searchInputSelect: 'resourceName',
      searchInput: '张江',
      rewardState: 7,
    };
    expect(withPage(params, toPointRecordFilter(params))).toEqual({
      pageNo: 3,
      pageSize: 30,
      sort: 'rewardAmount:asc',
      createTimeBegin: 1,
      createTimeEnd: 2,
      searchInputSelect: 'resourceName',
      searchInput: '张江',
    });
  });

  it('should add the reward type to every reward’s filter, when it is one the contract knows', () => {
    expect(
      toRewardRecordFilter({ pageNo: 1, pageSize: 20, rewardType: 'pe_coupon', rewardState: 2 }),
    ).toEqual({
      sort: 'createTime:desc',
      rewardType: 'pe_coupon',
      rewardState: 2,
    });
    expect(toRewardRecordFilter({ pageNo: 1, pageSize: 20, rewardType: 'cash' })).toEqual({
      sort: 'createTime:desc',
    });
  });
});
