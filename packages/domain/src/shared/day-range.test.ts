import { describe, expect, it } from 'vitest';
import { dayRangeMs, endOfDayMs, startOfDayMs } from './day-range.js';

describe('day boundaries', () => {
  it('should start a calendar day at 00:00:00 UTC+08:00 by default', () => {
    expect(new Date(startOfDayMs('2024-03-10')).toISOString()).toBe('2024-03-09T16:00:00.000Z');
  });

  it('should end a day at 23:59:59.999', () => {
    expect(new Date(endOfDayMs('2024-03-10')).toISOString()).toBe('2024-03-10T15:59:59.999Z');
  });

  it('should find the day of an instant in the given offset', () => {
    const lateEveningUtc = new Date('2024-03-10T20:00:00Z');
    expect(new Date(startOfDayMs(lateEveningUtc)).toISOString()).toBe('2024-03-10T16:00:00.000Z');
    expect(new Date(startOfDayMs(lateEveningUtc, 'UTC-05:00')).toISOString()).toBe(
      '2024-03-10T05:00:00.000Z',
    );
  });

  it('should refuse text that is not a calendar day', () => {
    expect(() => startOfDayMs('10/03/2024')).toThrow(RangeError);
  });
});

describe('dayRangeMs', () => {
  it('should run from the start of the first day to the end of the last day in milliseconds', () => {
    expect(dayRangeMs('2024-03-01', '2024-03-31')).toEqual([
      Date.parse('2024-02-29T16:00:00.000Z'),
      Date.parse('2024-03-31T15:59:59.999Z'),
    ]);
  });

  it('should take the days in either order', () => {
    expect(dayRangeMs('2024-03-31', '2024-03-01')).toEqual(dayRangeMs('2024-03-01', '2024-03-31'));
  });

  it('should cover a single day', () => {
    const [from, to] = dayRangeMs(Date.parse('2024-03-10T03:00:00Z'), Date.parse('2024-03-10T03:00:00Z'));
    expect(to - from).toBe(86_399_999);
  });
});
