import { describe, expect, it } from 'vitest';
import { wallClock } from './export-sheet.js';

const ZONES = [
  'Asia/Shanghai',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'UTC',
];

const intl = (timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

describe('wallClock', () => {
  it('should write a time in the reader zone as ISO text, China when no zone is named', () => {
    expect(wallClock(Date.parse('2026-11-22T02:30:05.999Z'))).toBe('2026-11-22 10:30:05');
    expect(wallClock('2026-11-22T02:30:05Z', 'Europe/London')).toBe('2026-11-22 02:30:05');
    expect(wallClock(null)).toBeNull();
  });

  it('should agree with the zone rules to the second, across daylight saving changes and odd offsets', () => {
    // Every 7 minutes and 13 seconds through 2026 in each zone, plus the minutes around each change.
    const start = Date.parse('2026-01-01T00:00:00Z');
    const end = Date.parse('2027-01-01T00:00:00Z');
    const changes = [
      '2026-03-08T06:59:59Z', // New York springs forward at 07:00Z
      '2026-03-29T00:59:59Z', // London at 01:00Z
      '2026-04-04T14:59:59Z', // Lord Howe falls back half an hour at 15:00Z
      '2026-10-25T00:59:59Z',
      '2026-11-01T05:59:59Z',
    ].map(Date.parse);
    for (const timeZone of ZONES) {
      const times = [];
      for (let ms = start; ms < end; ms += 433_000) times.push(ms);
      for (const change of changes) for (let s = -120; s <= 120; s++) times.push(change + s * 1000);
      const formatter = intl(timeZone);
      const wrong = times.filter((ms) => wallClock(ms, timeZone) !== formatter.format(ms));
      expect(wrong.map((ms) => [timeZone, new Date(ms).toISOString()])).toEqual([]);
    }
  });
});
