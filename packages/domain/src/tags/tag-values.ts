import { ruleMessage, type RuleMessage } from '../messages/format.js';
import { checkNumber } from '../shared/form-rules.js';
import { ratioToPercent } from '../shared/money.js';
import { checkNumericTag, faultRatioLimits } from './numeric-tags.js';
import { validateOccupyTime } from './occupy-time.js';
import type { TagInputType } from './tag-contracts.js';

export interface TagGroupInput {
  inputType: TagInputType;
  groupName: string;
  min: number | null;
  max: number | null;
  /** The fault ratio's ceiling is written in it. */
  tooltip: string | null;
}

const RATIO = /^\d+(?:\.\d{1,2})?$/;

/**
 * What is wrong with the value a tag of this group is given, if anything: a choice or a yes/no takes none;
 * busy hours, a number and the fault ratio (a ratio with at most two decimals, its limits in percent) need one.
 */
export function checkTagValue(group: TagGroupInput, value: string | undefined): RuleMessage | undefined {
  const given = value !== undefined && value.trim() !== '';
  if (group.inputType === 'select' || group.inputType === 'yes_no') {
    return given ? ruleMessage('tag.valueNotExpected', { group: group.groupName }) : undefined;
  }
  if (!given) return ruleMessage('tag.valueRequired', { group: group.groupName });
  switch (group.inputType) {
    case 'occupy_time':
      return validateOccupyTime(value)[0];
    case 'number':
      return checkNumericTag(value, {
        groupName: group.groupName,
        ...(group.min === null ? {} : { min: group.min }),
        ...(group.max === null ? {} : { max: group.max }),
      });
    case 'fault_ratio': {
      const notNumber = checkNumber(value);
      if (notNumber) return notNumber;
      if (!RATIO.test(value.trim())) return ruleMessage('tag.ratioDecimals');
      return checkNumericTag(ratioToPercent(value.trim()), {
        groupName: group.groupName,
        ...faultRatioLimits(group.tooltip ?? undefined),
      });
    }
  }
}
