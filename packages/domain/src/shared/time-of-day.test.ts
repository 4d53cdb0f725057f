import { describe, expect, it } from 'vitest';
import { isEndTime, isStartTime, toMinutes, validateTimeRanges } from './time-of-day.js';

describe('time of day', () => {
  it('should accept HH:mm from 00:00 to 23:59 as a start', () => {
    expect(['00:00', '09:05', '23:59'].map(isStartTime)).toEqual([true, true, true]);
    expect(['24:00', '9:05', '12:60', '24:01', ''].map(isStartTime)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('should accept 24:00 only as an end', () => {
    expect(isEndTime('24:00')).toBe(true);
    expect(isEndTime('24:30')).toBe(false);
  });

  it('should count minutes since midnight', () => {
    expect(toMinutes('08:30')).toBe(510);
    expect(toMinutes('24:00')).toBe(1440);
  });
});

describe('validateTimeRanges', () => {
  it('should accept ranges that touch', () => {
    expect(
      validateTimeRanges([
        { start: '00:00', end: '08:00' },
        { start: '08:00', end: '24:00' },
      ]),
    ).toEqual([]);
  });

  it('should report every problem with the range it is about', () => {
    expect(
      validateTimeRanges([
        { start: '08:00', end: '12:00' },
        { start: '8:00', end: '09:00' },
        { start: '13:00', end: '13:00' },
        { start: '11:00', end: '14:00' },
      ]),
    ).toEqual([
      { key: 'time.invalidFormat', params: { range: 2 } },
      { key: 'time.endNotAfterStart', params: { range: 3 } },
      { key: 'time.overlap', params: { range: 4, other: 1 } },
    ]);
  });
});
