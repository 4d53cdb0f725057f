import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '../db/database.js';
import { LocalFileStorage } from '../storage/file-storage.js';
import { COUNTING_KIND, countedBy, countingKind } from '../../test/counting-job.js';
import { Jobs } from './jobs.js';

const WORKER = path.resolve(import.meta.dirname, '../../test/counting-job-worker.ts');
const TOTAL = 400;

/** A database of the test's own, outside the worker's: PGlite in a directory, or a fresh PostgreSQL database. */
async function freshDatabaseOptions(): Promise<{ options: DatabaseOptions; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-job-crash-'));
    return {
      options: { kind: 'pglite', dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `cmp_job_crash_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    options: { kind: 'postgres', url: own.toString(), poolSize: 3 },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** Waits until the worker says its steps have committed at least `count` numbers. */
async function committed(output: Readable, count: number): Promise<void> {
  for await (const line of createInterface({ input: output })) {
    const at = /^at (\d+)$/.exec(line);
    if (at && Number(at[1]) >= count) return;
  }
  throw new Error(`the worker ended before committing ${count}`);
}

describe('a job whose process is killed', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('should finish after a restart from its last checkpoint, no row lost and none written twice', async () => {
    const { options, drop } = await freshDatabaseOptions();
    cleanups.push(drop);
    let database: Database = await openDatabase(options);
    await database.migrate();
    const setup = new Jobs(database.db, new LocalFileStorage('/tmp/cmp-jobs-test'), console);
    setup.register(countingKind({ chunkSize: 10 }));
    const job = await setup.enqueue({
      kind: COUNTING_KIND,
      tenant: 'nio',
      createdBy: { userId: 1, userName: 'ops' },
      params: { total: TOTAL },
    });
    // The embedded database has one holder at a time: the worker's turn.
    await database.close();

    const worker = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(async () => void worker.kill('SIGKILL'));
    // Killed once five chunks are committed, mid-job however fast the machine runs it: 40 chunks in all.
    await committed(worker.stdout, 50);
    worker.kill('SIGKILL');
    await once(worker, 'exit');

    database = await openDatabase(options);
    cleanups.push(() => database.close());
    const restarted = new Jobs(database.db, new LocalFileStorage('/tmp/cmp-jobs-test'), console, {
      pollMs: 50,
    });
    restarted.register(countingKind({ chunkSize: 10 }));
    const cut = (await restarted.queue.get(job.id))!;
    expect(cut.state).toBe('running');
    expect(cut.progressDone).toBeGreaterThan(0);
    expect(cut.progressDone).toBeLessThan(TOTAL);
    expect(await countedBy(database.db, job.id)).toEqual({
      records: cut.progressDone,
      distinct: cut.progressDone,
    });

    // The restarted portal takes the job over once the dead process's lease has run out.
    restarted.runner.start();
    cleanups.push(() => restarted.runner.stop());
    let finished = cut;
    for (let i = 0; i < 300 && finished.state !== 'succeeded'; i++) {
      await sleep(50);
      finished = (await restarted.queue.get(job.id))!;
    }
    expect(finished).toMatchObject({
      state: 'succeeded',
      progressDone: TOTAL,
      result: { counts: { written: TOTAL } },
    });
    expect(await countedBy(database.db, job.id)).toEqual({ records: TOTAL, distinct: TOTAL });
  }, 60_000);
});
