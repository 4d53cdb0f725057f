import { describe, expect, it } from 'vitest';
import { ratingList, toPathListQuery } from './charging-path-list-query';

describe('the charging path list query', () => {
  it('should send only what is set, names trimmed, the ratings comma-joined in order', () => {
    expect(
      toPathListQuery({
        pageNo: 2,
        pageSize: 50,
        startTime: 1000,
        endTime: 2000,
        name: '  张 ',
        mobile: '',
        originPoint: '上海',
        commentaryRating: ['5', '1', '5'],
      }),
    ).toEqual({
      pageNo: 2,
      pageSize: 50,
      sort: 'searchTime:desc',
      startTime: 1000,
      endTime: 2000,
      name: '张',
      originPoint: '上海',
      commentaryRating: '1,5',
    });
  });

  it('should leave out ratings that are not stars', () => {
    expect(ratingList(['0', '6', 'x', '3'])).toBe('3');
    expect(ratingList('4')).toBe('4');
    expect(ratingList(undefined)).toBeUndefined();
    expect(ratingList([])).toBeUndefined();
  });
});
