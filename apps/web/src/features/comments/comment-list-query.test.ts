import { describe, expect, it } from 'vitest';
import { COMMENT_ID_LIST_MAX } from '@cmp/domain/comments/comment-contracts';
import { parseCommentIds, toCommentExportQuery, toCommentListRequest } from './comment-list-query';

const page = { pageNo: 2, pageSize: 50 };

describe('comment list query', () => {
  it('should map every filter of the form to the contract, whole days in the viewer zone', () => {
    const request = toCommentListRequest(
      {
        ...page,
        sort: 'rating:asc',
        chargeStationOperatorId: 'op-1',
        equipmentOwnerId: 'own-1',
        chargeStationRegions: ['310000', '310100', '310101'],
        startTime: Date.parse('2026-03-01T15:20:00+08:00'),
        endTime: Date.parse('2026-03-03T08:00:00+08:00'),
        chargeStationAddress: ' Main St ',
        chargeStationDescription: 'basement',
        mobile: '138',
        resourceId: 'CS-1',
        client: 'pe_app',
        hasCommentaryText: 'false',
        replyNumberMin: '1',
        replyNumberMax: '3',
        commentaryIdList: '7, 8，9',
      },
      '+08:00',
    );
    expect(request).toEqual({
      pageNo: 2,
      pageSize: 50,
      sort: 'rating:asc',
      chargeStationOperatorId: 'op-1',
      equipmentOwnerId: 'own-1',
      chargeStationRegionId: '310101',
      startTime: Date.parse('2026-03-01T00:00:00+08:00'),
      endTime: Date.parse('2026-03-04T00:00:00+08:00') - 1,
      chargeStationAddress: 'Main St',
      chargeStationDescription: 'basement',
      mobile: '138',
      resourceId: 'CS-1',
      client: 'pe_app',
      hasCommentaryText: false,
      replyNumberMin: 1,
      replyNumberMax: 3,
      commentaryIdList: [7, 8, 9],
    });
  });

  it('should send the province or city when that is the deepest level chosen, and newest first by default', () => {
    expect(toCommentListRequest({ ...page, chargeStationRegions: ['310000'] }, '+08:00')).toEqual({
      ...page,
      sort: 'commentaryTime:desc',
      chargeStationRegionId: '310000',
    });
  });

  it('should leave out what is not a filter: unknown clients, counts that are not whole numbers', () => {
    expect(
      toCommentListRequest(
        { ...page, client: 'fax', replyNumberMin: '-1', replyNumberMax: '2.5', hasCommentaryText: 'maybe' },
        '+08:00',
      ),
    ).toEqual({ ...page, sort: 'commentaryTime:desc' });
  });

  it('should read typed ids once each, skipping what is not an id, up to the contract maximum', () => {
    expect(parseCommentIds('12 x 13;12\n0 14、15')).toEqual([12, 13, 14, 15]);
    expect(parseCommentIds(' , ')).toBeUndefined();
    const many = Array.from({ length: COMMENT_ID_LIST_MAX + 5 }, (_, i) => i + 1).join(',');
    expect(parseCommentIds(many)).toHaveLength(COMMENT_ID_LIST_MAX);
  });

  it('should export the same filter without paging, the ids comma-joined', () => {
    expect(toCommentExportQuery({ ...page, resourceId: 'CS-1', commentaryIdList: '7,8' }, '+08:00')).toEqual({
      sort: 'commentaryTime:desc',
      resourceId: 'CS-1',
      commentaryIdList: '7,8',
    });
  });
});
