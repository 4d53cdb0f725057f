import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import {
  CLAIM_FREQUENCIES,
  CLAIM_FREQUENCY_LABELS,
  CLAIM_TYPE_LABELS,
  CLAIM_TYPES,
  DEFAULT_AWARD_TYPE,
  giftBagAwardId,
  isLastOneGiftBag,
} from './gift-bags.js';

describe('award and claim types', () => {
  it('should default the award type to pe_coupon', () => {
    expect(DEFAULT_AWARD_TYPE).toBe('pe_coupon');
  });

  it('should know fixed and random claims, once per day or once', () => {
    expect(CLAIM_TYPES.map((t) => formatMessage('en-US', { key: CLAIM_TYPE_LABELS[t] }))).toEqual([
      'Fixed',
      'Random',
    ]);
    expect(CLAIM_FREQUENCIES.map((f) => formatMessage('en-US', { key: CLAIM_FREQUENCY_LABELS[f] }))).toEqual([
      'Once per day',
      'Once',
    ]);
  });
});

describe('giftBagAwardId', () => {
  it('should put the gift bag id before the award id', () => {
    expect(giftBagAwardId('GB12', 'A7')).toBe('GB12A7');
    expect(giftBagAwardId(12, 7)).toBe('127');
  });
});

describe('isLastOneGiftBag', () => {
  it('should count a bag with one award or none as last-one', () => {
    expect(isLastOneGiftBag({ awards: [] })).toBe(true);
    expect(isLastOneGiftBag({ awards: [{}] })).toBe(true);
    expect(isLastOneGiftBag({ awards: [{}, {}] })).toBe(false);
  });
});
