import { describe, expect, it } from 'vitest';
import {
  toBatchListQuery,
  toCouponRecordListQuery,
  toDeliverListQuery,
  toGenerateRecordFilter,
  toGenerateRecordListQuery,
} from './coupon-list-queries';

describe('coupon list queries', () => {
  it('should page the batch list by pageNo and pageSize and send only the filters that are set', () => {
    expect(
      toBatchListQuery({
        pageNo: 3,
        pageSize: 20,
        sort: 'createTime:asc',
        couponBatchId: '12',
        couponBatchName: '  spring ',
        couponBizCode: 'pe_external',
        couponTypeCode: 'nonsense',
        status: 'killed',
        createTimeFrom: 1000,
        createTimeTo: 2000,
      }),
    ).toEqual({
      pageNo: 3,
      pageSize: 20,
      sort: 'createTime:asc',
      couponBatchId: 12,
      couponBatchName: 'spring',
      couponBizCode: 'pe_external',
      status: 'killed',
      createTimeFrom: 1000,
      createTimeTo: 2000,
    });
  });

  it('should search generate records by the account mobile unless another field is chosen', () => {
    expect(
      toGenerateRecordListQuery({
        pageNo: 2,
        pageSize: 10,
        statusArr: ['processing', 'finished', 'assigned'],
        searchInput: '13800000000',
        createTimeFrom: 5,
        createTimeTo: 9,
      }),
    ).toEqual({
      pageNo: 2,
      pageSize: 10,
      status: 'processing,finished',
      accountMobile: '13800000000',
      createTimeFrom: 5,
      createTimeTo: 9,
    });
    expect(
      toGenerateRecordFilter({
        pageNo: 1,
        pageSize: 20,
        searchInputSelect: 'couponBatchId',
        searchInput: '7',
      }),
    ).toEqual({ couponBatchId: '7' });
  });

  it('should take the issued statuses, unclaimed among them, for coupon records and deliveries', () => {
    expect(
      toCouponRecordListQuery({ pageNo: 1, pageSize: 20, statusArr: ['created', 'used', 'killed'] }),
    ).toEqual({ pageNo: 1, pageSize: 20, status: 'created,used' });
    expect(
      toDeliverListQuery({ pageNo: 1, pageSize: 50, status: ['abandon'], mobile: ' 139 ', batchId: 'x' }),
    ).toEqual({ pageNo: 1, pageSize: 50, status: 'abandon', mobile: '139' });
  });
});
