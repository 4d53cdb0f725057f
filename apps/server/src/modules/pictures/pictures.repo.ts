import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { limitOffset, orderByFromSort } from '../../platform/http/paging.js';
import { resources } from '../stations/stations.tables.js';
import { resourcePictures } from './pictures.tables.js';

export type PictureRow = typeof resourcePictures.$inferSelect;
export type NewPictureRow = typeof resourcePictures.$inferInsert;

export interface PictureFilter {
  resourceId: string;
  sourceId?: number;
  sceneId?: number;
  deleted: boolean;
  appVisible?: boolean;
  pageNo: number;
  pageSize: number;
  sort?: string;
}

const SORTABLE = {
  createTime: resourcePictures.createTime,
  updateTime: resourcePictures.updateTime,
  pictureId: resourcePictures.pictureId,
};

export async function resourceExists(db: DbOrTx, resourceId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(resources)
    .where(eq(resources.resourceId, resourceId));
  return row !== undefined;
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

export async function listPictures(
  db: DbOrTx,
  filter: PictureFilter,
): Promise<{ rows: PictureRow[]; total: number }> {
  const conditions: SQL[] = [
    eq(resourcePictures.resourceId, filter.resourceId),
    eq(resourcePictures.deleted, filter.deleted),
  ];
  if (filter.sourceId !== undefined) conditions.push(eq(resourcePictures.pictureSourceId, filter.sourceId));
  if (filter.sceneId !== undefined) conditions.push(eq(resourcePictures.pictureSceneId, filter.sceneId));
  if (filter.appVisible !== undefined) conditions.push(eq(resourcePictures.appVisible, filter.appVisible));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(resourcePictures)
      .where(where)
      .orderBy(
        ...orderByFromSort(
          filter.sort,
          SORTABLE,
          [desc(resourcePictures.createTime), desc(resourcePictures.pictureId)],
          resourcePictures.pictureId,
        ),
      )
      .limit(limitOffset(filter).limit)
      .offset(limitOffset(filter).offset),
    db.select({ total: count() }).from(resourcePictures).where(where),
  ]);
  return { rows, total: counted!.total };
}
