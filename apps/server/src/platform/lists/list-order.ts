import { isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { parseSort, type SortDirection } from '@cmp/domain';

/**
 * What a list can be sorted by: a column of its table, or an expression over it with its SQL type (for a
 * cursor's value) and whether it can be null.
 */
export type SortKey = AnyPgColumn | { key: SQL; type: string; nullable?: boolean };

/**
 * Where nulls sort, as the list's indexes are built. `high` is PostgreSQL's default (an index built
 * ascending): last going up, first going down. `low` is an index built `.desc()` (DESC NULLS LAST): first
 * going up, last going down. A NOT NULL column still needs the right one: the planner matches an ORDER BY
 * to an index by its nulls too, and sorts the whole table when they differ.
 */
export type NullsOrder = 'high' | 'low';

export interface ListOrdering<Sortable extends string> {
  keys: Record<Sortable, SortKey>;
  /** The order when none is asked for. */
  default: `${NoInfer<Sortable>}:${SortDirection}`;
  nulls?: NullsOrder;
}

/** Where a batch of a list ended: its sort key as the database prints it (full precision), and its id. */
export interface ListCursor {
  value: string | null;
  id: string;
}

/** One resolved order of a list: the key, its direction, and how it orders, pages and resumes. */
export interface ListOrder {
  key: SQL;
  direction: SortDirection;
  /** ORDER BY: the key, then the id in the same direction, so pages never overlap. */
  by: SQL[];
  /** The rows after a cursor, in this order. */
  after(cursor: ListCursor): SQL;
}

interface ResolvedKey {
  key: SQL;
  type: string;
  nullable: boolean;
}

// Serial types are column types, not types a value can be cast to.
const CASTABLE: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };

const resolveKey = (key: SortKey): ResolvedKey =>
  'key' in key
    ? { key: key.key, type: key.type, nullable: key.nullable ?? false }
    : { key: sql`${key}`, type: castableType(key), nullable: !key.notNull };

export const castableType = (column: AnyPgColumn): string => {
  const type = column.getSQLType();
  return CASTABLE[type] ?? type;
};

/**
 * Turns a list's sort declaration into orders: `orderOf(sort)` checks the asked `column:asc|desc` against
 * the keys (a SortError, which answers 400, for any other) and falls back to the default.
 */
export function listOrdering<Sortable extends string>(
  ordering: ListOrdering<Sortable>,
  id: AnyPgColumn,
): (sort: string | undefined) => ListOrder {
  const names = Object.keys(ordering.keys) as Sortable[];
  const fallback = parseSort(ordering.default, names)!;
  const nullsLow = (ordering.nulls ?? 'high') === 'low';
  const idType = castableType(id);
  return (sort) => {
    const { column, direction } = parseSort(sort, names) ?? fallback;
    const { key, type, nullable } = resolveKey(ordering.keys[column]);
    const up = direction === 'asc';
    // In the direction read, do the nulls come before the values or after them?
    const nullsFirst = nullsLow === up;
    const written = sql.raw(`${up ? 'asc' : 'desc'} nulls ${nullsFirst ? 'first' : 'last'}`);
    const beyond = sql.raw(up ? '>' : '<');
    return {
      key,
      direction,
      by: [sql`${key} ${written}`, sql`${id} ${written}`],
      after(cursor) {
        const cursorId = sql`cast(${cursor.id} as ${sql.raw(idType)})`;
        if (cursor.value === null) {
          const amongNulls = sql`(${key} is null and ${id} ${beyond} ${cursorId})`;
          return nullsFirst ? or(amongNulls, isNotNull(key))! : amongNulls;
        }
        const value = sql`cast(${cursor.value} as ${sql.raw(type)})`;
        // A row comparison the index can start at, even among many rows of one value.
        const past = sql`(${key}, ${id}) ${beyond} (${value}, ${cursorId})`;
        return nullable && !nullsFirst ? or(past, isNull(key))! : past;
      },
    };
  };
}
