import { Column, is, SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.js';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A selected field as Drizzle keeps it: a column, an expression, or an expression with its alias. */
const decoderOf = (field: unknown): Decoder | undefined => {
  if (is(field, Column)) return field;
  // An expression's decoder (`mapWith`) is Drizzle's internal field, read as its own row mapping does.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  return undefined;
};

// JSON keeps numbers, booleans and JSON as the driver would hand them over; every other column type
// (text, times, numeric, arrays, bigint) goes as the text PostgreSQL prints, which is what Drizzle decodes.
const JSON_NATIVE = new Set(['number', 'boolean', 'json']);

/**
 * The rows of a flat select (each field a column or an expression) as one JSON value the database builds,
 * decoded as Drizzle decodes them: for a large batch, one text to parse instead of a text per field and
 * row, and no generic mapping per field (together most of an export's time on the event loop). A select
 * with nested objects is run as it is.
 */
export async function jsonRows<Row>(db: DbOrTx, query: PromiseLike<Row[]> & SQLWrapperQuery): Promise<Row[]> {
  const fields = Object.entries(query._.selectedFields);
  const decoders = fields.map(([, field]) => decoderOf(field));
  if (decoders.some((decoder) => decoder === undefined)) return await query;
  const names = fields.map((_, index) => sql.identifier(`c${index}`));
  const values = fields.map(([, field], index) =>
    is(field, Column) && !JSON_NATIVE.has(field.dataType)
      ? sql`s.${names[index]}::text`
      : sql`s.${names[index]}`,
  );
  const result = (await db.execute(
    sql`select coalesce(json_agg(json_build_array(${sql.join(values, sql`, `)})), '[]')::text as data
      from (${query.getSQL()}) as s(${sql.join(names, sql`, `)})`,
  )) as unknown as { rows: { data: string }[] };
  const keys = fields.map(([key]) => key);
  return (JSON.parse(result.rows[0]!.data) as unknown[][]).map((values) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index++) {
      const value = values[index];
      row[keys[index]!] = value === null ? null : decoders[index]!.mapFromDriverValue(value);
    }
    return row as Row;
  });
}

/** What of a Drizzle select `jsonRows` reads: its selection and its SQL. */
export interface SQLWrapperQuery {
  _: { selectedFields: Record<string, unknown> };
  getSQL(): SQL;
}
