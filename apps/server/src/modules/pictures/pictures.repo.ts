import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PICTURE_SORTABLE } from '@cmp/domain/stations/pictures';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { resourcePictures } from './pictures.tables.js';

export type PictureRow = typeof resourcePictures.$inferSelect;
export type NewPictureRow = typeof resourcePictures.$inferInsert;

export interface PictureFilter {
  resourceId: string;
  sourceId?: number;
  sceneId?: number;
  deleted: boolean;
  appVisible?: boolean;
}

export async function insertPicture(tx: DbOrTx, values: NewPictureRow): Promise<PictureRow> {
  const [row] = await tx.insert(resourcePictures).values(values).returning();
  return row!;
}

/** With `forUpdate`, the row stays locked until the transaction ends, so two changes cannot both pass a check. */
export async function findPicture(
  db: DbOrTx,
  pictureId: number,
  { forUpdate = false } = {},
): Promise<PictureRow | undefined> {
  const query = db.select().from(resourcePictures).where(eq(resourcePictures.pictureId, pictureId));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export async function updatePicture(
  tx: DbOrTx,
  pictureId: number,
  set: Partial<Pick<PictureRow, 'appVisible' | 'deleted' | 'operationExtData'>>,
): Promise<PictureRow> {
  const [row] = await tx
    .update(resourcePictures)
    .set({ ...set, updateTime: sql`now()` })
    .where(eq(resourcePictures.pictureId, pictureId))
    .returning();
  return row!;
}

function pictureWhere(filter: PictureFilter): SQL | undefined {
  const conditions: SQL[] = [
    eq(resourcePictures.resourceId, filter.resourceId),
    eq(resourcePictures.deleted, filter.deleted),
  ];
  if (filter.sourceId !== undefined) conditions.push(eq(resourcePictures.pictureSourceId, filter.sourceId));
  if (filter.sceneId !== undefined) conditions.push(eq(resourcePictures.pictureSceneId, filter.sceneId));
  if (filter.appVisible !== undefined) conditions.push(eq(resourcePictures.appVisible, filter.appVisible));
  return and(...conditions);
}

/** A station's pictures, the newest first. */
export const pictureList = defineList({
  table: resourcePictures,
  id: resourcePictures.pictureId,
  sort: {
    keys: {
      createTime: resourcePictures.createTime,
      updateTime: resourcePictures.updateTime,
      pictureId: resourcePictures.pictureId,
    } satisfies Record<(typeof PICTURE_SORTABLE)[number], AnyPgColumn>,
    default: 'createTime:desc',
  },
  where: pictureWhere,
  select: (db, cursor) =>
    db
      .select({ picture: resourcePictures, ...cursor })
      .from(resourcePictures)
      .$dynamic(),
});
