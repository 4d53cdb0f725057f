import { z } from 'zod';
import { OVERALL_LEVELS } from '../comments/comment-codes.js';
import { PageQuery, pageOf } from '../platform/paging.js';
import { text, trimmedText } from '../shared/input.js';
import { ResourceIdSchema } from '../stations/contract-fields.js';
import { TagBizCodeSchema, TagProviderSchema } from './tag-catalog.js';

/** How a group's value is entered: a choice among its tags, a number, busy hours, or a yes/no switch. */
export const TAG_INPUT_TYPES = ['select', 'number', 'fault_ratio', 'occupy_time', 'yes_no'] as const;
export const TagInputTypeSchema = z.enum(TAG_INPUT_TYPES);
export type TagInputType = z.infer<typeof TagInputTypeSchema>;

/** One tag of a group (C3.7.1). */
export const TagSchema = z.object({
  tagCode: z.string(),
  tagName: z.string(),
  tagPriority: z.number().int(),
  description: z.string().nullable(),
  createTime: z.number().int().describe('epoch milliseconds'),
});
export type Tag = z.infer<typeof TagSchema>;

/** A tag group with its tags, as the metadata call lists them (C3.7.2). */
export const TagGroupListItemSchema = z.object({
  tagCategoryCode: z.number().int(),
  tagCategoryName: z.string(),
  tagProviderCode: TagProviderSchema,
  bizCode: TagBizCodeSchema,
  tagGroupCode: z.string(),
  tagGroupName: z.string(),
  tagType: TagInputTypeSchema,
  unit: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  manualUpdateAllowed: z.boolean(),
  relationGroupCode: z.string().nullable(),
  description: z.string().nullable(),
  createTime: z.number().int().describe('epoch milliseconds'),
  tagList: z.array(TagSchema),
});
export type TagGroupListItem = z.infer<typeof TagGroupListItemSchema>;

/**
 * One page of tag groups (C3.7.3: the spec's totalResults and tagGroupList, answered as every list is,
 * `{ items, total }`).
 */
export const TagGroupListSchema = pageOf(TagGroupListItemSchema);
export type TagGroupList = z.infer<typeof TagGroupListSchema>;

/** What the groups sort by (`sort=catalogueOrder:asc`, the default: the catalogue's own order). */
export const TAG_GROUP_SORTABLE = ['catalogueOrder', 'tagGroupCode', 'createTime'] as const;

/**
 * The metadata call's filter (C3.7.9), paged as every list is (pageNo, pageSize) instead of the spec's
 * offset and count; the screens read the whole catalogue as one page of TAG_METADATA_COUNT.
 */
export const TagMetadataQuerySchema = PageQuery.extend({
  bizCode: TagBizCodeSchema.optional(),
  tagProviderCode: TagProviderSchema.optional(),
  tagGroupCode: trimmedText(64).min(1).optional(),
});
export type TagMetadataQuery = z.infer<typeof TagMetadataQuerySchema>;
/** The metadata call's filter and order, without its page. */
export type TagMetadataFilter = Omit<TagMetadataQuery, 'pageNo' | 'pageSize'>;

/** A group's explanation as the editor shows it beside the input (C3.7.8). */
export const TagTooltipSchema = z.object({ tagGroupCode: z.string(), tooltipText: z.string() });
export type TagTooltip = z.infer<typeof TagTooltipSchema>;

export const TagTooltipQuerySchema = z.object({ resource_id: ResourceIdSchema });
export const TagTooltipListSchema = z.object({ items: z.array(TagTooltipSchema) });

/** A tag a station holds (C3.7.4); degree 1 is set by staff, higher degrees by the algorithms. */
export const ResourceTagItemSchema = z.object({
  resourceId: z.string(),
  tagCategoryId: z.number().int(),
  tagCategoryName: z.string(),
  tagProviderId: z.number().int(),
  tagProviderCode: TagProviderSchema,
  tagGroupId: z.number().int(),
  tagGroupCode: z.string(),
  tagGroupName: z.string(),
  tagId: z.number().int(),
  tagCode: z.string(),
  tagName: z.string(),
  tagPriority: z.number().int(),
  tagValue: z.string().nullable(),
  tagDegree: z.number().int(),
  expire: z.boolean(),
  expireReason: z.string().nullable(),
  createTime: z.number().int().describe('epoch milliseconds'),
  updateTime: z.number().int().describe('epoch milliseconds'),
});
export type ResourceTagItem = z.infer<typeof ResourceTagItemSchema>;

