import { describe, expect, it } from 'vitest';
import { defaultOpeningHours, type OpeningHours } from './business-hours.js';
import { isOpenAt, timesharingPrices } from './resource-basic-info.js';

// 2024-01-01 was a Monday.
const at = (iso: string) => Date.parse(iso);

describe('isOpenAt', () => {
  const mondayMornings: OpeningHours = {
    timezone: 'UTC+08:00',
    openList: [{ dayOfWeek: 1, isOpen: true, timeRanges: [{ start: '08:00', end: '12:00' }] }],
  };

  it('should be open all the time with the default hours', () => {
    expect(isOpenAt(defaultOpeningHours(), at('2024-01-07T15:59:59Z'))).toBe(true);
  });

  it('should read the time in the hours’ zone, not in UTC', () => {
    // 00:30 UTC is 08:30 on Monday in UTC+08:00.
    expect(isOpenAt(mondayMornings, at('2024-01-01T00:30:00Z'))).toBe(true);
    expect(isOpenAt({ ...mondayMornings, timezone: 'UTC+00:00' }, at('2024-01-01T00:30:00Z'))).toBe(false);
  });

  it('should take the start and leave out the end of a range', () => {
    expect(isOpenAt(mondayMornings, at('2024-01-01T00:00:00Z'))).toBe(true);
    expect(isOpenAt(mondayMornings, at('2024-01-01T04:00:00Z'))).toBe(false);
  });

  it('should take the day of week in the zone: Sunday evening UTC is Monday morning in China', () => {
    const mondays: OpeningHours = {
      timezone: 'UTC+08:00',
      openList: [{ dayOfWeek: 1, isOpen: true, timeRanges: [{ start: '00:00', end: '12:00' }] }],
    };
    expect(isOpenAt(mondays, at('2023-12-31T17:00:00Z'))).toBe(true);
    expect(isOpenAt(mondays, at('2023-12-31T15:00:00Z'))).toBe(false);
    expect(isOpenAt(mondays, at('2024-01-07T17:00:00Z'))).toBe(true);
    expect(isOpenAt(mondays, at('2024-01-01T17:00:00Z'))).toBe(false);
  });

  it('should be closed on a day marked closed even with ranges', () => {
    const closed: OpeningHours = {
      ...mondayMornings,
      openList: [{ dayOfWeek: 1, isOpen: false, timeRanges: [{ start: '00:00', end: '24:00' }] }],
    };
    expect(isOpenAt(closed, at('2024-01-01T01:00:00Z'))).toBe(false);
  });
});

describe('timesharingPrices', () => {
  it('should price each period of the day as electricity plus service fee, without a discount', () => {
    const prices = timesharingPrices(
      [
        { start: '00:00', end: '08:00', fee: 0.35 },
        { start: '08:00', end: '24:00', fee: 1.05 },
      ],
      [{ start: '00:00', end: '24:00', fee: 0.6 }],
    );

    expect(prices).toEqual([
      { start: '00:00', end: '08:00', price: 0.95, discount: null },
      { start: '08:00', end: '24:00', price: 1.65, discount: null },
    ]);
  });
});
