import { describe, expect, it } from 'vitest';
import { groupStops } from './stop-groups';

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
