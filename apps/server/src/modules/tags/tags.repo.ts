import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { formatMessage } from '@cmp/domain/messages/format';
import { TAG_GROUP_LABELS, TAG_LABELS } from '@cmp/domain/tags/tag-codes';
import { RECOMMENDATION_TAG_GROUP } from '@cmp/domain/tags/tag-catalog';
import type { TAG_GROUP_SORTABLE, TagMetadataFilter } from '@cmp/domain/tags/tag-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { operatorNames } from '../operators/operators.views.js';
import { stationDirectory } from '../stations/stations.views.js';
import { TAG_CATEGORIES, TAG_PROVIDER_NAMES, type CatalogueGroup } from '@cmp/domain/tags/tag-catalog-groups';
import { resourceTags, tagCategories, tagGroups, tagProviders, tags, tagTooltips } from './tags.tables.js';

export type TagRow = typeof tags.$inferSelect;

const qb = new QueryBuilder();

/**
 * Adds the categories, providers, groups, tags and tooltips a database lacks; rows already there are left as
 * they are. Answers the codes of the groups and tags it added.
 */
export async function insertMissingCatalogue(
  db: DbOrTx,
  catalogue: readonly CatalogueGroup[],
): Promise<string[]> {
  await db
    .insert(tagCategories)
    .values(TAG_CATEGORIES.map(({ code, name }) => ({ code, name })))
    .onConflictDoNothing({ target: tagCategories.code });
  await db
    .insert(tagProviders)
    .values(Object.entries(TAG_PROVIDER_NAMES).map(([code, name]) => ({ code, name })))
    .onConflictDoNothing({ target: tagProviders.code });
  const categoryIds = new Map(
    (await db.select().from(tagCategories)).map((row) => [row.code, row.tagCategoryId]),
  );
  const providerIds = new Map(
    (await db.select().from(tagProviders)).map((row) => [row.code, row.tagProviderId]),
  );
  const addedGroups = await db
    .insert(tagGroups)
    .values(
      catalogue.map((group, index) => ({
        code: group.code,
        name: formatMessage('zh-CN', { key: TAG_GROUP_LABELS[group.code] }),
        tagCategoryId: categoryIds.get(group.category)!,
        tagProviderId: providerIds.get(group.provider)!,
        bizCode: group.bizCode,
        inputType: group.inputType,
        unit: group.unit ?? null,
        minValue: group.min ?? null,
        maxValue: group.max ?? null,
        manualUpdateAllowed: group.manualUpdateAllowed,
        recommendationTag: group.code === RECOMMENDATION_TAG_GROUP,
        description: group.description,
        sort: index + 1,
      })),
    )
    .onConflictDoNothing({ target: tagGroups.code })
    .returning({ code: tagGroups.code });
  const groupIds = new Map(
    (await db.select({ id: tagGroups.tagGroupId, code: tagGroups.code }).from(tagGroups)).map((row) => [
      row.code,
      row.id,
    ]),
  );
  const addedTags = await db
    .insert(tags)
    .values(
      catalogue.flatMap((group) =>
        group.tags.map((tag, index) => ({
          code: tag.code,
          name: formatMessage('zh-CN', { key: TAG_LABELS[tag.code] }),
          description: tag.description,
          tagGroupId: groupIds.get(group.code)!,
          priority: index + 1,
        })),
      ),
    )
    .onConflictDoNothing({ target: tags.code })
    .returning({ code: tags.code });
  await db
    .insert(tagTooltips)
    .values(catalogue.map((group) => ({ tagGroupId: groupIds.get(group.code)!, text: group.tooltip })))
    .onConflictDoNothing({ target: tagTooltips.tagGroupId });
  return [...addedGroups, ...addedTags].map((row) => row.code);
}

const groupColumns = {
  tagGroupId: tagGroups.tagGroupId,
  code: tagGroups.code,
  name: tagGroups.name,
  bizCode: tagGroups.bizCode,
  inputType: tagGroups.inputType,
  unit: tagGroups.unit,
  minValue: tagGroups.minValue,
  maxValue: tagGroups.maxValue,
  manualUpdateAllowed: tagGroups.manualUpdateAllowed,
  relationGroupCode: tagGroups.relationGroupCode,
  description: tagGroups.description,
  createdAt: tagGroups.createdAt,
  categoryCode: tagCategories.code,
  categoryName: tagCategories.name,
  providerCode: tagProviders.code,
};

