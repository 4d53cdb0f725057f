import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { TagMetadataQuery } from '@cmp/domain/tags/tag-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { TAG_CATEGORIES, TAG_PROVIDER_NAMES, type CatalogueGroup } from './tag-catalogue.js';
import { tagCategories, tagGroups, tagProviders, tags, tagTooltips } from './tags.tables.js';

export type TagRow = typeof tags.$inferSelect;

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
        name: group.name,
        tagCategoryId: categoryIds.get(group.category)!,
        tagProviderId: providerIds.get(group.provider)!,
        bizCode: group.bizCode,
        inputType: group.inputType,
        unit: group.unit ?? null,
        minValue: group.min ?? null,
        maxValue: group.max ?? null,
        manualUpdateAllowed: group.manualUpdateAllowed,
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
          name: tag.name,
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

function groupFilter(query: Omit<TagMetadataQuery, 'offset' | 'count'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.bizCode) conditions.push(eq(tagGroups.bizCode, query.bizCode));
  if (query.tagProviderCode) conditions.push(eq(tagProviders.code, query.tagProviderCode));
  if (query.tagGroupCode) conditions.push(eq(tagGroups.code, query.tagGroupCode));
  return and(...conditions);
}

/** One page of groups in catalogue order, and how many match. */
export async function listGroups(db: DbOrTx, query: TagMetadataQuery) {
  const where = groupFilter(query);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(groupColumns)
      .from(tagGroups)
      .innerJoin(tagCategories, eq(tagCategories.tagCategoryId, tagGroups.tagCategoryId))
      .innerJoin(tagProviders, eq(tagProviders.tagProviderId, tagGroups.tagProviderId))
      .where(where)
      .orderBy(asc(tagGroups.sort), asc(tagGroups.tagGroupId))
      .offset(query.offset)
      .limit(query.count),
    db
      .select({ total: count() })
      .from(tagGroups)
      .innerJoin(tagProviders, eq(tagProviders.tagProviderId, tagGroups.tagProviderId))
      .where(where),
  ]);
  return { rows, total };
}

export type TagGroupRow = Awaited<ReturnType<typeof listGroups>>['rows'][number];

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
