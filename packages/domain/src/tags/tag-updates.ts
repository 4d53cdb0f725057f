import { z } from 'zod';
import { text, trimmedText } from '../shared/input.js';
import { ResourceIdSchema } from '../stations/contract-fields.js';
import { TagBizCodeSchema, type TagBizCode } from './tag-catalog.js';

export const TAG_UPDATE_ACTIONS = ['add', 'update', 'delete'] as const;
/** Manual updates are always stored at degree 1; other degrees belong to the algorithms. */
export const MANUAL_TAG_DEGREE = 1;

export const TagUpdateItemSchema = z.object({
  action: z.enum(TAG_UPDATE_ACTIONS),
  tagCode: trimmedText(64).min(1),
  tagValue: trimmedText(255).optional(),
  tagDegree: z.literal(MANUAL_TAG_DEGREE),
  resourceId: ResourceIdSchema,
  bizCode: TagBizCodeSchema,
  remark: text(255).optional(),
});
export type TagUpdateItem = z.infer<typeof TagUpdateItemSchema>;

/** One call changes at most this many tags: a station's groups, with room to spare. */
export const TAG_UPDATE_MAX_ITEMS = 20;

/** The operation_update call: its items apply together or not at all. */
export const TagOperationUpdateSchema = z.object({
  items: z.array(TagUpdateItemSchema).min(1).max(TAG_UPDATE_MAX_ITEMS),
});
export type TagOperationUpdate = z.infer<typeof TagOperationUpdateSchema>;

export interface TagTarget {
  resourceId: string;
  bizCode: TagBizCode;
  remark?: string;
}

const item = (
  target: TagTarget,
  action: TagUpdateItem['action'],
  tagCode: string,
  tagValue?: string,
): TagUpdateItem => ({
  action,
  tagCode,
  ...(tagValue === undefined ? {} : { tagValue }),
  tagDegree: MANUAL_TAG_DEGREE,
  ...target,
});

export interface TagGroupChange {
  currentTagCode?: string;
  currentTagValue?: string;
  newTagCode?: string;
  newTagValue?: string;
}

/**
 * A group holds one tag per station, and the tag service has no "replace": choosing another tag adds the
 * new one and deletes the old one, in that order, so a failure half-way leaves a tag rather than none.
 */
export function tagGroupChange(target: TagTarget, change: TagGroupChange): TagUpdateItem[] {
  const { currentTagCode, currentTagValue, newTagCode, newTagValue } = change;
  if (newTagCode !== undefined && newTagCode === currentTagCode) {
    return newTagValue === currentTagValue ? [] : [item(target, 'update', newTagCode, newTagValue)];
  }
  return [
    ...(newTagCode === undefined ? [] : [item(target, 'add', newTagCode, newTagValue)]),
    ...(currentTagCode === undefined ? [] : [item(target, 'delete', currentTagCode, currentTagValue)]),
  ];
}

/** The top-ten-good-station switch: yes adds this month's top 10 tag, no deletes it. */
export const topTenGoodStationChange = (
  target: TagTarget,
  yes: boolean,
  topTenTagCode: string,
): TagUpdateItem[] => [item(target, yes ? 'add' : 'delete', topTenTagCode)];
