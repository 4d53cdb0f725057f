import { ruleMessage, type RuleMessage } from '../messages/format.js';
import { editableTagGroups, READ_ONLY_TAG_GROUPS, type TagBizCode, type TagProvider } from './tag-catalog.js';

export interface TagGroupContext {
  bizCode: TagBizCode;
  provider: TagProvider;
  tagGroupCode: string;
  /** Whether the station group is operated by its equipment owner. */
  ownerOperated: boolean;
  /** Whether the system already measured this group's value for the station. */
  hasAccurateSystemValue: boolean;
}

export type TagGroupEditability = { editable: true } | { editable: false; reason: RuleMessage };

/**
 * For stations run by someone other than their owner, a value the system measured is more reliable than
 * what staff could type in, so it may not be overwritten.
 */
export function tagGroupEditability(context: TagGroupContext): TagGroupEditability {
  if (!editableTagGroups(context.bizCode, context.provider).includes(context.tagGroupCode)) {
    return { editable: false, reason: ruleMessage('tag.notEditable') };
  }
  if (READ_ONLY_TAG_GROUPS.includes(context.tagGroupCode)) {
    return { editable: false, reason: ruleMessage('tag.readOnly') };
  }
  if (!context.ownerOperated && context.hasAccurateSystemValue) {
    return { editable: false, reason: ruleMessage('tag.accurateValueLocked') };
  }
  return { editable: true };
}
