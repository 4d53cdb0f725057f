import { z } from 'zod';
import { INT4, integerParam, text } from '../shared/input.js';

export const DEFAULT_PAGE_NO = 1;
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 40, 50] as const;
/** The spec fetches user lists "in pages of 1000"; nothing may ask for more in one page. */
export const MAX_PAGE_SIZE = 1000;
/** Any page a list could have; the offset it makes stays far within what a query takes. */
export const MAX_PAGE_NO = INT4.max;

export type SortDirection = 'asc' | 'desc';
export interface SortOrder<C extends string = string> {
  column: C;
  direction: SortDirection;
}

export const pageOffset = (pageNo: number, pageSize: number): number => pageSize * (pageNo - 1);

const SORT_PATTERN = /^([A-Za-z_][A-Za-z0-9_]*):(asc|desc)$/;

/**
 * Parses `column:asc|desc` and checks the column against the list's whitelist.
 * Returns `undefined` for an empty string so callers fall back to their default order.
 */
export function parseSort<C extends string>(
  sort: string | undefined,
  sortable: readonly C[],
): SortOrder<C> | undefined {
  if (sort === undefined || sort === '') return undefined;
  const match = SORT_PATTERN.exec(sort);
  if (!match) throw new SortError(`sort must look like column:asc or column:desc, got "${sort}"`);
  const column = match[1] as C;
  if (!sortable.includes(column)) {
    throw new SortError(`cannot sort by "${column}"; sortable columns: ${sortable.join(', ')}`);
  }
  return { column, direction: match[2] as SortDirection };
}

export class SortError extends Error {
  override name = 'SortError';
}

/** Query part shared by every list; each list adds its own filters and checks `sort` with `parseSort`. */
export const PageQuery = z.object({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
  sort: text(100).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int().nonnegative() });

export interface Page<T> {
  items: T[];
  total: number;
}
