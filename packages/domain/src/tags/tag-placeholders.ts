import type { RuleMessage } from '../messages/format.js';
import { faultRatioLimits } from './numeric-tags.js';
import type { TagInputType } from './tag-contracts.js';

/** What an empty input of a group says (C3.7.7 placeholders), in the reader's language once formatted. */
export function tagPlaceholder(group: {
  inputType: TagInputType;
  groupName: string;
  min: number | null;
  max: number | null;
  unit: string | null;
  tooltip: string | null;
}): RuleMessage | null {
  switch (group.inputType) {
    case 'select':
      return { key: 'tag.placeholderSelect', params: { group: group.groupName } };
    case 'number':
      return {
        key: 'tag.placeholderNumber',
        params: { min: group.min ?? 0, max: group.max ?? '', unit: group.unit ?? '' },
      };
    case 'fault_ratio':
      return {
        key: 'tag.placeholderFaultRatio',
        params: { max: faultRatioLimits(group.tooltip ?? undefined).max ?? 100 },
      };
    case 'occupy_time':
      return { key: 'tag.placeholderOccupyTime' };
    case 'yes_no':
      return null;
  }
}
