import { describe, expect, it } from 'vitest';
import {
  INITIAL_CURRENT_RANGE,
  INITIAL_MAX_RANGE,
  roadBookStops,
  stripCloneSuffix,
  type PlannedResource,
} from './road-book-save.js';

const resource = (overrides: Partial<PlannedResource>): PlannedResource => ({
  id: 'CS-1',
  type: 'ChargeStation',
  legIndex: 0,
  location: { longitude: 121.47, latitude: 31.23 },
  ...overrides,
});

describe('initial planning', () => {
  it('should use current range 200 and max range 200', () => {
    expect([INITIAL_CURRENT_RANGE, INITIAL_MAX_RANGE]).toEqual([200, 200]);
  });
});

describe('stripCloneSuffix', () => {
  it('should strip _clone from a swap clone id', () => {
    expect(stripCloneSuffix('PS-9_clone')).toEqual({ resourceId: 'PS-9', isClone: true });
  });

  it('should keep other ids', () => {
    expect(stripCloneSuffix('PS-9')).toEqual({ resourceId: 'PS-9', isClone: false });
  });
});

describe('roadBookStops', () => {
  const waypoints = [{ id: 'w1', longitude: 120.1, latitude: 30.2, name: 'Hangzhou' }];

  it('should keep the waypoints and only the selected resources', () => {
    const sut = roadBookStops(waypoints, [
      resource({ id: 'CS-1', selected: true, remark: 'lunch', name: 'Hub' }),
      resource({ id: 'CS-2', selected: false }),
      resource({ id: 'CS-3' }),
    ]);
    expect(sut).toEqual({
      waypoints,
      waypointResourceSeq: [
        {
          resourceId: 'CS-1',
          swapUseClone: false,
          type: 'ChargeStation',
          legIndex: 0,
          latitude: 31.23,
          longitude: 121.47,
          name: 'Hub',
          remark: 'lunch',
        },
      ],
    });
  });

  it('should store a swap clone under the station id and mark it as the clone', () => {
    const sut = roadBookStops(
      [],
      [resource({ id: 'PS-9_clone', type: 'PowerSwap', legIndex: 1, selected: true })],
    );
    expect(sut.waypointResourceSeq).toEqual([
      {
        resourceId: 'PS-9',
        swapUseClone: true,
        type: 'PowerSwap',
        legIndex: 1,
        latitude: 31.23,
        longitude: 121.47,
      },
    ]);
  });
});
