import { describe, expect, it } from 'vitest';
import { drawPeriod } from './draw-period.js';

describe('drawPeriod', () => {
  it('should count a once lottery over the whole activity', () => {
    expect(drawPeriod('once', Date.parse('2026-11-28T10:00:00Z'))).toBe('once');
  });

  it('should count once_per_day by the day in UTC+08:00', () => {
    expect(drawPeriod('once_per_day', Date.parse('2026-11-28T15:59:59Z'))).toBe('2026-11-28');
    expect(drawPeriod('once_per_day', Date.parse('2026-11-28T16:00:00Z'))).toBe('2026-11-29');
  });
});
