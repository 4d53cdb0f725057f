import { and, inArray, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { pageOffset } from '@cmp/domain';
import type { DbOrTx } from '../db/database.js';
import { jsonRows, type SQLWrapperQuery } from './json-rows.js';
import { listOrdering, type ListCursor, type ListOrder, type ListOrdering } from './list-order.js';

/** The columns a list's selection carries for its cursor; a row answers them as text. */
export type CursorColumns = {
  listCursorValue: SQL<string | null>;
  listCursorId: SQL<string>;
};
type CursorFields = { listCursorValue: string | null; listCursorId: string };

/**
 * A select the list finishes: Drizzle's `$dynamic()` query of the list's rows and their joins, to which
 * the list adds its condition and its order (and a limit).
 */
export interface ListSelect<Row> extends PromiseLike<Row[]>, SQLWrapperQuery {
  where(where: SQL | undefined): ListSelect<Row>;
  orderBy(...by: SQL[]): ListSelect<Row>;
  limit(limit: number): ListSelect<Row>;
}

export interface ListDeclaration<Filter, Row, Sortable extends string> {
  /**
   * The table whose rows the list shows (or another module's read-only view of its own, `*.views.ts`); its
   * filter and its order are on it alone.
   */
  table: PgTable | Subquery;
  /** A unique, not null column of the table: it breaks ties, so pages never overlap and a cursor is exact. */
  id: AnyPgColumn;
  sort: ListOrdering<Sortable>;
  /**
   * The filter's conditions, on the table alone (another table only through an id subquery), so that a
   * count needs no join and a page's ids come from the table's own indexes.
   */
  where: (filter: Filter) => SQL | undefined;
  /** The rows with what they join, spreading `cursor` into the selection. */
  select: (db: DbOrTx, cursor: CursorColumns) => ListSelect<Row & CursorFields>;
  /**
   * The total a trigger keeps for the filter, when it keeps one (the whole list of a tenant, say);
   * undefined to count it.
   */
  keptTotal?: (db: DbOrTx, filter: Filter) => Promise<number> | undefined;
}

export interface ListPage {
  pageNo: number;
  pageSize: number;
}

/** A list's filter with the order asked for (`column:asc|desc`), as list queries carry it. */
export type Sorted<Filter> = Filter & { sort?: string };

export interface DefinedList<Filter, Row> {
  /** The order asked for; a SortError (400) for a column the list cannot sort by. */
  order(sort: string | undefined): ListOrder;
  /** One page by offset and the filter's total; on PostgreSQL both at once. */
  page(db: DbOrTx, filter: Sorted<Filter>, page: ListPage): Promise<{ rows: Row[]; total: number }>;
  count(db: DbOrTx, filter: Filter): Promise<number>;
  /** The rows after `cursor` in the list's order, read by key so every batch costs the same. */
  batch(
    db: DbOrTx,
    filter: Sorted<Filter>,
    cursor: ListCursor | null,
    size: number,
  ): Promise<{ rows: Row[]; next: ListCursor | null }>;
}

/**
 * A list from its declaration: its order, its pages with their total, its count and its export batches.
 * A page finds its ids on the table alone (its indexes, its offset) and joins only those rows.
 */
export function defineList<Filter, Row, Sortable extends string>(
  declaration: ListDeclaration<Filter, Row, Sortable>,
): DefinedList<Filter, Row> {
  const { table, id, where, select, keptTotal } = declaration;
  const order = listOrdering(declaration.sort, id);
  const cursorColumns = (key: SQL): CursorColumns => ({
    listCursorValue: sql<string | null>`(${key})::text`,
    listCursorId: sql<string>`(${id})::text`,
  });
  const count = async (db: DbOrTx, filter: Filter): Promise<number> => {
    const kept = keptTotal?.(db, filter);
    if (kept) return kept;
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .where(where(filter));
    return row?.n ?? 0;
  };
  return {
    order,
    count,
    async page(db, filter, { pageNo, pageSize }) {
      const ordered = order(filter.sort);
      const ids = db
        .select({ id })
        .from(table)
        .where(where(filter))
        .orderBy(...ordered.by)
        .limit(pageSize)
        .offset(pageOffset(pageNo, pageSize));
      const [rows, total] = await Promise.all([
        select(db, cursorColumns(ordered.key))
          .where(inArray(id, ids))
          .orderBy(...ordered.by),
        count(db, filter),
      ]);
      return { rows, total };
    },
    async batch(db, filter, cursor, size) {
      const ordered = order(filter.sort);
      // Batches are an export's bulk: read as one JSON value (json-rows.ts), which the database builds in
      // the batch's order, since it aggregates the rows of the ordered, limited select as they come.
      const rows = await jsonRows(
        db,
        select(db, cursorColumns(ordered.key))
          .where(and(where(filter), cursor ? ordered.after(cursor) : undefined))
          .orderBy(...ordered.by)
          .limit(size),
      );
      const last = rows.at(-1);
      return {
        rows,
        next: last && rows.length === size ? { value: last.listCursorValue, id: last.listCursorId } : null,
      };
    },
  };
}

/** Whether a filter narrows its list at all, given the keys that only scope or order it. */
export const narrows = (filter: object, scope: readonly string[]): boolean =>
  Object.entries(filter).some(
    ([key, value]) => value !== undefined && key !== 'sort' && !scope.includes(key),
  );
