import { describe, expect, it } from 'vitest';
import { besideEndpoints, groupStops } from './stop-groups';

describe('groupStops', () => {
  it('should keep stops apart that are at least a pin apart', () => {
    expect(
      groupStops(
        [
          { x: 0, y: 0 },
          { x: 30, y: 0 },
          { x: 60, y: 0 },
        ],
        28,
      ),
    ).toEqual([
      { first: 0, last: 0 },
      { first: 1, last: 1 },
      { first: 2, last: 2 },
    ]);
  });

  it('should merge neighbours closer than a pin into one range, measured from the range’s own pin', () => {
    const points = [0, 10, 20, 30, 45, 100].map((y) => ({ x: 0, y }));
    expect(groupStops(points, 28)).toEqual([
      { first: 0, last: 2 },
      { first: 3, last: 4 },
      { first: 5, last: 5 },
    ]);
  });

  it('should give no group for no stops', () => {
    expect(groupStops([], 28)).toEqual([]);
  });
});

describe('besideEndpoints', () => {
  const origin = { x: 100, y: 100 };
  const destination = { x: 400, y: 100 };

  it('should leave a stop where it is when it is a pin away from both ends', () => {
    expect(besideEndpoints({ x: 140, y: 100 }, [origin, destination], 36)).toEqual({ x: 140, y: 100 });
  });

  it('should move a stop under the origin’s pin out to a pin’s distance, on its own side', () => {
    const placed = besideEndpoints({ x: 100, y: 110 }, [origin, destination], 36);
    expect(placed.x).toBeCloseTo(100);
    expect(placed.y).toBeCloseTo(136);
  });

  it('should move a stop away from the nearer end only', () => {
    const placed = besideEndpoints({ x: 390, y: 100 }, [origin, destination], 36);
    expect(placed).toEqual({ x: 364, y: 100 });
  });

  it('should move a stop that lies exactly on an end to its east', () => {
    expect(besideEndpoints({ x: 400, y: 100 }, [origin, destination], 36)).toEqual({ x: 436, y: 100 });
  });
});
