import { describe, expect, it } from 'vitest';
import { toExportRequest, toOperationListRequest } from './operation-list-query';

const page = { pageNo: 2, pageSize: 20 };

describe('toOperationListRequest', () => {
  it('should send yes as at least one and no as exactly none for the open-worksheet and focused filters', () => {
    expect(
      toOperationListRequest(
        { ...page, isWorksheetOpen: 'true', focusedCommentaryNumber: 'false' },
        '+08:00',
      ),
    ).toEqual({
      pageNo: 2,
      pageSize: 20,
      sort: undefined,
      openWorksheetNumberMin: 1,
      focusedCommentaryNumberMin: 0,
      focusedCommentaryNumberMax: 0,
    });
  });

  it('should send the chosen tag by its code', () => {
    expect(toOperationListRequest({ ...page, tagCode: 'monthly_top_ten' }, '+08:00')).toMatchObject({
      tagCode: 'monthly_top_ten',
    });
  });

  it('should send only the city of the region cascade', () => {
    const sut = toOperationListRequest(
      { ...page, resourceRegions: ['310000', '310100', '310101'] },
      '+08:00',
    );
    expect(sut.regionId).toBe('310100');
    expect(sut).not.toHaveProperty('resourceRegions');
    expect(toOperationListRequest({ ...page, resourceRegions: ['310000'] }, '+08:00')).not.toHaveProperty(
      'regionId',
    );
  });

  it('should put the search text under the chosen field, resource name by default', () => {
    expect(
      toOperationListRequest({ ...page, searchName: 'address', searchText: ' Main St ' }, '+08:00'),
    ).toMatchObject({
      address: 'Main St',
    });
    const byName = toOperationListRequest({ ...page, searchText: 'Hub' }, '+08:00');
    expect(byName.resourceName).toBe('Hub');
    expect(byName).not.toHaveProperty('searchText');
    expect(byName).not.toHaveProperty('searchName');
  });

  it('should ignore a search field the list does not know', () => {
    expect(
      toOperationListRequest({ ...page, searchName: 'password', searchText: 'x' }, '+08:00'),
    ).toMatchObject({
      resourceName: 'x',
    });
  });

  it('should widen the update range to whole days of the viewer', () => {
    const begin = Date.parse('2024-05-01T10:30:00+08:00');
    const end = Date.parse('2024-05-02T08:00:00+08:00');
    const sut = toOperationListRequest(
      { ...page, basicInfoUpdateTimeBegin: begin, basicInfoUpdateTimeEnd: end },
      '+08:00',
    );
    expect(sut.basicInfoUpdateTimeBegin).toBe(Date.parse('2024-05-01T00:00:00.000+08:00'));
    expect(sut.basicInfoUpdateTimeEnd).toBe(Date.parse('2024-05-02T23:59:59.999+08:00'));

    const utc = toOperationListRequest(
      { ...page, basicInfoUpdateTimeBegin: begin, basicInfoUpdateTimeEnd: end },
      '+00:00',
    );
    expect(utc.basicInfoUpdateTimeBegin).toBe(Date.parse('2024-05-01T00:00:00.000Z'));
  });

  it('should pass the plain filters and read yes/no selects as booleans', () => {
    expect(
      toOperationListRequest(
        {
          ...page,
          sort: 'commentaryNumber:desc',
          resourceType: 'PowerSwap',
          operatorId: 'op-1',
          equipmentOwnerId: 'own-1',
          bizScenes: '2',
          active: 'false',
          hasComments: 'true',
        },
        '+08:00',
      ),
    ).toEqual({
      pageNo: 2,
      pageSize: 20,
      sort: 'commentaryNumber:desc',
      resourceType: 'PowerSwap',
      operatorId: 'op-1',
      equipmentOwnerId: 'own-1',
      bizScenes: '2',
      active: false,
      hasComments: true,
    });
  });
});

describe('toExportRequest', () => {
  it('should keep the filter and order but no page', () => {
    expect(
      toExportRequest(
        { ...page, sort: 'resourceId:asc', isWorksheetOpen: 'true', resourceType: 'ChargeStation' },
        '+08:00',
      ),
    ).toEqual({ sort: 'resourceId:asc', resourceType: 'ChargeStation', openWorksheetNumberMin: 1 });
  });
});
