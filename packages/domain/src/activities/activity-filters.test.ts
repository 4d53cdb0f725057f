import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACTIVITY_SEARCH,
  DEFAULT_ACTIVITY_SORT,
  toActivityResourceQuery,
} from './activity-filters.js';

describe('activity list defaults', () => {
  it("should sort by creation time, newest first (the spec's create_time:desc), and search by activityName", () => {
    expect(DEFAULT_ACTIVITY_SORT).toBe('createTime:desc');
    expect(DEFAULT_ACTIVITY_SEARCH).toBe('activityName');
  });
});

describe('toActivityResourceQuery', () => {
  it('should send the last element of the region array as regionId', () => {
    expect(toActivityResourceQuery({ regionArr: ['310000', '310100', '310101'], activityId: 'A1' })).toEqual({
      activityId: 'A1',
      regionId: '310101',
      pageNo: 1,
      pageSize: 20,
    });
  });

  it('should search by resourceId unless another field is chosen', () => {
    expect(toActivityResourceQuery({ searchInput: 'CS-1' })).toEqual({
      resourceId: 'CS-1',
      pageNo: 1,
      pageSize: 20,
    });
    expect(
      toActivityResourceQuery({ searchInputSelect: 'resourceName', searchInput: 'Hub', pageNo: 3 }),
    ).toEqual({
      resourceName: 'Hub',
      pageNo: 3,
      pageSize: 20,
    });
  });
});
