import { getTableName, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db/database.js';
import * as schema from './all-tables.js';
import { workerDatabaseName } from './global-setup.js';

/**
 * The database of this test worker: an in-memory PGlite, or with TEST_DATABASE_URL a database of
 * its own on that PostgreSQL server, so parallel workers and runs never see each other's rows.
 */
let shared: Promise<Database> | undefined;

export function testDatabase(): Promise<Database> {
  shared ??= open();
  return shared;
}

async function open(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  let database: Database;
  if (url) {
    const workerDb = workerDatabaseName(
      process.env.CMP_TEST_RUN ?? String(process.ppid),
      process.env.VITEST_POOL_ID ?? '0',
    );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${workerDb} with (force)`);
    await admin.query(`create database ${workerDb}`);
    await admin.end();
    const workerUrl = new URL(url);
    workerUrl.pathname = `/${workerDb}`;
    database = await openDatabase({ kind: 'postgres', url: workerUrl.toString(), poolSize: 5 });
  } else {
    database = await openDatabase({ kind: 'pglite-memory' });
  }
  await database.migrate();
  return database;
}

const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => `"${getTableName(table)}"`);

/** The tables holding a row: a test touches a few of some 150. */
const HELD_TABLES = sql.raw(
  TABLES.map((table) => `select '${table}' as name where exists (select 1 from ${table})`).join(
    ' union all ',
  ),
);

/** The tables' own id sequences that handed out a value since they last started. */
const USED_SEQUENCES = sql`
  select setval(format('%I.%I', s.schemaname, s.sequencename), s.start_value, false)
  from pg_sequences s
  join pg_namespace n on n.nspname = s.schemaname
  join pg_class c on c.relnamespace = n.oid and c.relname = s.sequencename
  join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')
  where s.last_value is not null`;

/**
 * Empties every table, so each test starts from a known state: the tables holding rows truncated, and every
 * id sequence a test used started again, as `truncate … restart identity` of all tables would leave them.
 * Truncating all 150 tables took 0.4 s a test on PostgreSQL, most of the database suite's time.
 */
export async function resetDatabase(database: Database): Promise<void> {
  const result = await database.db.execute(HELD_TABLES);
  const held = (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
  if (held.length > 0)
    await database.db.execute(sql.raw(`truncate ${held.join(', ')} restart identity cascade`));
  await database.db.execute(USED_SEQUENCES);
}
