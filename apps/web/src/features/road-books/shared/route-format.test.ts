import { describe, expect, it } from 'vitest';
import { encodePolyline } from '@cmp/domain/road-books/polyline';
import { routeLines } from './route-format';

const step = (points: [number, number][], status: 0 | 1 = 0) => ({
  polyline: encodePolyline(points),
  distance: 0,
  duration: 0,
  status,
});

describe('routeLines', () => {
  it('should leave out a step that goes nowhere, such as a stop at the origin itself', () => {
    const origin: [number, number] = [121.46148, 31.18894];
    const lines = routeLines({
      distance: 50_107,
      duration: 2_367,
      status: 0,
      notArrivalDistance: 0,
      notArrivalCount: 0,
      chargingDuration: 0,
      estimated: true,
      steps: [step([origin, origin, origin]), step([origin, [121.14668, 30.99889]], 1)],
    });
    expect(lines).toEqual([
      {
        positions: [
          [31.18894, 121.46148],
          [30.99889, 121.14668],
        ],
        short: true,
      },
    ]);
  });

  it('should leave out a step it cannot decode', () => {
    const lines = routeLines({
      distance: 0,
      duration: 0,
      status: 0,
      notArrivalDistance: 0,
      notArrivalCount: 0,
      chargingDuration: 0,
      estimated: true,
      steps: [{ polyline: '\u0000', distance: 0, duration: 0, status: 0 }],
    });
    expect(lines).toEqual([]);
  });
});
