import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import {
  DISCOUNT_TYPE_LABELS,
  nextTimeSharingSlot,
  slotValueOf,
  validateTimeSharing,
  type TimeSharingItem,
} from './time-sharing.js';

const slot = (
  start: string,
  end: string,
  value: Partial<TimeSharingItem> = { price: 1 },
): TimeSharingItem => ({
  start,
  end,
  ...value,
});

describe('discount types', () => {
  it('should label 1 promotional price and 2 percent discount', () => {
    expect(formatMessage('en-US', { key: DISCOUNT_TYPE_LABELS[1] })).toBe('Promotional price');
    expect(formatMessage('en-US', { key: DISCOUNT_TYPE_LABELS[2] })).toBe('Percent discount');
    expect([slotValueOf(1), slotValueOf(2)]).toEqual(['price', 'discount']);
  });
});

describe('nextTimeSharingSlot', () => {
  it('should start the first slot at 00:00 and a later one where the previous ends', () => {
    expect(nextTimeSharingSlot([])).toEqual({ start: '00:00', end: '24:00' });
    expect(nextTimeSharingSlot([slot('00:00', '07:00')])).toEqual({ start: '07:00', end: '24:00' });
  });
});

describe('validateTimeSharing', () => {
  it('should accept slots that tile the day', () => {
    expect(validateTimeSharing([slot('00:00', '08:00'), slot('08:00', '24:00')], 'price')).toEqual([]);
  });

  it('should require at least one slot', () => {
    expect(validateTimeSharing([], 'price')).toEqual([{ key: 'timeSharing.empty' }]);
  });

  it('should report every tiling problem', () => {
    expect(
      validateTimeSharing([slot('01:00', '08:00'), slot('09:00', '12:00'), slot('11:00', '23:00')], 'price'),
    ).toEqual([
      { key: 'timeSharing.firstStart', params: { range: 1 } },
      { key: 'timeSharing.notContinuous', params: { range: 2 } },
      { key: 'timeSharing.notContinuous', params: { range: 3 } },
      { key: 'timeSharing.lastEnd', params: { range: 3 } },
    ]);
  });

  it('should report a bad format and an end not after its start', () => {
    expect(validateTimeSharing([slot('00:00', '8:00'), slot('8:00', '24:00')], 'price')).toContainEqual({
      key: 'time.invalidFormat',
      params: { range: 1 },
    });
    expect(validateTimeSharing([slot('00:00', '00:00'), slot('00:00', '24:00')], 'price')).toEqual([
      { key: 'time.endNotAfterStart', params: { range: 1 } },
    ]);
  });

  it('should require the price of each promotional-price slot and refuse a negative one', () => {
    expect(
      validateTimeSharing([slot('00:00', '12:00', {}), slot('12:00', '24:00', { price: -1 })], 'price'),
    ).toEqual([
      { key: 'form.required', params: { range: 1 } },
      { key: 'form.minNumber', params: { min: 0, range: 2 } },
    ]);
  });

  it('should keep a percent discount within 0 to 100', () => {
    expect(validateTimeSharing([slot('00:00', '24:00', { discount: 100.5 })], 'discount')).toEqual([
      { key: 'form.maxNumber', params: { max: 100, range: 1 } },
    ]);
    expect(validateTimeSharing([slot('00:00', '24:00', { discount: 85 })], 'discount')).toEqual([]);
  });

  it('should read the messages in English', () => {
    const texts = validateTimeSharing([slot('01:00', '08:00'), slot('09:00', '23:00')], 'price').map((m) =>
      formatMessage('en-US', m),
    );
    expect(texts).toEqual([
      'The first time slot must start at 00:00',
      'Time slot 2 must start where the previous one ends',
      'The last time slot must end at 24:00',
    ]);
  });
});
