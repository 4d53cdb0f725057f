import { z } from 'zod';
import { ruleMessage, type RuleMessage } from '../messages/format.js';

export const START_OF_DAY = '00:00';
/** Only an end may be 24:00: it closes a range at midnight without wrapping to the next day. */
export const END_OF_DAY = '24:00';

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const END_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export interface TimeRange {
  start: string;
  end: string;
}

export const isStartTime = (value: string): boolean => TIME_OF_DAY.test(value);
export const isEndTime = (value: string): boolean => END_TIME.test(value);

export const StartTimeSchema = z.string().regex(TIME_OF_DAY, { error: 'time.invalidFormat' });
export const EndTimeSchema = z.string().regex(END_TIME, { error: 'time.invalidFormat' });

/** Minutes since midnight of a valid `HH:mm` (or `24:00`). */
export function toMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * Every problem of a list of same-day ranges: bad format, end not after start, overlap. Each message names
 * the 1-based `range` it is about (and the `other` range for an overlap) so a form can point at the row.
 * Ranges that touch (one ends where the next starts) do not overlap.
 */
export function validateTimeRanges(ranges: readonly TimeRange[]): RuleMessage[] {
  const problems: RuleMessage[] = [];
  const spans: ({ from: number; to: number } | undefined)[] = ranges.map((range, index) => {
    if (!isStartTime(range.start) || !isEndTime(range.end)) {
      problems.push(ruleMessage('time.invalidFormat', { range: index + 1 }));
      return undefined;
    }
    const span = { from: toMinutes(range.start), to: toMinutes(range.end) };
    if (span.to <= span.from) {
      problems.push(ruleMessage('time.endNotAfterStart', { range: index + 1 }));
      return undefined;
    }
    return span;
  });
  spans.forEach((span, index) => {
    if (!span) return;
    const other = spans.findIndex(
      (earlier, j) => j < index && earlier && earlier.from < span.to && span.from < earlier.to,
    );
    if (other >= 0) problems.push(ruleMessage('time.overlap', { range: index + 1, other: other + 1 }));
  });
  return problems;
}

export const TimeRangeSchema = z.object({ start: StartTimeSchema, end: EndTimeSchema });

/** The range an editor adds: all day when it is the first, otherwise from where the last one ends. */
export function nextRangeAfter(ranges: readonly TimeRange[]): TimeRange {
  const last = ranges.at(-1);
  return { start: last ? last.end : START_OF_DAY, end: END_OF_DAY };
}
