import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';
import { ruleMessage, type RuleMessage } from '../messages/format.js';
import {
  END_OF_DAY,
  EndTimeSchema,
  nextRangeAfter,
  START_OF_DAY,
  StartTimeSchema,
  validateTimeRanges,
  type TimeRange,
} from '../shared/time-of-day.js';

export const DISCOUNT_TYPES = [1, 2] as const;
export const DiscountTypeSchema = z.literal(DISCOUNT_TYPES);
export type DiscountType = z.infer<typeof DiscountTypeSchema>;
export const DISCOUNT_TYPE_LABELS = {
  1: 'discountType.promotionalPrice',
  2: 'discountType.percent',
} as const satisfies Record<DiscountType, MessageKey>;

/** A percent discount is entered as 0–100 (85 means pay 85 %). */
export const MAX_DISCOUNT_PERCENT = 100;

export const TimeSharingItemSchema = z.object({
  start: StartTimeSchema,
  end: EndTimeSchema,
  price: z.number().optional(),
  discount: z.number().optional(),
});
export type TimeSharingItem = z.infer<typeof TimeSharingItemSchema>;

/** Which number each slot carries: a promotional price or a percent discount. */
export type SlotValue = 'price' | 'discount';
export const slotValueOf = (discountType: DiscountType): SlotValue =>
  discountType === 1 ? 'price' : 'discount';

export const nextTimeSharingSlot = (slots: readonly TimeRange[]): TimeRange => nextRangeAfter(slots);

function checkSlotValue(slot: TimeSharingItem, value: SlotValue, range: number): RuleMessage | undefined {
  const number = slot[value];
  if (number === undefined) return ruleMessage('form.required', { range });
  if (number < 0) return ruleMessage('form.minNumber', { min: 0, range });
  if (value === 'discount' && number > MAX_DISCOUNT_PERCENT) {
    return ruleMessage('form.maxNumber', { max: MAX_DISCOUNT_PERCENT, range });
  }
  return undefined;
}

/**
 * Slots must tile the whole day: the first starts at 00:00, each later one starts where the previous one
 * ends and the last ends at 24:00, so every minute has exactly one price. Tiling rules out overlaps,
 * which are therefore not reported again.
 */
export function validateTimeSharing(slots: readonly TimeSharingItem[], value: SlotValue): RuleMessage[] {
  const first = slots[0];
  const last = slots.at(-1);
  if (!first || !last) return [ruleMessage('timeSharing.empty')];
  const problems = validateTimeRanges(slots).filter((problem) => problem.key !== 'time.overlap');
  if (first.start !== START_OF_DAY) problems.push(ruleMessage('timeSharing.firstStart', { range: 1 }));
  slots.forEach((slot, index) => {
    const previous = slots[index - 1];
    if (previous && slot.start !== previous.end) {
      problems.push(ruleMessage('timeSharing.notContinuous', { range: index + 1 }));
    }
  });
  if (last.end !== END_OF_DAY) problems.push(ruleMessage('timeSharing.lastEnd', { range: slots.length }));
  slots.forEach((slot, index) => {
    const problem = checkSlotValue(slot, value, index + 1);
    if (problem) problems.push(problem);
  });
  return problems;
}
