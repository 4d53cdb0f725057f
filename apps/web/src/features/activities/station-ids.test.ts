import { describe, expect, it } from 'vitest';
import { parseStationIds, stationIdsProblem } from './station-ids';

describe('station ids', () => {
  it('should split on lines, commas and blanks, trim, and keep the first of repeated ids', () => {
    expect(parseStationIds(' S1, S2\nS3，S1\t S4 \n\n')).toEqual(['S1', 'S2', 'S3', 'S4']);
  });

  it('should refuse no ids, more than 1,000, and an id longer than 64 characters', () => {
    expect(stationIdsProblem([])).toEqual({ kind: 'required' });
    const many = Array.from({ length: 1001 }, (_, i) => `S${i}`);
    expect(stationIdsProblem(many)).toEqual({ kind: 'tooMany', count: 1001, max: 1000 });
    expect(stationIdsProblem(many.slice(0, 1000))).toBeUndefined();
    expect(stationIdsProblem(['S1', 'x'.repeat(65)])).toEqual({
      kind: 'tooLong',
      id: 'x'.repeat(65),
      max: 64,
    });
  });
});
