import { and, asc, count, countDistinct, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { CatalogueFilter } from '@cmp/domain/tags/tag-catalogue-editing';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { stationDirectory } from '../stations/stations.views.js';
import { TAG_GROUP_SORT } from './tags.repo.js';
import { resourceTags, tagCategories, tagGroups, tagProviders, tags, tagTooltips } from './tags.tables.js';

const qb = new QueryBuilder();

/** `%word%` for ILIKE with the user's own % and _ taken literally. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The catalogue's filter on `tag_groups` alone; category, provider and tags through id subqueries. */
function catalogueWhere(filter: CatalogueFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.bizCode) conditions.push(eq(tagGroups.bizCode, filter.bizCode));
  if (filter.tagCategoryCode !== undefined) {
    conditions.push(
      inArray(
        tagGroups.tagCategoryId,
        qb
          .select({ id: tagCategories.tagCategoryId })
          .from(tagCategories)
          .where(eq(tagCategories.code, filter.tagCategoryCode)),
      ),
    );
  }
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
  if (filter.keyword) {
    const like = containing(filter.keyword);
    conditions.push(
      or(
        ilike(tagGroups.code, like),
        ilike(tagGroups.name, like),
        inArray(
          tagGroups.tagGroupId,
          qb
            .select({ id: tags.tagGroupId })
            .from(tags)
            .where(or(ilike(tags.code, like), ilike(tags.name, like))),
        ),
      )!,
    );
  }
  return and(...conditions);
}

const catalogueColumns = {
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
  recommendationText: tagGroups.recommendationText,
  remark: tagGroups.remark,
  relationGroupCode: tagGroups.relationGroupCode,
  description: tagGroups.description,
  createdAt: tagGroups.createdAt,
  categoryCode: tagCategories.code,
  categoryName: tagCategories.name,
  providerCode: tagProviders.code,
  tooltip: tagTooltips.text,
};

/** The catalogue's groups, in catalogue order unless asked otherwise. */
export const catalogueList = defineList({
  table: tagGroups,
  id: tagGroups.tagGroupId,
  sort: TAG_GROUP_SORT,
  where: catalogueWhere,
  select: (db, cursor) =>
    db
      .select({ ...catalogueColumns, ...cursor })
      .from(tagGroups)
      .innerJoin(tagCategories, eq(tagCategories.tagCategoryId, tagGroups.tagCategoryId))
      .innerJoin(tagProviders, eq(tagProviders.tagProviderId, tagGroups.tagProviderId))
      .leftJoin(tagTooltips, eq(tagTooltips.tagGroupId, tagGroups.tagGroupId))
      .$dynamic(),
});
export type CatalogueRow = Omit<
  Awaited<ReturnType<typeof catalogueList.page>>['rows'][number],
  'listCursorValue' | 'listCursorId'
>;

/** One group of the catalogue, as the list shows it. */
export const catalogueGroupByCode = (db: DbOrTx, code: string) =>
  db
    .select(catalogueColumns)
    .from(tagGroups)
    .innerJoin(tagCategories, eq(tagCategories.tagCategoryId, tagGroups.tagCategoryId))
    .innerJoin(tagProviders, eq(tagProviders.tagProviderId, tagGroups.tagProviderId))
    .leftJoin(tagTooltips, eq(tagTooltips.tagGroupId, tagGroups.tagGroupId))
    .where(eq(tagGroups.code, code));

