import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../platform/db/database.js';

type Row<T extends PgTable> = T['$inferInsert'];

/**
 * Inserts many rows with one statement: the rows travel as a single JSON parameter that the database
 * expands with json_to_recordset. On PGlite this is about three times faster than a VALUES list (its
 * cost per bound parameter dominates there), and no batch comes near the 65,535-parameter limit.
 * Reading and writing that JSON is most of the remaining cost, on both sides, so each row is sent
 * with short keys (`c0`, `c1` …) and without its null values.
 * Columns no row names get their defaults; a column some rows leave out is null in those rows.
 *
 * `shared` names values most rows hold (default opening hours): a row holding that very object sends
 * nothing for it, and the statement carries it once. Only for json and jsonb columns that are never null.
 */
export async function insertJsonRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly Row<T>[],
  shared: Partial<Row<T>> = {},
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key in columns);
  const sharedValues = shared as Record<string, unknown>;
  const aliases = keys.map((_, i) => `c${i}`);
  const records = rows.map((row) => {
    const values = row as Record<string, unknown>;
    const record: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = values[keys[i]!];
      if (value != null && value !== sharedValues[keys[i]!]) record[aliases[i]!] = value;
    }
    return record;
  });
  const targets: SQL[] = [];
  const selected: SQL[] = [];
  const definitions: SQL[] = [];
  keys.forEach((key, i) => {
    const column = columns[key]!;
    const type = sql.raw(column.getSQLType());
    const alias = sql.identifier(aliases[i]!);
    targets.push(sql`${sql.identifier(column.name)}`);
    definitions.push(sql`${alias} ${type}`);
    if (!(key in sharedValues)) {
      selected.push(sql`${alias}`);
      return;
    }
    if (!['json', 'jsonb'].includes(column.getSQLType())) {
      throw new Error(`shared value of ${key}: not a json column`);
    }
    selected.push(sql`coalesce(${alias}, ${JSON.stringify(sharedValues[key])}::${type})`);
  });
  const list = (parts: SQL[]) => sql.join(parts, sql.raw(', '));
  await db.execute(
    sql`insert into ${table} (${list(targets)})
        select ${list(selected)}
        from json_to_recordset(${JSON.stringify(records)}::json) as x(${list(definitions)})`,
  );
}