/** The details call's filter (C3.7.9): one station's tags, narrowed by provider, group or tag. */
export const ResourceTagDetailRequestSchema = z.object({
  resourceId: ResourceIdSchema,
  bizCode: TagBizCodeSchema,
  tagProviderCode: TagProviderSchema.optional(),
  tagGroupCode: trimmedText(64).min(1).optional(),
  tagCode: trimmedText(64).min(1).optional(),
});
export const ResourceTagItemListSchema = z.object({ items: z.array(ResourceTagItemSchema) });

/**
 * One group of a station as the tag editor shows it (the CMO tag item, C3.7.7): its input, limits and
 * explanation, whether it may be changed and why not, the current tag and who set it, and the tags to choose.
 */
export const StationTagGroupSchema = z.object({
  resourceId: z.string(),
  operatorId: z.string().nullable(),
  tagGroupId: z.number().int(),
  tagGroupCode: z.string(),
  tagGroupName: z.string(),
  tagProviderCode: TagProviderSchema,
  tooltip: z.string().nullable(),
  inputType: TagInputTypeSchema,
  unit: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  readonly: z.boolean(),
  /** Whether the catalogue lets staff set the group at all (C3.7.3). */
  manualUpdateAllowed: z.boolean(),
  disabled: z.boolean(),
  disabledReason: z.string().nullable(),
  /** What an empty input says, in the reader's language; null for the yes/no switch. */
  placeholder: z.string().nullable(),
  /** The overall value: staff's unless it expired or there is none, else the algorithms'. */
  tagCode: z.string().nullable(),
  tagName: z.string().nullable(),
  tagValue: z.string().nullable(),
  /** Where the overall value comes from: algorithm (measured, degree above 1) or cmo (set by staff). */
  source: TagProviderSchema.nullable(),
  updateTime: z.number().int().nullable(),
  expire: z.boolean(),
  expireReason: z.string().nullable(),
  /** The algorithms' measured value. */
  algorithmTagCode: z.string().nullable(),
  algorithmTagName: z.string().nullable(),
  algorithmTagValue: z.string().nullable(),
  /** Staff's value: what the editor starts from (the spec's original cmo value and code). */
  cmoTagCode: z.string().nullable(),
  cmoTagName: z.string().nullable(),
  cmoTagValue: z.string().nullable(),
  cmoUpdateTime: z.number().int().nullable(),
  cmoExpire: z.boolean(),
  cmoExpireReason: z.string().nullable(),
  /** The tenant key (`cmo:tenant:nio`) of the area staff set their value in. */
  cmoTenantKey: z.string().nullable(),
  /** The remark staff gave with their value. */
  remark: z.string().nullable(),
  /** Whether the group's tag is the reason the app gives for recommending the station, and that reason. */
  recommendationTag: z.boolean(),
  recommendationText: z.string().nullable(),
  /** The tags the group offers (the spec's cmoTagList). */
  tagList: z.array(TagSchema),
});
export type StationTagGroup = z.infer<typeof StationTagGroupSchema>;

/** A station's tag groups (the CMO resource tag list, C3.7.8). */
/** A station's tag groups, and the overall score (average rating of its shown comments) and level. */
export const StationTagsSchema = z.object({
  overallScore: z.number().nullable(),
  overallLevel: z.enum(OVERALL_LEVELS).nullable(),
  tagList: z.array(StationTagGroupSchema),
});
export type StationTags = z.infer<typeof StationTagsSchema>;

/**
 * Sets one group of a station: a tag of the group (or none, to clear it) with its value where the group takes
 * one; the yes/no group takes `yes`.
 */
export const TagGroupSetSchema = z.object({
  tagCode: trimmedText(64).min(1).nullable().optional(),
  tagValue: trimmedText(255).optional(),
  yes: z.boolean().optional(),
  remark: text(255).optional(),
});
export type TagGroupSet = z.infer<typeof TagGroupSetSchema>;

export const StationTagGroupParamSchema = z.object({
  resourceId: ResourceIdSchema,
  tagGroupCode: trimmedText(64).min(1),
});
