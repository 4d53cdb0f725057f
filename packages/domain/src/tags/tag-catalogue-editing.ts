import { z } from 'zod';
import { PageQuery, pageOf } from '../platform/paging.js';
import { INT2, integer, integerParam, trimmedText } from '../shared/input.js';
import { TagBizCodeSchema, TagProviderSchema } from './tag-catalog.js';
import {
  TAG_GROUP_SORTABLE,
  TagGroupListItemSchema,
  TagInputTypeSchema,
  TagSchema,
} from './tag-contracts.js';

/**
 * The resource tag editor: the catalogue of categories, providers, groups, tags and tooltips as staff
 * maintain it, and the stations holding a tag.
 */

/** Codes are keys the apps and the algorithms send: lower-case letters, digits and underscores. */
export const TAG_CODE_PATTERN = /^[a-z][a-z0-9_]*$/;
const code = trimmedText(64)
  .min(1, { error: 'form.required' })
  .regex(TAG_CODE_PATTERN, { error: 'tagCatalogue.codeCharacters' });
const name = trimmedText(64).min(1, { error: 'form.required' });
const optionalText = (max: number) =>
  trimmedText(max)
    .transform((v) => (v === '' ? null : v))
    .nullish();
/** A numeric group's bound; the database keeps it as a double, the editor takes six digits each side. */
const bound = z
  .number({ error: 'form.number' })
  .min(-999_999, { error: 'form.minNumber' })
  .max(999_999, { error: 'form.maxNumber' })
  .nullish();

export const TagCategorySchema = z.object({ code: z.number().int(), name: z.string() });
export const TagProviderItemSchema = z.object({ code: TagProviderSchema, name: z.string() });
/** The categories and providers the catalogue's groups refer to, for the editor's filters and selects. */
export const TagCatalogueOptionsSchema = z.object({
  categories: z.array(TagCategorySchema),
  providers: z.array(TagProviderItemSchema),
});
export type TagCatalogueOptions = z.infer<typeof TagCatalogueOptionsSchema>;

/** A tag as the catalogue shows it: with how many stations hold it. */
export const CatalogueTagSchema = TagSchema.extend({ stationCount: z.number().int().nonnegative() });
export type CatalogueTag = z.infer<typeof CatalogueTagSchema>;

/** A group as the catalogue shows it: the metadata call's item with the editor's fields and its tooltip. */
export const CatalogueGroupSchema = TagGroupListItemSchema.extend({
  enable: z.boolean(),
  recommendationTag: z.boolean(),
  recommendationText: z.string().nullable(),
  remark: z.string().nullable(),
  tooltipText: z.string().nullable(),
  tagList: z.array(CatalogueTagSchema),
});
export type CatalogueGroup = z.infer<typeof CatalogueGroupSchema>;
export const CatalogueGroupPageSchema = pageOf(CatalogueGroupSchema);

/** The catalogue sorts its groups as the metadata call does. */
export const CATALOGUE_SORTABLE = TAG_GROUP_SORTABLE;

/** The catalogue's filter: category, provider, station type, and a word found in a group's or tag's code or name. */
export const CatalogueFilterSchema = z.object({
  tagCategoryCode: integerParam(INT2).optional(),
  tagProviderCode: TagProviderSchema.optional(),
  bizCode: TagBizCodeSchema.optional(),
  keyword: trimmedText(64).optional(),
  sort: PageQuery.shape.sort,
});
export type CatalogueFilter = z.infer<typeof CatalogueFilterSchema>;
export const CatalogueQuerySchema = PageQuery.extend(CatalogueFilterSchema.shape);
export type CatalogueQuery = z.infer<typeof CatalogueQuerySchema>;

/** Recommendation text goes with the recommendation flag; a numeric group's bounds come in order. */
function groupRules(
  value: {
    recommendationTag?: boolean | undefined;
    recommendationText?: string | null | undefined;
    min?: number | null | undefined;
    max?: number | null | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (value.recommendationTag && !value.recommendationText) {
    ctx.addIssue({
      code: 'custom',
      path: ['recommendationText'],
      message: 'tagCatalogue.recommendationTextRequired',
    });
  }
  if (value.min != null && value.max != null && value.min > value.max) {
    ctx.addIssue({ code: 'custom', path: ['max'], message: 'tagCatalogue.maxBelowMin' });
  }
}

/**
 * What staff change of a group. Its code, station type, provider and input type are fixed once it exists:
 * stations hold values shaped by them and the apps and algorithms address the group by its code.
 */
const groupFields = {
  tagGroupName: name,
  tagCategoryCode: integer(INT2),
  unit: optionalText(16),
  min: bound,
  max: bound,
  manualUpdateAllowed: z.boolean(),
  enable: z.boolean(),
  recommendationTag: z.boolean(),
  recommendationText: optionalText(64),
  relationGroupCode: optionalText(64).refine((v) => v == null || TAG_CODE_PATTERN.test(v), {
    error: 'tagCatalogue.codeCharacters',
  }),
  description: optionalText(255),
  remark: optionalText(255),
};
export const TagGroupUpdateSchema = z.object(groupFields).superRefine(groupRules);
export type TagGroupUpdate = z.input<typeof TagGroupUpdateSchema>;
export type TagGroupUpdated = z.output<typeof TagGroupUpdateSchema>;

export const TagGroupCreateSchema = z
  .object({
    tagGroupCode: code,
    tagProviderCode: TagProviderSchema,
    bizCode: TagBizCodeSchema,
    tagType: TagInputTypeSchema,
    ...groupFields,
  })
  .superRefine(groupRules);
export type TagGroupCreate = z.input<typeof TagGroupCreateSchema>;
export type TagGroupCreated = z.output<typeof TagGroupCreateSchema>;

const tagFields = {
  tagName: name,
  tagPriority: integer({ min: 0, max: 9999 }),
  description: optionalText(255),
};
export const TagUpdateSchema = z.object(tagFields);
export type TagUpdate = z.input<typeof TagUpdateSchema>;
export const TagCreateSchema = z.object({ tagCode: code, ...tagFields });
export type TagCreate = z.input<typeof TagCreateSchema>;

export const TagTooltipSaveSchema = z.object({ tooltipText: trimmedText(500) });
export type TagTooltipSave = z.input<typeof TagTooltipSaveSchema>;

export const TagGroupCodeParamSchema = z.object({ tagGroupCode: trimmedText(64).min(1) });
export const TagCodeParamSchema = z.object({ tagCode: trimmedText(64).min(1) });
export const TagOfGroupParamSchema = z.object({
  tagGroupCode: trimmedText(64).min(1),
  tagCode: trimmedText(64).min(1),
});

/** A station holding a tag: which layer set it (degree 1 staff, higher the algorithms) and its value. */
export const TagHolderSchema = z.object({
  resourceId: z.string(),
  resourceName: z.string().nullable(),
  resourceType: z.string(),
  tagValue: z.string().nullable(),
  tagDegree: z.number().int(),
  expire: z.boolean(),
  updateTime: z.number().int().describe('epoch milliseconds'),
});
export type TagHolder = z.infer<typeof TagHolderSchema>;
export const TagHolderPageSchema = pageOf(TagHolderSchema);
export const TagHolderQuerySchema = PageQuery.pick({ pageNo: true, pageSize: true });
