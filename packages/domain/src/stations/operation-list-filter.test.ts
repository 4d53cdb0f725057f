import { describe, expect, it } from 'vitest';
import { OperationListFilterSchema, toOperationListQuery } from './operation-list-filter.js';

describe('toOperationListQuery', () => {
  it('should ask for at least 1 open worksheet and focused comment when the flags are true', () => {
    expect(toOperationListQuery({ isWorksheetOpen: true, focusedCommentaryNumber: true })).toEqual({
      openWorksheetNumberMin: 1,
      focusedCommentaryNumberMin: 1,
    });
  });

  it('should ask for exactly 0 when the flags are false', () => {
    expect(toOperationListQuery({ isWorksheetOpen: false, focusedCommentaryNumber: false })).toEqual({
      openWorksheetNumberMin: 0,
      openWorksheetNumberMax: 0,
      focusedCommentaryNumberMin: 0,
      focusedCommentaryNumberMax: 0,
    });
  });

  it('should send only the second element of the region array', () => {
    expect(toOperationListQuery({ resourceRegions: ['310000', '310100', '310101'] })).toEqual({
      regionId: '310100',
    });
  });

  it('should search by resource name unless another field is chosen', () => {
    expect(toOperationListQuery({ searchText: 'Hub' })).toEqual({ resourceName: 'Hub' });
    expect(toOperationListQuery({ searchName: 'address', searchText: 'Main St' })).toEqual({
      address: 'Main St',
    });
  });

  it('should send the update range from the start of the first day to the end of the last in ms', () => {
    expect(toOperationListQuery({ basicInfoUpdateTimeRange: ['2024-05-01', '2024-05-02'] })).toEqual({
      basicInfoUpdateTimeBegin: Date.parse('2024-04-30T16:00:00.000Z'),
      basicInfoUpdateTimeEnd: Date.parse('2024-05-02T15:59:59.999Z'),
    });
  });

  it('should pass the other filter fields through', () => {
    expect(toOperationListQuery({ resourceType: 'ChargeStation', pageNo: 2 })).toEqual({
      resourceType: 'ChargeStation',
      pageNo: 2,
    });
  });
});

describe('OperationListFilterSchema', () => {
  it('should read query-string values', () => {
    const sut = OperationListFilterSchema.parse({
      pageNo: '2',
      active: 'false',
      openWorksheetNumberMin: '1',
    });
    expect(sut).toMatchObject({ pageNo: 2, pageSize: 20, active: false, openWorksheetNumberMin: 1 });
  });

  it('should refuse a negative count', () => {
    expect(OperationListFilterSchema.safeParse({ worksheetNumberMin: -1 }).success).toBe(false);
  });
});
