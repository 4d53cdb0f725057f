import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { migrationStatus } from './migration-status.js';
import { MIGRATIONS_FOLDER } from './migrations-folder.js';
import { copyTemplate, PGDATA, schemaTarball, schemaTemplate } from './pglite-template.js';
import { MAX_PREPARED_STATEMENTS, withPreparedStatements } from './pglite-prepared.js';

/** The Drizzle handle every repository takes; the same type whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction is used exactly like the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * A query built once per database handle, then run with new values (`sql.placeholder`): building a
 * Drizzle select of a few joined tables costs 70 to 180 µs, about what PostgreSQL takes to run it. A
 * transaction is a handle of its own and builds it once for its duration.
 */
export function builtOnce<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The PostgreSQL server's address, for a connection of its own outside the pool (LISTEN). */
  url?: string;
  /** An embedded data directory that held no database and was made from its template by this open. */
  created: boolean;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

// Any constant works; it only has to be the same in every process of one deployment.
const MIGRATION_LOCK_KEY = 4_206_2026;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize: number }
  /**
   * `template`: answers the data directory a new `dataDir` starts as a copy of (the demo's, say); asked
   * only for a new one, once its lock is held. By default an empty, migrated database.
   * `settings`: PostgreSQL settings for this run only.
   */
  | {
      kind: 'pglite';
      dataDir: string;
      template?: () => Promise<string>;
      settings?: Record<string, string>;
    }
  | { kind: 'pglite-memory' };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolSize);
  const release = options.kind === 'pglite' ? lockDataDir(options.dataDir) : () => {};
  try {
    const created = options.kind === 'pglite' && !hasDatabase(options.dataDir);
    if (created) await copyTemplate(await (options.template ?? schemaTemplate)(), options.dataDir);
    const client =
      options.kind === 'pglite'
        ? await openDataDir(options.dataDir, options.settings)
        : await PGlite.create({ loadDataDir: await schemaTarball(), startParams: startParams() });
    const db = drizzlePglite({
      client: withPreparedStatements(client) as unknown as PGlite,
    }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      created,
      // The migrator reads and hashes every migration file before it asks the database anything; a
      // restart of an up-to-date directory needs only the count (one process owns a PGlite directory).
      migrate: async () => {
        if (!(await migrationStatus(db)).current) {
          await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
        }
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite clears PostgreSQL's whole buffer pool when it starts, so the default 128 MB is resident from the
 * first second. The embedded database serves one portal process and the demo (or one test worker); 32 MB
 * holds what its pages read again and again, and the operating system caches the rest of the files (an
 * in-memory database has them in memory already). About 100 MB less per database.
 */
const EMBEDDED_SETTINGS = { shared_buffers: '32MB' };

const hasDatabase = (dataDir: string): boolean => fs.existsSync(path.join(dataDir, PGDATA));

function openDataDir(dataDir: string, settings: Record<string, string> = {}): Promise<PGlite> {
  return PGlite.create({ dataDir: path.join(dataDir, PGDATA), startParams: startParams(settings) });
}

const startParams = (settings: Record<string, string> = {}): string[] => [
  ...PGlite.defaultStartParams,
  ...Object.entries({ ...EMBEDDED_SETTINGS, ...settings }).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]),
];

/**
 * Names each parameterised statement after its text, so that node-postgres prepares it on a connection
 * the first time and afterwards only binds and executes it: PostgreSQL then parses and plans it once per
 * connection instead of on every call. The first MAX_PREPARED_STATEMENTS texts get names, which bounds
 * what each connection keeps prepared; later ones run unnamed, as before.
 */
function prepareStatements(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED_STATEMENTS) {
      name = `cmp_s${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      const name =
        isUnnamedStatement(config) && Array.isArray(values) && values.length > 0
          ? nameOf(config.text)
          : undefined;
      return query(name ? { ...(config as object), name } : config, values, callback);
    }) as typeof client.query;
  });
}

/** A query config as Drizzle passes it: text without a name (not a submittable query object). */
const isUnnamedStatement = (config: unknown): config is { text: string } =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as { text?: unknown }).text === 'string' &&
  !(config as { name?: unknown }).name &&
  typeof (config as { submit?: unknown }).submit !== 'function';

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server ends (a restart, a failover, an administrator) is an 'error' event on the
  // pool; unheard, it would end the process. The pool drops that client and opens a new one when needed.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
  prepareStatements(pool);
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    url,
    created: false,
    // Several processes may start at once against one server: only one applies migrations.
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}
