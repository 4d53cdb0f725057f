import { describe, expect, it } from 'vitest';
import {
  PowerAroundQuerySchema,
  RoadBookListQuerySchema,
  RoadBookSaveSchema,
  roadBookShareUrl,
  RoutePlanningRequestSchema,
  toRoadBookListQuery,
} from './road-book.js';

const origin = { longitude: 116.4, latitude: 39.9 };
const destination = { longitude: 121.47, latitude: 31.23 };

describe('road book list query', () => {
  it('should send the most precise region and whole days of the range', () => {
    expect(
      toRoadBookListQuery({
        planningResourceTypes: ['CS_DC', 'PS'],
        createTimeRange: ['2026-05-01', '2026-05-03'],
        startRegionArr: ['110000', '110100', '110105'],
        endRegionArr: ['310000'],
      }),
    ).toEqual({
      planningResourceTypes: ['CS_DC', 'PS'],
      createTimeStart: Date.UTC(2026, 3, 30, 16),
      createTimeEnd: Date.UTC(2026, 4, 3, 16) - 1,
      startRegionId: '110105',
      endRegionId: '310000',
    });
    expect(toRoadBookListQuery({ planningResourceTypes: [], startRegionArr: [] })).toEqual({});
  });

  it('should read comma-separated planning resource types from the query string', () => {
    const parsed = RoadBookListQuerySchema.parse({ planningResourceTypes: 'CS_AC,PS', pageNo: '2' });
    expect(parsed).toMatchObject({ planningResourceTypes: ['CS_AC', 'PS'], pageNo: 2, pageSize: 20 });
    expect(RoadBookListQuerySchema.safeParse({ planningResourceTypes: 'CS' }).success).toBe(false);
  });

  it('should send the typed station ids comma-joined and the waypoint text trimmed', () => {
    expect(
      toRoadBookListQuery({ waypointResourceSeq: ' PS-1_clone, CS-2\nCS-3 ', waypoints: ' 服务区 ' }),
    ).toEqual({ waypointResourceSeq: 'PS-1_clone,CS-2,CS-3', waypoints: '服务区' });
    expect(toRoadBookListQuery({ waypointResourceSeq: ' , ', waypoints: '  ' })).toEqual({});
  });

  it('should read stop ids as stations, a swap clone as its station, and refuse hostile ones', () => {
    const parsed = RoadBookListQuerySchema.parse({
      waypointResourceSeq: 'PS1_clone, CS2,,',
      waypoints: ' Hefei ',
    });
    expect(parsed).toMatchObject({ waypointResourceSeq: ['PS1', 'CS2'], waypoints: 'Hefei' });
    // What an export job keeps (the ids as an array) reads the same again.
    expect(
      RoadBookListQuerySchema.parse({ waypointResourceSeq: ['PS1', 'CS2'] }).waypointResourceSeq,
    ).toEqual(['PS1', 'CS2']);
    const many = Array.from({ length: 21 }, (_, i) => `S${i}`).join(',');
    expect(RoadBookListQuerySchema.safeParse({ waypointResourceSeq: many }).success).toBe(false);
    expect(RoadBookListQuerySchema.safeParse({ waypointResourceSeq: 'A\u0000' }).success).toBe(false);
    expect(RoadBookListQuerySchema.safeParse({ waypointResourceSeq: 'x'.repeat(81) }).success).toBe(false);
    expect(RoadBookListQuerySchema.safeParse({ waypoints: 'x'.repeat(65) }).success).toBe(false);
    expect(RoadBookListQuerySchema.safeParse({ waypoints: '\ud800' }).success).toBe(false);
  });
});

describe('road book save', () => {
  it('should default to every planning resource type, the initial ranges and the recommended plan', () => {
    const save = RoadBookSaveSchema.parse({ originPoint: origin, destinationPoint: destination });
    expect(save).toMatchObject({
      planningResourceTypes: ['CS_DC', 'CS_AC', 'PS'],
      currentRange: 200,
      maxRange: 200,
      tactics: 0,
      planTag: 'recommended',
      waypoints: [],
    });
  });

  it('should count a resource without a selected flag as chosen and refuse more than 50 chosen', () => {
    const item = (id: string, selected?: boolean) => ({
      id,
      type: 'ChargeStation',
      legIndex: 0,
      location: origin,
      remark: null,
      ...(selected === undefined ? {} : { selected }),
    });
    const save = RoadBookSaveSchema.parse({
      originPoint: origin,
      destinationPoint: destination,
      resources: [item('A'), item('B', false)],
    });
    expect(save.resources?.map((r) => [r.id, r.selected, r.remark])).toEqual([
      ['A', true, undefined],
      ['B', false, undefined],
    ]);
    const tooMany = RoadBookSaveSchema.safeParse({
      originPoint: origin,
      destinationPoint: destination,
      resources: Array.from({ length: 51 }, (_, i) => item(`S${i}`)),
    });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues.map((i) => i.path.join('.'))).toEqual(['resources']);
  });

  it('should refuse a current range above the maximum range', () => {
    const result = RoutePlanningRequestSchema.safeParse({
      originPoint: origin,
      destinationPoint: destination,
      currentRange: 300,
      maxRange: 200,
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['currentRange', 'form.maxNumber'],
    ]);
  });
});

describe('power around and share', () => {
  it('should search 5 km around the point for every station type by default', () => {
    expect(PowerAroundQuerySchema.parse({ longitude: '121.4', latitude: '31.2' })).toMatchObject({
      distance: 5000,
      resourceTypes: 'CS|PS',
      limit: 100,
    });
  });

  it('should open the mobile view under /route-planning', () => {
    expect(roadBookShareUrl('abc_-1')).toBe('/route-planning/abc_-1');
  });
});
