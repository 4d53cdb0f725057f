import { describe, expect, it } from 'vitest';
import { isStationImportHeader, stationRowMessages } from './activity-station-import.js';

describe('stationRowMessages', () => {
  const known = new Map([
    ['CS1', { operatorId: 'OP1' }],
    ['CS2', { operatorId: 'OP2' }],
  ]);

  it('should mark empty, repeated, unknown and out-of-scope rows, and leave good rows clean', () => {
    expect(stationRowMessages(['CS1', ' ', 'CS1', 'NOPE', 'CS2'], known, new Set(['OP1']))).toEqual([
      [],
      [{ key: 'activityStations.emptyId' }],
      [{ key: 'activityStations.duplicate' }],
      [{ key: 'activityStations.unknown' }],
      [{ key: 'activityStations.outOfScope' }],
    ]);
  });

  it('should take every operator when the activity names none', () => {
    expect(stationRowMessages(['CS1', 'CS2'], known, new Set())).toEqual([[], []]);
  });
});

describe('isStationImportHeader', () => {
  it('should take 站点ID and resourceId in any case', () => {
    expect(['站点ID', ' resourceid ', 'RESOURCEID'].map(isStationImportHeader)).toEqual([true, true, true]);
    expect(isStationImportHeader('手机号')).toBe(false);
  });
});
