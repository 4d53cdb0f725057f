import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { WORKSHEET_SORTABLE, WorksheetFilter } from '@cmp/domain/stations/worksheets';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { stationDirectory } from '../stations/stations.views.js';
import { worksheets } from './worksheets.tables.js';

/** A worksheet with its station's name and type. */
export interface WorksheetRow {
  worksheet: typeof worksheets.$inferSelect;
  resourceName: string;
  resourceType: string;
}

function withStation<E extends SelectedFields>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({
      worksheet: worksheets,
      resourceName: stationDirectory.resourceName,
      resourceType: stationDirectory.resourceType,
      ...extra,
    })
    .from(worksheets)
    .innerJoin(stationDirectory, eq(stationDirectory.resourceId, worksheets.resourceId));
}

export async function findWorksheet(db: DbOrTx, worksheetId: number): Promise<WorksheetRow | undefined> {
  const [row] = await withStation(db).where(eq(worksheets.worksheetId, worksheetId));
  return row;
}

/** The station a worksheet is on, or undefined for no such worksheet. */
export async function stationOfWorksheet(db: DbOrTx, worksheetId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ resourceId: worksheets.resourceId })
    .from(worksheets)
    .where(eq(worksheets.worksheetId, worksheetId));
  return row?.resourceId;
}

/** The list's conditions, which its export shares; all on `worksheets` itself, so the count needs no join. */
function worksheetWhere(filter: WorksheetFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.resourceId) conditions.push(eq(worksheets.resourceId, filter.resourceId));
  if (filter.status) conditions.push(eq(worksheets.status, filter.status));
  if (filter.keyword) conditions.push(contains(worksheets.title, filter.keyword));
  return and(...conditions);
}

/** The worksheet list: ids grow with time, so the newest worksheet comes first by default. */
export const worksheetList = defineList({
  table: worksheets,
  id: worksheets.worksheetId,
  sort: {
    keys: {
      worksheetId: worksheets.worksheetId,
      createTime: worksheets.createdAt,
      updateTime: worksheets.updatedAt,
    } satisfies Record<(typeof WORKSHEET_SORTABLE)[number], AnyPgColumn>,
    default: 'worksheetId:desc',
  },
  where: worksheetWhere,
  select: (db, cursor) => withStation(db, cursor).$dynamic(),
});

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
