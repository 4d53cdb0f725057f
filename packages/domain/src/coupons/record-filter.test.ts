import { describe, expect, it } from 'vitest';
import { toCouponRecordQuery } from './record-filter.js';

describe('toCouponRecordQuery', () => {
  it('should send the statuses as a comma-joined list', () => {
    expect(toCouponRecordQuery({ statusArr: ['created', 'finished'] })).toEqual({
      pageNo: 1,
      pageSize: 20,
      status: 'created,finished',
    });
  });

  it('should page by pageNo and pageSize and keep the order asked for', () => {
    expect(toCouponRecordQuery({ pageNo: 3, pageSize: 50 })).toEqual({ pageNo: 3, pageSize: 50 });
    expect(toCouponRecordQuery({ sort: 'createTime:asc' })).toEqual({
      pageNo: 1,
      pageSize: 20,
      sort: 'createTime:asc',
    });
  });

  it('should search by account mobile unless another field is chosen', () => {
    expect(toCouponRecordQuery({ searchInput: '13800000000' })).toMatchObject({
      accountMobile: '13800000000',
    });
    expect(toCouponRecordQuery({ searchInputSelect: 'accountId', searchInput: 'a1' })).toMatchObject({
      accountId: 'a1',
    });
  });

  it('should split the create time range into from and to', () => {
    expect(toCouponRecordQuery({ createTimeRange: [1714492800000, 1714579199999] })).toMatchObject({
      createTimeFrom: 1714492800000,
      createTimeTo: 1714579199999,
    });
  });

  it('should leave out an empty status list', () => {
    expect(toCouponRecordQuery({ statusArr: [] })).toEqual({ pageNo: 1, pageSize: 20 });
  });
});