/** The metadata call's filter, on `tag_groups` (the provider by its code through an id subquery). */
function groupFilter(filter: TagMetadataFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.bizCode) conditions.push(eq(tagGroups.bizCode, filter.bizCode));
  if (filter.tagProviderCode) {
    conditions.push(
      inArray(
        tagGroups.tagProviderId,
        qb
          .select({ id: tagProviders.tagProviderId })
          .from(tagProviders)
          .where(eq(tagProviders.code, filter.tagProviderCode)),
      ),
    );
  }
  if (filter.tagGroupCode) conditions.push(eq(tagGroups.code, filter.tagGroupCode));
  return and(...conditions);
}

/** How tag groups sort, in the metadata call and on the catalogue screen alike. */
export const TAG_GROUP_SORT = {
  keys: {
    catalogueOrder: tagGroups.sort,
    tagGroupCode: tagGroups.code,
    createTime: tagGroups.createdAt,
  } satisfies Record<(typeof TAG_GROUP_SORTABLE)[number], AnyPgColumn>,
  default: 'catalogueOrder:asc',
} as const;

/** The tag groups of the metadata call, in catalogue order. */
export const tagGroupList = defineList({
  table: tagGroups,
  id: tagGroups.tagGroupId,
  sort: TAG_GROUP_SORT,
  where: groupFilter,
  select: (db, cursor) =>
    db
      .select({ ...groupColumns, ...cursor })
      .from(tagGroups)
      .innerJoin(tagCategories, eq(tagCategories.tagCategoryId, tagGroups.tagCategoryId))
      .innerJoin(tagProviders, eq(tagProviders.tagProviderId, tagGroups.tagProviderId))
      .$dynamic(),
});

export interface TagGroupRow {
  tagGroupId: number;
  code: string;
  name: string;
  bizCode: string;
  inputType: string;
  unit: string | null;
  minValue: number | null;
  maxValue: number | null;
  manualUpdateAllowed: boolean;
  relationGroupCode: string | null;
  description: string | null;
  createdAt: Date;
  categoryCode: number;
  categoryName: string;
  providerCode: string;
}

/** The tags of the given groups, in priority order. */
export function listTagsOfGroups(db: DbOrTx, groupIds: readonly number[]): Promise<TagRow[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(tags)
    .where(inArray(tags.tagGroupId, [...groupIds]))
    .orderBy(asc(tags.priority), asc(tags.tagId));
}

/** The tooltips of the groups of one station type, in catalogue order. */
export function listTooltips(db: DbOrTx, bizCode: string) {
  return db
    .select({ tagGroupCode: tagGroups.code, tooltipText: tagTooltips.text })
    .from(tagTooltips)
    .innerJoin(tagGroups, eq(tagGroups.tagGroupId, tagTooltips.tagGroupId))
    .where(eq(tagGroups.bizCode, bizCode))
    .orderBy(asc(tagGroups.sort), asc(tagGroups.tagGroupId));
}

const stationGroupColumns = {
  tagGroupId: tagGroups.tagGroupId,
  code: tagGroups.code,
  name: tagGroups.name,
  bizCode: tagGroups.bizCode,
  inputType: tagGroups.inputType,
  unit: tagGroups.unit,
  minValue: tagGroups.minValue,
  maxValue: tagGroups.maxValue,
  manualUpdateAllowed: tagGroups.manualUpdateAllowed,
  enable: tagGroups.enable,
  recommendationTag: tagGroups.recommendationTag,
  providerCode: tagProviders.code,
  tooltip: tagTooltips.text,
};

/** The groups of one station type with their provider and tooltip, in catalogue order. */
export function listGroupsOfBiz(db: DbOrTx, bizCode: string) {
  return db
    .select(stationGroupColumns)
    .from(tagGroups)
    .innerJoin(tagProviders, eq(tagProviders.tagProviderId, tagGroups.tagProviderId))
    .leftJoin(tagTooltips, eq(tagTooltips.tagGroupId, tagGroups.tagGroupId))
    .where(eq(tagGroups.bizCode, bizCode))
    .orderBy(asc(tagGroups.sort), asc(tagGroups.tagGroupId));
}
export type StationGroupRow = Awaited<ReturnType<typeof listGroupsOfBiz>>[number];

