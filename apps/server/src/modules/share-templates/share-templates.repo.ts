import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type {
  SHARE_TEMPLATE_SORTABLE,
  ShareTemplateFilter,
} from '@cmp/domain/share-templates/share-templates';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { storedFileOwners } from '../files/stored-file-owners.views.js';
import { shareTemplatePictures, shareTemplates } from './share-templates.tables.js';

export type ShareTemplateRow = typeof shareTemplates.$inferSelect;
export type NewShareTemplate = typeof shareTemplates.$inferInsert;

export type ShareTemplateScopedFilter = Omit<ShareTemplateFilter, 'sort'> & { tenant: Tenant };

function shareTemplateWhere({ tenant, ...f }: ShareTemplateScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(shareTemplates.tenant, tenant)];
  if (f.shareType) conditions.push(eq(shareTemplates.shareType, f.shareType));
  if (f.shareInfoId) conditions.push(eq(shareTemplates.shareInfoId, f.shareInfoId));
  if (f.shareTitle) conditions.push(contains(shareTemplates.shareTitle, f.shareTitle));
  return and(...conditions)!;
}

/** The share template list: the latest changed first. */
export const shareTemplateList = defineList({
  table: shareTemplates,
  id: shareTemplates.shareTempletId,
  sort: {
    keys: {
      updatedAt: shareTemplates.updatedAt,
      createdAt: shareTemplates.createdAt,
      shareTempletId: shareTemplates.shareTempletId,
    } satisfies Record<(typeof SHARE_TEMPLATE_SORTABLE)[number], AnyPgColumn>,
    default: 'updatedAt:desc',
  },
  where: shareTemplateWhere,
  select: (db, cursor) =>
    db
      .select({ ...cursor, template: shareTemplates })
      .from(shareTemplates)
      .$dynamic(),
});

/** Each template's picture file ids in their order. */
export async function picturesOf(db: DbOrTx, templateIds: readonly number[]): Promise<Map<number, string[]>> {
  const byTemplate = new Map<number, string[]>(templateIds.map((id) => [id, []]));
  if (templateIds.length === 0) return byTemplate;
  const rows = await db
    .select()
    .from(shareTemplatePictures)
    .where(inArray(shareTemplatePictures.shareTempletId, [...templateIds]))
    .orderBy(asc(shareTemplatePictures.shareTempletId), asc(shareTemplatePictures.position));
  for (const row of rows) byTemplate.get(row.shareTempletId)?.push(row.fileId);
  return byTemplate;
}

export async function findShareTemplate(
  db: DbOrTx,
  tenant: Tenant,
  shareTempletId: number,
): Promise<ShareTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(shareTemplates)
    .where(and(eq(shareTemplates.tenant, tenant), eq(shareTemplates.shareTempletId, shareTempletId)));
  return row;
}

export async function lockShareTemplate(
  tx: DbOrTx,
  tenant: Tenant,
  shareTempletId: number,
): Promise<ShareTemplateRow | undefined> {
  const [row] = await tx
    .select()
    .from(shareTemplates)
    .where(and(eq(shareTemplates.tenant, tenant), eq(shareTemplates.shareTempletId, shareTempletId)))
    .for('update');
  return row;
}

/** Inserts the template unless the tenant's share info id is taken (the unique index decides). */
export async function insertShareTemplate(
  tx: DbOrTx,
  values: NewShareTemplate,
): Promise<ShareTemplateRow | undefined> {
  const [row] = await tx.insert(shareTemplates).values(values).onConflictDoNothing().returning();
  return row;
}

/** Writes the change unless another template of the tenant has the share info id; undefined then. */
export async function updateShareTemplate(
  tx: DbOrTx,
  tenant: Tenant,
  shareTempletId: number,
  values: Partial<NewShareTemplate>,
): Promise<ShareTemplateRow | undefined> {
  if (values.shareInfoId !== undefined) {
    const [taken] = await tx
      .select({ id: shareTemplates.shareTempletId })
      .from(shareTemplates)
      .where(
        and(
          eq(shareTemplates.tenant, tenant),
          eq(shareTemplates.shareInfoId, values.shareInfoId),
          sql`${shareTemplates.shareTempletId} <> ${shareTempletId}`,
        ),
      );
    if (taken) return undefined;
  }
  const [row] = await tx
    .update(shareTemplates)
    .set({ ...values, version: sql`${shareTemplates.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(shareTemplates.tenant, tenant), eq(shareTemplates.shareTempletId, shareTempletId)))
    .returning();
  return row!;
}

export async function replacePictures(tx: DbOrTx, shareTempletId: number, fileIds: readonly string[]) {
  await tx.delete(shareTemplatePictures).where(eq(shareTemplatePictures.shareTempletId, shareTempletId));
  if (fileIds.length === 0) return;
  await tx
    .insert(shareTemplatePictures)
    .values(fileIds.map((fileId, position) => ({ shareTempletId, position, fileId })));
}

export async function deleteShareTemplate(tx: DbOrTx, tenant: Tenant, shareTempletId: number): Promise<void> {
  await tx
    .delete(shareTemplates)
    .where(and(eq(shareTemplates.tenant, tenant), eq(shareTemplates.shareTempletId, shareTempletId)));
}

/** Of `fileIds`, those that are images the tenant uploaded. */
export async function tenantImages(
  db: DbOrTx,
  tenant: Tenant,
  fileIds: readonly string[],
): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .select({ fileId: storedFileOwners.fileId })
    .from(storedFileOwners)
    .where(
      and(
        inArray(storedFileOwners.fileId, [...fileIds]),
        eq(storedFileOwners.tenant, tenant),
        sql`${storedFileOwners.contentType} like 'image/%'`,
      ),
    );
  return new Set(rows.map((row) => row.fileId));
}

/** The tenant of a template showing the file, when one does: whose file the public route may serve. */
export async function sharedPictureTenant(db: DbOrTx, fileId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ tenant: shareTemplates.tenant })
    .from(shareTemplatePictures)
    .innerJoin(shareTemplates, eq(shareTemplates.shareTempletId, shareTemplatePictures.shareTempletId))
    .where(eq(shareTemplatePictures.fileId, fileId))
    .limit(1);
  return row?.tenant;
}
