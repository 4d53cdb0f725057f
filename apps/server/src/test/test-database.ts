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

/** Empties every table, so each test starts from a known state. */
export async function resetDatabase(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`truncate ${TABLES.join(', ')} restart identity cascade`));
}