/** Tags by code, each with its group. */
export function findTagsByCode(db: DbOrTx, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .select({ tagId: tags.tagId, code: tags.code, group: stationGroupColumns })
    .from(tags)
    .innerJoin(tagGroups, eq(tagGroups.tagGroupId, tags.tagGroupId))
    .innerJoin(tagProviders, eq(tagProviders.tagProviderId, tagGroups.tagProviderId))
    .leftJoin(tagTooltips, eq(tagTooltips.tagGroupId, tagGroups.tagGroupId))
    .where(inArray(tags.code, [...codes]));
}

export interface ResourceTagFilter {
  tagProviderCode?: string;
  tagGroupCode?: string;
  tagCode?: string;
}

/** The tags a station holds, with their tag, group, category and provider, in catalogue order. */
export function listResourceTags(db: DbOrTx, resourceId: string, filter: ResourceTagFilter = {}) {
  const conditions: SQL[] = [eq(resourceTags.resourceId, resourceId)];
  if (filter.tagProviderCode) conditions.push(eq(tagProviders.code, filter.tagProviderCode));
  if (filter.tagGroupCode) conditions.push(eq(tagGroups.code, filter.tagGroupCode));
  if (filter.tagCode) conditions.push(eq(tags.code, filter.tagCode));
  return db
    .select({
      resourceTagId: resourceTags.resourceTagId,
      resourceId: resourceTags.resourceId,
      value: resourceTags.value,
      degree: resourceTags.degree,
      expire: resourceTags.expire,
      expireReason: resourceTags.expireReason,
      cmoTenant: resourceTags.cmoTenant,
      remark: resourceTags.remark,
      createdAt: resourceTags.createdAt,
      updatedAt: resourceTags.updatedAt,
      tagId: tags.tagId,
      tagCode: tags.code,
      tagName: tags.name,
      tagPriority: tags.priority,
      tagGroupId: tagGroups.tagGroupId,
      tagGroupCode: tagGroups.code,
      tagGroupName: tagGroups.name,
      categoryId: tagCategories.tagCategoryId,
      categoryName: tagCategories.name,
      providerId: tagProviders.tagProviderId,
      providerCode: tagProviders.code,
    })
    .from(resourceTags)
    .innerJoin(tags, eq(tags.tagId, resourceTags.tagId))
    .innerJoin(tagGroups, eq(tagGroups.tagGroupId, tags.tagGroupId))
    .innerJoin(tagCategories, eq(tagCategories.tagCategoryId, tagGroups.tagCategoryId))
    .innerJoin(tagProviders, eq(tagProviders.tagProviderId, tagGroups.tagProviderId))
    .where(and(...conditions))
    .orderBy(asc(tagGroups.sort), asc(tags.priority));
}
export type ResourceTagRow = Awaited<ReturnType<typeof listResourceTags>>[number];

export async function insertResourceTag(
  db: DbOrTx,
  values: {
    resourceId: string;
    tagId: number;
    value: string | null;
    degree: number;
    cmoTenant?: string;
    remark?: string | null;
  },
): Promise<void> {
  await db.insert(resourceTags).values(values);
}

export async function updateResourceTag(
  db: DbOrTx,
  resourceTagId: number,
  values: { value: string | null; degree: number; cmoTenant?: string; remark?: string | null },
): Promise<void> {
  await db
    .update(resourceTags)
    .set({ ...values, expire: false, expireReason: null, updatedAt: new Date() })
    .where(eq(resourceTags.resourceTagId, resourceTagId));
}

export async function deleteResourceTag(db: DbOrTx, resourceTagId: number): Promise<void> {
  await db.delete(resourceTags).where(eq(resourceTags.resourceTagId, resourceTagId));
}

/**
 * Whether the station is run by its equipment owner: its operator belongs to the owner the station's
 * equipment belongs to. A station without an operator or an owner is not.
 */
export async function isOwnerOperated(db: DbOrTx, resourceId: string): Promise<boolean> {
  const [row] = await db
    .select({ owner: stationDirectory.equipmentOwnerId, operatorOwner: operatorNames.equipmentOwnerId })
    .from(stationDirectory)
    .leftJoin(operatorNames, eq(operatorNames.operatorId, stationDirectory.operatorId))
    .where(eq(stationDirectory.resourceId, resourceId));
  return Boolean(row?.owner && row.owner === row.operatorOwner);
}

/** The ids of the stations holding the tag (in either layer), as a subquery the operations list filters by. */
export const stationsWithTag = (tagCode: string) =>
  qb
    .select({ resourceId: resourceTags.resourceId })
    .from(resourceTags)
    .innerJoin(tags, eq(tags.tagId, resourceTags.tagId))
    .where(eq(tags.code, tagCode));
