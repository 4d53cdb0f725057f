import pg from 'pg';
import { schemaTemplate } from '../platform/db/pglite-template.js';

/**
 * Names this run's PostgreSQL test databases after the vitest process, so two suites on one server
 * (a CI checkout and a working copy, say) never drop each other's databases, and removes the
 * databases of runs that have ended, whether they finished or were killed.
 */
const PREFIX = 'cmp_test_';
const RUN_DATABASE = new RegExp(`^${PREFIX}(\\d+)_w\\d+$`);

export async function setup(): Promise<(() => Promise<void>) | void> {
  process.env.CMP_TEST_RUN = String(process.pid);
  // Once here, rather than by the first test of every worker at the same time.
  await schemaTemplate();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  await dropDatabases(url, (runPid) => runPid !== process.pid && !isAlive(runPid));
  return () => dropDatabases(url, (runPid) => runPid === process.pid);
}

/** The name of one worker's database in this run. */
export function workerDatabaseName(run: string, poolId: string): string {
  return `${PREFIX}${run}_w${poolId}`;
}

async function dropDatabases(url: string, shouldDrop: (runPid: number) => boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like '${PREFIX}%'`,
    );
    for (const { datname } of rows) {
      const runPid = Number(RUN_DATABASE.exec(datname)?.[1]);
      // Databases of the older naming (no run id) belong to no live run.
      if (Number.isNaN(runPid) || shouldDrop(runPid)) {
        await admin.query(`drop database if exists "${datname}" with (force)`);
      }
    }
  } finally {
    await admin.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
