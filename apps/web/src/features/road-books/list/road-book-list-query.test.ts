import { describe, expect, it } from 'vitest';
import { toRoadBookListRequest } from './road-book-list-query';

describe('toRoadBookListRequest', () => {
  it('should send the type, whole days of the create time and the most precise region of each cascade', () => {
    const sut = toRoadBookListRequest(
      {
        pageNo: 2,
        pageSize: 30,
        sort: 'createTime:desc',
        planningResourceTypes: ['CS_AC', 'PS'],
        createTimeStart: Date.parse('2026-05-01T00:00:00+08:00'),
        createTimeEnd: Date.parse('2026-05-03T23:59:59+08:00'),
        startRegionArr: ['310000', '310100', '310101'],
        endRegionArr: ['330000'],
        waypointResourceSeq: 'PS1_clone，CS2 CS3',
        waypoints: ' 服务区 ',
      },
      '+08:00',
    );
    expect(sut).toEqual({
      pageNo: 2,
      pageSize: 30,
      sort: 'createTime:desc',
      planningResourceTypes: 'CS_AC,PS',
      createTimeStart: Date.parse('2026-05-01T00:00:00+08:00'),
      createTimeEnd: Date.parse('2026-05-04T00:00:00+08:00') - 1,
      startRegionId: '310101',
      endRegionId: '330000',
      waypointResourceSeq: 'PS1_clone,CS2,CS3',
      waypoints: '服务区',
    });
  });

  it('should leave out what the form leaves empty and ignore an unknown type', () => {
    expect(
      toRoadBookListRequest(
        { pageNo: 1, pageSize: 20, planningResourceTypes: ['CS'], waypointResourceSeq: ' ', waypoints: '' },
        '+08:00',
      ),
    ).toEqual({
      pageNo: 1,
      pageSize: 20,
      sort: undefined,
      planningResourceTypes: undefined,
      createTimeStart: undefined,
      createTimeEnd: undefined,
      startRegionId: undefined,
      endRegionId: undefined,
      waypointResourceSeq: undefined,
      waypoints: undefined,
    });
  });
});