/** The tags of the given groups in priority order, each with how many stations hold it (either layer). */
export function listCatalogueTags(db: DbOrTx, groupIds: readonly number[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  const held = db
    .select({ tagId: resourceTags.tagId, n: countDistinct(resourceTags.resourceId).as('n') })
    .from(resourceTags)
    .where(
      inArray(
        resourceTags.tagId,
        qb
          .select({ id: tags.tagId })
          .from(tags)
          .where(inArray(tags.tagGroupId, [...groupIds])),
      ),
    )
    .groupBy(resourceTags.tagId)
    .as('held');
  return db
    .select({
      tagId: tags.tagId,
      tagGroupId: tags.tagGroupId,
      code: tags.code,
      name: tags.name,
      priority: tags.priority,
      description: tags.description,
      createdAt: tags.createdAt,
      stationCount: sql<number>`coalesce(${held.n}, 0)`.mapWith(Number),
    })
    .from(tags)
    .leftJoin(held, eq(held.tagId, tags.tagId))
    .where(inArray(tags.tagGroupId, [...groupIds]))
    .orderBy(asc(tags.priority), asc(tags.tagId));
}

export const listCategories = (db: DbOrTx) =>
  db
    .select({ id: tagCategories.tagCategoryId, code: tagCategories.code, name: tagCategories.name })
    .from(tagCategories)
    .orderBy(asc(tagCategories.code));

export const listProviders = (db: DbOrTx) =>
  db
    .select({ id: tagProviders.tagProviderId, code: tagProviders.code, name: tagProviders.name })
    .from(tagProviders)
    .orderBy(asc(tagProviders.code));

/** A group by its code, as the editor changes it (locked in a transaction). */
export async function findGroup(db: DbOrTx, code: string) {
  const [row] = await db.select().from(tagGroups).where(eq(tagGroups.code, code)).for('update');
  return row;
}

export async function findTag(db: DbOrTx, code: string) {
  const [row] = await db.select().from(tags).where(eq(tags.code, code)).for('update');
  return row;
}

export async function findTooltip(db: DbOrTx, tagGroupId: number) {
  const [row] = await db.select().from(tagTooltips).where(eq(tagTooltips.tagGroupId, tagGroupId));
  return row?.text ?? null;
}

/** The next place in the catalogue's order, so a new group comes last. */
export async function nextGroupSort(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${tagGroups.sort})` }).from(tagGroups);
  return Number(row?.max ?? 0) + 1;
}

export async function insertGroup(db: DbOrTx, values: typeof tagGroups.$inferInsert) {
  const [row] = await db
    .insert(tagGroups)
    .values(values)
    .onConflictDoNothing({ target: tagGroups.code })
    .returning();
  return row;
}

export async function updateGroup(
  db: DbOrTx,
  tagGroupId: number,
  values: Partial<typeof tagGroups.$inferInsert>,
): Promise<void> {
  await db.update(tagGroups).set(values).where(eq(tagGroups.tagGroupId, tagGroupId));
}

export async function insertTag(db: DbOrTx, values: typeof tags.$inferInsert) {
  const [row] = await db.insert(tags).values(values).onConflictDoNothing({ target: tags.code }).returning();
  return row;
}

export async function updateTag(
  db: DbOrTx,
  tagId: number,
  values: Partial<typeof tags.$inferInsert>,
): Promise<void> {
  await db.update(tags).set(values).where(eq(tags.tagId, tagId));
}

export async function deleteTag(db: DbOrTx, tagId: number): Promise<void> {
  await db.delete(tags).where(eq(tags.tagId, tagId));
}

/** How many stations hold the tag, in either layer. */
export async function countHolders(db: DbOrTx, tagId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${resourceTags.resourceId})`.mapWith(Number) })
    .from(resourceTags)
    .where(eq(resourceTags.tagId, tagId));
  return row?.n ?? 0;
}

export async function upsertTooltip(db: DbOrTx, tagGroupId: number, text: string): Promise<void> {
  await db
    .insert(tagTooltips)
    .values({ tagGroupId, text })
    .onConflictDoUpdate({ target: tagTooltips.tagGroupId, set: { text } });
}

export async function deleteTooltip(db: DbOrTx, tagGroupId: number): Promise<void> {
  await db.delete(tagTooltips).where(eq(tagTooltips.tagGroupId, tagGroupId));
}

/** A page of the stations holding a tag (either layer), the latest set first, with their name and type. */
export async function listHolders(db: DbOrTx, tagId: number, pageNo: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        resourceId: resourceTags.resourceId,
        resourceName: stationDirectory.resourceName,
        resourceType: stationDirectory.resourceType,
        value: resourceTags.value,
        degree: resourceTags.degree,
        expire: resourceTags.expire,
        updatedAt: resourceTags.updatedAt,
      })
      .from(resourceTags)
      .innerJoin(stationDirectory, eq(stationDirectory.resourceId, resourceTags.resourceId))
      .where(eq(resourceTags.tagId, tagId))
      .orderBy(desc(resourceTags.updatedAt), asc(resourceTags.resourceTagId))
      .limit(pageSize)
      .offset(pageSize * (pageNo - 1)),
    db.select({ n: count() }).from(resourceTags).where(eq(resourceTags.tagId, tagId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}
