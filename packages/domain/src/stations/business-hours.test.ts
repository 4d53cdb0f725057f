import { describe, expect, it } from 'vitest';
import {
  BusinessHourDaySchema,
  businessHoursText,
  canAddRange,
  defaultOpeningHours,
  sameHoursEveryOpenDay,
  MAX_RANGES_PER_DAY,
  nextTimeRange,
  OpeningHoursSchema,
  validateDay,
  WEEKDAY_KEYS,
  type BusinessHourDay,
} from './business-hours.js';
import { formatMessage } from '../messages/format.js';

const day = (dayOfWeek: number, ranges: [string, string][], isOpen = true): BusinessHourDay => ({
  dayOfWeek,
  isOpen,
  timeRanges: ranges.map(([start, end]) => ({ start, end })),
});

describe('defaultOpeningHours', () => {
  it('should be open 00:00 to 24:00 on all 7 days in UTC+08:00', () => {
    const sut = defaultOpeningHours();
    expect(sut.timezone).toBe('UTC+08:00');
    expect(sut.openList).toEqual([1, 2, 3, 4, 5, 6, 7].map((d) => day(d, [['00:00', '24:00']])));
    expect(OpeningHoursSchema.parse(sut)).toEqual(sut);
  });

  it('should hand out a fresh copy each time', () => {
    const first = defaultOpeningHours();
    first.openList[0]!.timeRanges[0]!.end = '12:00';
    expect(defaultOpeningHours().openList[0]!.timeRanges[0]!.end).toBe('24:00');
  });
});

describe('adding ranges', () => {
  it('should allow at most 3 ranges per day', () => {
    expect(MAX_RANGES_PER_DAY).toBe(3);
    expect(
      canAddRange(
        day(1, [
          ['00:00', '08:00'],
          ['08:00', '12:00'],
        ]).timeRanges,
      ),
    ).toBe(true);
    expect(
      canAddRange(
        day(1, [
          ['00:00', '08:00'],
          ['08:00', '12:00'],
          ['12:00', '24:00'],
        ]).timeRanges,
      ),
    ).toBe(false);
  });

  it('should start the first range at 00:00 and end it at 24:00', () => {
    expect(nextTimeRange([])).toEqual({ start: '00:00', end: '24:00' });
  });

  it('should start a later range where the previous one ends', () => {
    expect(nextTimeRange(day(1, [['00:00', '08:30']]).timeRanges)).toEqual({ start: '08:30', end: '24:00' });
  });
});

describe('validateDay', () => {
  it('should accept consecutive ranges', () => {
    expect(
      validateDay(
        day(1, [
          ['00:00', '08:00'],
          ['08:00', '24:00'],
        ]),
      ),
    ).toEqual([]);
  });

  it('should report more than 3 ranges', () => {
    const four = day(1, [
      ['00:00', '01:00'],
      ['01:00', '02:00'],
      ['02:00', '03:00'],
      ['03:00', '04:00'],
    ]);
    expect(validateDay(four)).toEqual([{ key: 'businessHours.tooManyRanges', params: { max: 3 } }]);
  });

  it('should report an end not after its start, an overlap and a bad format together', () => {
    expect(
      validateDay(
        day(1, [
          ['10:00', '09:00'],
          ['08:00', '12:00'],
          ['11:00', '13:00'],
          ['7:00', '8:00'],
        ]),
      ),
    ).toEqual([
      { key: 'businessHours.tooManyRanges', params: { max: 3 } },
      { key: 'time.endNotAfterStart', params: { range: 1 } },
      { key: 'time.invalidFormat', params: { range: 4 } },
      { key: 'time.overlap', params: { range: 3, other: 2 } },
    ]);
  });

  it('should read end must be greater than start and overlap not allowed', () => {
    const [endFirst, overlap] = validateDay(
      day(1, [
        ['10:00', '10:00'],
        ['08:00', '12:00'],
        ['11:00', '13:00'],
      ]),
    );
    expect(formatMessage('en-US', endFirst!)).toBe('The end must be later than the start');
    expect(formatMessage('en-US', overlap!)).toBe('Time ranges must not overlap');
    expect(formatMessage('zh-CN', overlap!)).toBe('时间段不能重叠');
  });
});

describe('BusinessHourDaySchema', () => {
  it('should carry the day rules as issues on the range they are about', () => {
    const result = BusinessHourDaySchema.safeParse(
      day(1, [
        ['08:00', '12:00'],
        ['11:00', '13:00'],
      ]),
    );
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['timeRanges', 1], 'time.overlap'],
    ]);
  });

  it('should carry the range limit as an issue on timeRanges', () => {
    const four = day(1, [
      ['00:00', '01:00'],
      ['01:00', '02:00'],
      ['02:00', '03:00'],
      ['03:00', '04:00'],
    ]);
    const result = BusinessHourDaySchema.safeParse(four);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['timeRanges'], 'businessHours.tooManyRanges'],
    ]);
  });

  it('should refuse a day of week outside 1 to 7', () => {
    expect(BusinessHourDaySchema.safeParse(day(8, [])).success).toBe(false);
  });

  it('should report a bad time format once, at the field', () => {
    const result = BusinessHourDaySchema.safeParse(day(1, [['8:00', '12:00']]));
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['timeRanges', 0, 'start'], 'time.invalidFormat'],
    ]);
  });
});

describe('OpeningHoursSchema', () => {
  it('should refuse the same weekday twice', () => {
    const result = OpeningHoursSchema.safeParse({
      timezone: 'UTC+08:00',
      openList: [day(1, []), day(1, [])],
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['businessHours.duplicateDay']);
  });
});

describe('sameHoursEveryOpenDay', () => {
  it('should hold when every open day has the same ranges, ignoring closed days', () => {
    expect(
      sameHoursEveryOpenDay([day(1, [['08:00', '20:00']]), day(2, [['08:00', '20:00']]), day(3, [], false)]),
    ).toBe(true);
  });

  it('should not hold when open days differ', () => {
    expect(sameHoursEveryOpenDay([day(1, [['08:00', '20:00']]), day(2, [['08:00', '21:00']])])).toBe(false);
  });
});

describe('businessHoursText', () => {
  it('should read Monday to Sunday plus the range when all days agree', () => {
    expect(businessHoursText(defaultOpeningHours(), 'en-US')).toBe('Monday to Sunday 00:00~24:00');
    expect(businessHoursText(defaultOpeningHours(), 'zh-CN')).toBe('周一至周日 00:00~24:00');
  });

  it('should list each open day when the days differ', () => {
    const hours = {
      timezone: 'UTC+08:00',
      openList: [
        day(2, [
          ['09:00', '12:00'],
          ['13:00', '18:00'],
        ]),
        day(1, [['08:00', '20:00']]),
        day(3, [], false),
      ],
    };
    expect(businessHoursText(hours, 'en-US')).toBe('Monday 08:00~20:00; Tuesday 09:00~12:00,13:00~18:00');
  });

  it('should say closed when no day is open', () => {
    expect(businessHoursText({ timezone: 'UTC+08:00', openList: [day(1, [], false)] }, 'en-US')).toBe(
      'Closed',
    );
  });

  it('should name weekdays Monday first', () => {
    expect(WEEKDAY_KEYS.map((key) => formatMessage('en-US', { key }))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });
});
