import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEZONE, parseUtcOffset, TimezoneSchema } from './utc-offset.js';

describe('parseUtcOffset', () => {
  it('should read the default zone as 480 minutes east', () => {
    expect(DEFAULT_TIMEZONE).toBe('UTC+08:00');
    expect(parseUtcOffset(DEFAULT_TIMEZONE)).toBe(480);
  });

  it('should read offsets with and without the UTC prefix', () => {
    expect(parseUtcOffset('+05:30')).toBe(330);
    expect(parseUtcOffset('UTC-03:00')).toBe(-180);
  });

  it('should refuse anything else', () => {
    expect(() => parseUtcOffset('Asia/Shanghai')).toThrow(RangeError);
  });
});

describe('TimezoneSchema', () => {
  it('should accept UTC±HH:mm and refuse zone names', () => {
    expect(TimezoneSchema.safeParse('UTC-05:00').success).toBe(true);
    expect(TimezoneSchema.safeParse('Asia/Shanghai').error?.issues[0]?.message).toBe('time.invalidTimezone');
  });
});
