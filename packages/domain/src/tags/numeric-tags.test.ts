import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import {
  CHARGING_SPEED_TAG,
  checkNumericTag,
  faultRatioFromTagValue,
  faultRatioLimits,
  faultRatioToTagValue,
} from './numeric-tags.js';

const speed = { groupName: 'max charging speed', ...CHARGING_SPEED_TAG };

describe('checkNumericTag', () => {
  it('should read {group}: the value cannot be less than {min} below the minimum', () => {
    const msg = checkNumericTag(0, speed)!;
    expect(msg).toEqual({ key: 'tag.belowMin', params: { group: 'max charging speed', min: 1 } });
    expect(formatMessage('en-US', msg)).toBe('max charging speed: the value cannot be less than 1');
  });

  it('should read input value cannot be greater than {max} above the maximum', () => {
    const msg = checkNumericTag('351', speed)!;
    expect(formatMessage('en-US', msg)).toBe('The value cannot be greater than 350');
  });

  it('should accept the bounds', () => {
    expect(checkNumericTag(1, speed)).toBeUndefined();
    expect(checkNumericTag(350, speed)).toBeUndefined();
  });

  it('should report text that is not a number', () => {
    expect(checkNumericTag('fast', speed)).toEqual({ key: 'form.number' });
  });
});

describe('charging speed tag', () => {
  it('should be in amperes from 1 to 350', () => {
    expect(CHARGING_SPEED_TAG).toEqual({ unit: 'A', min: 1, max: 350 });
  });
});

describe('fault ratio tag', () => {
  it('should take its maximum from the first number in the tooltip', () => {
    expect(faultRatioLimits('fault ratio at most 30%, checked daily at 8')).toEqual({ min: 0, max: 30 });
    expect(faultRatioLimits('上限12.5%')).toEqual({ min: 0, max: 12.5 });
  });

  it('should have no maximum without a number in the tooltip', () => {
    expect(faultRatioLimits('no limit')).toEqual({ min: 0 });
    expect(faultRatioLimits(undefined)).toEqual({ min: 0 });
  });

  it('should be sent as a ratio with 2 decimals', () => {
    expect(faultRatioToTagValue(12)).toBe('0.12');
    expect(faultRatioToTagValue('12.5')).toBe('0.13');
    expect(faultRatioFromTagValue('0.12')).toBe(12);
  });
});
