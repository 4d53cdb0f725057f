import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { WORKSHEET_SORTABLE, WorksheetListFilter } from '@cmp/domain/stations/worksheets';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database.js';
import { limitOffset, orderByFromSort } from '../../platform/http/paging.js';
import { resources } from '../stations/stations.tables.js';
import { worksheets } from './worksheets.tables.js';

export type WorksheetRow = typeof worksheets.$inferSelect & { resourceName: string; resourceType: string };

const selection = {
  worksheet: worksheets,
  resourceName: resources.resourceName,
  resourceType: resources.resourceType,
};

const toRow = (row: {
  worksheet: typeof worksheets.$inferSelect;
  resourceName: string;
  resourceType: string;
}): WorksheetRow => ({ ...row.worksheet, resourceName: row.resourceName, resourceType: row.resourceType });

const SORTABLE = {
  worksheetId: worksheets.worksheetId,
  createTime: worksheets.createdAt,
  updateTime: worksheets.updatedAt,
} satisfies Record<(typeof WORKSHEET_SORTABLE)[number], AnyPgColumn>;

/** One worksheet with its station's name and type; other areas use it to check a worksheet_id they are given. */
export async function findWorksheet(db: DbOrTx, worksheetId: number): Promise<WorksheetRow | undefined> {
  const [row] = await db
    .select(selection)
    .from(worksheets)
    .innerJoin(resources, eq(resources.resourceId, worksheets.resourceId))
    .where(eq(worksheets.worksheetId, worksheetId));
  return row ? toRow(row) : undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listWorksheets(db: DbOrTx, query: WorksheetListFilter) {
  const conditions: SQL[] = [];
  if (query.resourceId) conditions.push(eq(worksheets.resourceId, query.resourceId));
  if (query.status) conditions.push(eq(worksheets.status, query.status));
  if (query.keyword) conditions.push(ilike(worksheets.title, `%${escapeLike(query.keyword)}%`));
  const where = and(...conditions);
  const { limit, offset } = limitOffset(query);
  const [rows, [count]] = await Promise.all([
    db
      .select(selection)
      .from(worksheets)
      .innerJoin(resources, eq(resources.resourceId, worksheets.resourceId))
      .where(where)
      // Ids grow with time, so the newest worksheet comes first by default.
      .orderBy(
        ...orderByFromSort(query.sort, SORTABLE, [desc(worksheets.worksheetId)], worksheets.worksheetId),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(worksheets)
      .where(where),
  ]);
  return { items: rows.map(toRow), total: count?.n ?? 0 };
}

export async function insertWorksheet(db: DbOrTx, values: typeof worksheets.$inferInsert): Promise<number> {
  const [row] = await db.insert(worksheets).values(values).returning({ id: worksheets.worksheetId });
  return row!.id;
}

/** Closes an open worksheet; answers false when it was not open (already closed, or no such worksheet). */
export async function closeWorksheet(
  db: DbOrTx,
  worksheetId: number,
  values: { closedByName: string; closeRemark: string | null },
): Promise<boolean> {
  const now = new Date();
  const closed = await db
    .update(worksheets)
    .set({ ...values, status: 'closed', closedAt: now, updatedAt: now })
    .where(and(eq(worksheets.worksheetId, worksheetId), eq(worksheets.status, 'open')))
    .returning({ id: worksheets.worksheetId });
  return closed.length > 0;
}
