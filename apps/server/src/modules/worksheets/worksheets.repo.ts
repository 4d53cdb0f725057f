import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { parseSort } from '@cmp/domain';
import {
  WORKSHEET_SORTABLE,
  type WorksheetFilter,
  type WorksheetListFilter,
} from '@cmp/domain/stations/worksheets';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database.js';
import { limitOffset } from '../../platform/http/paging.js';
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

/** The list's conditions, which its export shares; all on `worksheets` itself, so the count needs no join. */
function worksheetWhere(filter: WorksheetFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.resourceId) conditions.push(eq(worksheets.resourceId, filter.resourceId));
  if (filter.status) conditions.push(eq(worksheets.status, filter.status));
  if (filter.keyword) conditions.push(ilike(worksheets.title, `%${escapeLike(filter.keyword)}%`));
  return and(...conditions);
}

const SORTABLE = {
  worksheetId: worksheets.worksheetId,
  createTime: worksheets.createdAt,
  updateTime: worksheets.updatedAt,
} satisfies Record<(typeof WORKSHEET_SORTABLE)[number], AnyPgColumn>;

export interface WorksheetOrder {
  column: AnyPgColumn;
  direction: 'asc' | 'desc';
}

/**
 * The requested order (checked against the sortable columns; 400 otherwise). Ids grow with time, so the
 * newest worksheet comes first by default.
 */
export function worksheetOrder(sort: string | undefined): WorksheetOrder {
  const order = parseSort(sort, WORKSHEET_SORTABLE);
  return order
    ? { column: SORTABLE[order.column], direction: order.direction }
    : { column: worksheets.worksheetId, direction: 'desc' };
}

/** The id breaks ties, so pages never overlap; every sortable column is NOT NULL. */
const orderBy = ({ column, direction }: WorksheetOrder) => [
  direction === 'asc' ? asc(column) : desc(column),
  asc(worksheets.worksheetId),
];

export async function listWorksheets(db: DbOrTx, query: WorksheetListFilter) {
  const where = worksheetWhere(query);
  const { limit, offset } = limitOffset(query);
  const [rows, total] = await Promise.all([
    db
      .select(selection)
      .from(worksheets)
      .innerJoin(resources, eq(resources.resourceId, worksheets.resourceId))
      .where(where)
      .orderBy(...orderBy(worksheetOrder(query.sort)))
      .limit(limit)
      .offset(offset),
    countWorksheets(db, query),
  ]);
  return { items: rows.map(toRow), total };
}

export async function countWorksheets(db: DbOrTx, filter: WorksheetFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(worksheets)
    .where(worksheetWhere(filter));
  return row?.n ?? 0;
}

/** Where an export batch ended: the sort value as the database prints it (full precision) and the id. */
export interface WorksheetCursor {
  value: string;
  worksheetId: number;
}

/**
 * Rows after the cursor in the list's order. The bound on the sort column alone lets an index start at
 * the cursor (the primary key for the default order); the second condition skips the rows before it that
 * share its value.
 */
function after({ column, direction }: WorksheetOrder, cursor: WorksheetCursor): SQL {
  const bound = direction === 'asc' ? sql`${column} >= ${cursor.value}` : sql`${column} <= ${cursor.value}`;
  const beyond = direction === 'asc' ? sql`${column} > ${cursor.value}` : sql`${column} < ${cursor.value}`;
  return and(bound, or(beyond, sql`${worksheets.worksheetId} > ${cursor.worksheetId}`))!;
}

/** One batch of an export, read by key (not offset) so every batch costs the same. */
export async function exportWorksheetBatch(
  db: DbOrTx,
  filter: WorksheetFilter,
  order: WorksheetOrder,
  cursor: WorksheetCursor | null,
  size: number,
): Promise<{ rows: WorksheetRow[]; next: WorksheetCursor | null }> {
  const rows = await db
    .select({ ...selection, cursorValue: sql<string>`${order.column}::text` })
    .from(worksheets)
    .innerJoin(resources, eq(resources.resourceId, worksheets.resourceId))
    .where(and(worksheetWhere(filter), cursor ? after(order, cursor) : undefined))
    .orderBy(...orderBy(order))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: rows.map(toRow),
    next:
      last && rows.length === size
        ? { value: last.cursorValue, worksheetId: last.worksheet.worksheetId }
        : null,
  };
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
