import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { MIGRATIONS_FOLDER } from './migrations-folder.js';
import { preparedDirectory } from './pglite-template.js';

/** What a schema is: every column, index, constraint, trigger and function, and the migrations applied. */
const SCHEMA_QUERIES = [
  `select table_schema, table_name, column_name, data_type, column_default, is_nullable
     from information_schema.columns where table_schema in ('public', 'drizzle')
     order by 1, 2, 3`,
  `select schemaname, tablename, indexname, indexdef from pg_indexes
     where schemaname in ('public', 'drizzle') order by 1, 2, 3`,
  `select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def from pg_constraint
     where connamespace = 'public'::regnamespace order by 1, 2`,
  `select tgrelid::regclass::text as rel, tgname from pg_trigger where not tgisinternal order by 1, 2`,
  `select proname, prosrc from pg_proc where pronamespace = 'public'::regnamespace order by 1, 2`,
  `select hash, created_at from drizzle.__drizzle_migrations order by id`,
];

async function rowsOf(database: Database, text: string): Promise<unknown[]> {
  return ((await database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;
}

async function schemaOf(query: (text: string) => Promise<unknown[]>): Promise<unknown[][]> {
  const parts: unknown[][] = [];
  for (const text of SCHEMA_QUERIES) parts.push(await query(text));
  return parts;
}

describe('the prepared empty database', () => {
  it('should equal, table for table, one made by running the migrations', async () => {
    const migrated = await PGlite.create();
    await migrate(drizzle({ client: migrated }), { migrationsFolder: MIGRATIONS_FOLDER });
    const expected = await schemaOf(async (text) => (await migrated.query(text)).rows);
    await migrated.close();

    const fromTemplate = await openDatabase({ kind: 'pglite-memory' });
    const actual = await schemaOf((text) => rowsOf(fromTemplate, text));
    await fromTemplate.close();

    expect(expected[0]!.length).toBeGreaterThan(300);
    expect(expected[5]!.length).toBeGreaterThan(15);
    expect(actual).toEqual(expected);
  });

  it('should give a new data directory a database that needs no migration and keeps what is written', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-template-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      await first.migrate();
      await rowsOf(
        first,
        `insert into staff_users (user_name, display_name, password_hash) values ('wang', '王伟', 'x')`,
      );
      await first.close();

      const again = await openDatabase({ kind: 'pglite', dataDir });
      const rows = await rowsOf(again, `select display_name from staff_users`);
      await again.close();
      expect(rows).toEqual([{ display_name: '王伟' }]);
      expect(fs.readdirSync(dataDir).filter((entry) => entry.endsWith('.partial'))).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a prepared directory', () => {
  let cache: string;
  beforeEach(() => {
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-prepared-'));
  });
  afterEach(() => fs.rmSync(cache, { recursive: true, force: true }));

  const writing = (content: string) => async (dir: string) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    fs.writeFileSync(path.join(dir, 'content'), content);
  };

  it('should be built once, and two builders at the same time should both get the complete one', async () => {
    const [a, b] = await Promise.all([
      preparedDirectory(cache, 'kind', 's1', writing('first')),
      preparedDirectory(cache, 'kind', 's1', writing('second')),
    ]);
    expect(a).toBe(path.join(cache, 'kind-s1'));
    expect(b).toBe(a);
    expect(['first', 'second']).toContain(fs.readFileSync(path.join(a, 'content'), 'utf8'));
    expect(fs.readdirSync(cache)).toEqual(['kind-s1']);

    let builtAgain = false;
    await preparedDirectory(cache, 'kind', 's1', async () => {
      builtAgain = true;
    });
    expect(builtAgain).toBe(false);
  });

  it('should leave nothing behind when the build fails', async () => {
    await expect(
      preparedDirectory(cache, 'kind', 's1', async (dir) => {
        fs.writeFileSync(path.join(dir, 'half'), 'x');
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(fs.readdirSync(cache)).toEqual([]);
  });

  it('should remove older builds of the same kind once they are old enough, and no other kind', async () => {
    await preparedDirectory(cache, 'kind', 'old', writing('old'));
    await preparedDirectory(cache, 'other', 'x', writing('other'));
    const twoHoursAgo = new Date(Date.now() - 7_200_000);
    fs.utimesSync(path.join(cache, 'kind-old'), twoHoursAgo, twoHoursAgo);
    await preparedDirectory(cache, 'kind', 'recent', writing('recent'));
    await preparedDirectory(cache, 'kind', 'new', writing('new'));

    expect(fs.readdirSync(cache).sort()).toEqual(['kind-new', 'kind-recent', 'other-x']);
  });
});
