import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import { formatOccupyTime, parseOccupyTime, validateOccupyTime } from './occupy-time.js';

describe('parseOccupyTime', () => {
  it('should read comma-separated hh:mm~hh:mm ranges, full-width commas included', () => {
    expect(parseOccupyTime('08:30~11:30, 12:30~14:30，22:00~24:00')).toEqual([
      { start: '08:30', end: '11:30' },
      { start: '12:30', end: '14:30' },
      { start: '22:00', end: '24:00' },
    ]);
  });

  it('should refuse anything else', () => {
    expect(parseOccupyTime('8:30~11:30')).toBeUndefined();
    expect(parseOccupyTime('08:30-11:30')).toBeUndefined();
    expect(parseOccupyTime('08:30~11:30,')).toBeUndefined();
    expect(parseOccupyTime('25:00~26:00')).toBeUndefined();
  });

  it('should write the ranges back in the same form', () => {
    expect(formatOccupyTime(parseOccupyTime('08:30~11:30,12:30~14:30')!)).toBe('08:30~11:30,12:30~14:30');
  });
});

describe('validateOccupyTime', () => {
  it('should accept empty text and well-formed ranges', () => {
    expect(validateOccupyTime('')).toEqual([]);
    expect(validateOccupyTime('08:30~11:30,12:30~14:30')).toEqual([]);
  });

  it('should report the format with the spec message', () => {
    const problems = validateOccupyTime('08:30 to 11:30');
    expect(problems).toEqual([{ key: 'occupyTime.format' }]);
    expect(formatMessage('en-US', problems[0]!)).toBe('Enter the occupied times as 08:30~11:30,12:30~14:30');
  });

  it('should report overlapping ranges in Chinese as 时间段不能重叠', () => {
    const problems = validateOccupyTime('08:30~11:30,11:00~14:30');
    expect(problems).toEqual([{ key: 'time.overlap', params: { range: 2, other: 1 } }]);
    expect(formatMessage('zh-CN', problems[0]!)).toBe('时间段不能重叠');
  });

  it('should report an end not after its start', () => {
    const problems = validateOccupyTime('11:30~08:30');
    expect(problems).toEqual([{ key: 'time.endNotAfterStart', params: { range: 1 } }]);
    expect(formatMessage('en-US', problems[0]!)).toBe('The end must be later than the start');
  });
});
