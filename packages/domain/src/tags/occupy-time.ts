import { ruleMessage, type RuleMessage } from '../messages/format.js';
import { isEndTime, isStartTime, validateTimeRanges, type TimeRange } from '../shared/time-of-day.js';

const RANGE = /^(\d{2}:\d{2})~(\d{2}:\d{2})$/;
// Staff type these on Chinese keyboards too, where the comma is full-width.
const SEPARATOR = /[,，]/;

/** The busy hours of a station as typed, `08:30~11:30,12:30~14:30`; undefined when not in that form. */
export function parseOccupyTime(text: string): TimeRange[] | undefined {
  const ranges: TimeRange[] = [];
  for (const part of text.split(SEPARATOR)) {
    const match = RANGE.exec(part.trim());
    const [, start = '', end = ''] = match ?? [];
    if (!match || !isStartTime(start) || !isEndTime(end)) return undefined;
    ranges.push({ start, end });
  }
  return ranges;
}

export const formatOccupyTime = (ranges: readonly TimeRange[]): string =>
  ranges.map((range) => `${range.start}~${range.end}`).join(',');

/** Empty is valid (no busy hours); otherwise the format, then every order and overlap problem. */
export function validateOccupyTime(text: string): RuleMessage[] {
  if (text.trim() === '') return [];
  const ranges = parseOccupyTime(text);
  return ranges ? validateTimeRanges(ranges) : [ruleMessage('occupyTime.format')];
}
