import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { pageOffset, parseSort, type PageQuery } from '@cmp/domain';

export const limitOffset = (query: PageQuery) => ({
  limit: query.pageSize,
  offset: pageOffset(query.pageNo, query.pageSize),
});

/**
 * ORDER BY for a list: the requested `column:asc|desc` checked against the list's sortable columns,
 * then the default, then the tie-breaker so pages never overlap.
 */
export function orderByFromSort<C extends string>(
  sort: string | undefined,
  columns: Record<C, AnyPgColumn>,
  fallback: (SQL | AnyPgColumn)[],
  tieBreaker: AnyPgColumn,
): (SQL | AnyPgColumn)[] {
  const order = parseSort(sort, Object.keys(columns) as C[]);
  const primary = order ? [(order.direction === 'asc' ? asc : desc)(columns[order.column])] : fallback;
  return [...primary, asc(tieBreaker)];
}
