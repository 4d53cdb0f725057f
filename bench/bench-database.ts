import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { defaultConfig } from '../apps/server/src/config.js';
import type { DatabaseOptions } from '../apps/server/src/platform/db/database.js';

/**
 * A new, empty database `name` on BENCH_DATABASE_URL's PostgreSQL server (default
 * postgres://root@127.0.0.1:5432/postgres), replacing one left by an earlier run, and how to drop it.
 */
export async function freshPostgresDatabase(
  name: string,
): Promise<{ options: DatabaseOptions; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    options: { kind: 'postgres', url: url.toString(), poolSize: defaultConfig().databasePoolSize },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** An empty database for one bench run: a temporary PGlite directory, or `pgName` on the PostgreSQL server. */
export async function freshBenchDatabase(
  driver: 'pglite' | 'postgres',
  pgName: string,
): Promise<{ options: DatabaseOptions; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cmp-bench-${pgName}-`));
    return {
      options: { kind: 'pglite', dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  return freshPostgresDatabase(pgName);
}
