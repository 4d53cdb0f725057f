import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { MIGRATIONS_FOLDER } from './migrations-folder.js';

export interface MigrationStatus {
  applied: number;
  expected: number;
  current: boolean;
}

const expectedMigrations = (): number => {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
};

export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  const applied = Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
  const expected = expectedMigrations();
  return { applied, expected, current: applied === expected };
}
