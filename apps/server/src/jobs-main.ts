/**
 * The job process (`platform/jobs/job-process.ts`): forked by a server on PostgreSQL, it gets the server's
 * settings as its first message, builds the portal's modules for their job kinds and runs those marked
 * `apart`, at the lowest CPU priority, until the server stops it or goes away.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './platform/db/database.js';
import { APART_KINDS, type JobProcessMessage } from './platform/jobs/job-process.js';
import { LocalFileStorage } from './platform/storage/file-storage.js';

/** Two connections: a chunk's reads, and its checkpoint's transaction beside the next chunk's read ahead. */
const POOL_SIZE = 2;

/**
 * Every thread of this process at the lowest priority (on Linux a priority is a thread's; those started
 * later, as libuv's pool, take their starter's). Elsewhere the process's, which is what it sets there.
 */
function lowestPriority(): void {
  const threads = fs.existsSync('/proc/self/task') ? fs.readdirSync('/proc/self/task').map(Number) : [0];
  for (const thread of threads) {
    try {
      os.setPriority(thread, os.constants.priority.PRIORITY_LOW);
    } catch {
      // A thread that ended meanwhile.
    }
  }
}

async function run(config: Config): Promise<void> {
  if (!config.databaseUrl) throw new Error('the job process runs beside a server on PostgreSQL only');
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: POOL_SIZE });
  const app = await buildApp({
    // The planner's index serves plans, which this process never makes.
    config: { ...config, routePlannerPreload: false },
    database,
    storage: new LocalFileStorage(path.join(config.dataDir, 'files')),
    jobPlacement: APART_KINDS,
    role: 'jobs',
  });
  await app.ready();
  process.on('message', (message: JobProcessMessage) => {
    if ('queued' in message) app.jobs.runner.notify();
  });
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  // The server went away without stopping this process.
  process.on('disconnect', () => void close());
}

lowestPriority();
// Ctrl-C in a terminal reaches every process of the group: the server stops this one in its own time.
process.on('SIGINT', () => undefined);
process.once('message', (message: JobProcessMessage) => {
  if (!('config' in message)) return;
  run(message.config).catch((error: unknown) => {
    process.stderr.write(
      `The job process could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
});
