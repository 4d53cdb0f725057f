import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { LocalFileStorage } from '../storage/file-storage.js';
import { resetDatabase, testDatabase } from '../../test/test-database.js';
import { COUNTING_KIND, countedBy, countingKind, type CountingOptions } from '../../test/counting-job.js';
import { z } from 'zod';
import { defineJobKind } from './job-kind.js';
import { Jobs } from './jobs.js';
import { jobs as jobsTable } from './jobs.tables.js';
import type { JobRunnerOptions } from './job-runner.js';
import type { JobRow } from './job-queue.js';

const log = { warn: () => {} };
const FAST: Partial<JobRunnerOptions> = { pollMs: 20, leaseMs: 5_000, maxAttempts: 3, backoffMs: () => 10 };
const creator = { userId: 7, userName: 'ops' };

describe('the job runner', () => {
  let database: Database;
  const running: Jobs[] = [];
  const platform = (counting: CountingOptions, options: Partial<JobRunnerOptions> = {}) => {
    const jobs = new Jobs(database.db, new LocalFileStorage('/tmp/cmp-jobs-test'), log, {
      ...FAST,
      ...options,
    });
    jobs.register(countingKind(counting));
    running.push(jobs);
    return jobs;
  };
  const enqueue = (jobs: Jobs, total: number) =>
    jobs.enqueue({ kind: COUNTING_KIND, tenant: 'nio', createdBy: creator, params: { total } });
  // Waits for the job's state, however slow the machine, within the test's own limit.
  const untilJob = async (jobs: Jobs, jobId: number, reached: (row: JobRow) => boolean, what: string) => {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(20)) {
      const row = await jobs.queue.get(jobId);
      if (row && reached(row)) return row;
    }
    throw new Error(`job ${jobId} did not reach ${what}`);
  };
  const until = (jobs: Jobs, jobId: number, states: string[]) =>
    untilJob(jobs, jobId, (row) => states.includes(row.state), states.join(' or '));

  beforeEach(async () => {
    database = await testDatabase();
    await resetDatabase(database);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((jobs) => jobs.runner.stop()));
  });

  it('should run a job chunk by chunk to success, with progress, a result, and every row written once', async () => {
    const jobs = platform({ chunkSize: 7 });
    const job = await enqueue(jobs, 50);
    expect(job.state).toBe('queued');
    jobs.runner.start();

    const done = await until(jobs, job.id, ['succeeded']);
    expect(done).toMatchObject({
      progressDone: 50,
      progressTotal: 50,
      result: { counts: { written: 50 }, files: [] },
      error: null,
      leaseOwner: null,
    });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
    expect(await countedBy(database.db, job.id)).toEqual({ records: 50, distinct: 50 });
  });

  it("should run other jobs beside jobs that hang, which keep to their kind's slots and to one per client", async () => {
    const jobs = platform({ chunkSize: 5 });
    const started: string[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    jobs.register(
      defineJobKind<{ client: string }, null>({
        kind: 'test.hang',
        params: z.object({ client: z.string() }),
        concurrency: 2,
        concurrencyKey: ['client'],
        async step({ params }) {
          started.push(params.client);
          await released;
          return { result: { counts: {}, files: [] } };
        },
      }),
    );
    const hang = (client: string) =>
      jobs.enqueue({ kind: 'test.hang', tenant: 'nio', createdBy: creator, params: { client } });
    for (const client of ['a', 'a', 'a', 'b']) await hang(client);
    const counting = await enqueue(jobs, 20);
    jobs.runner.start();
    try {
      // The counting job runs to the end while the hanging ones wait on their clients.
      expect((await until(jobs, counting.id, ['succeeded'])).state).toBe('succeeded');
      await expect.poll(() => [...started].sort(), { timeout: 10_000, interval: 20 }).toEqual(['a', 'b']);
    } finally {
      release();
    }
    // Released, client a's other jobs run one after another.
    await expect.poll(() => started.length, { timeout: 10_000, interval: 20 }).toBe(4);
  });

  it('should stop while its slots are still looking for work', async () => {
    const jobs = platform({ chunkSize: 5 });
    jobs.runner.start();

    // Every slot is in its first claim: each must see the stop when its claim answers, not wait to be woken.
    await jobs.runner.stop();

    expect(await jobs.queue.get(1)).toBeUndefined();
  });

  it('should cancel a queued job at once and a running one at its next chunk', async () => {
    const jobs = platform({ chunkSize: 1, chunkMs: 20 });
    const queued = await enqueue(jobs, 5);
    expect((await jobs.queue.requestCancel(queued.id))?.state).toBe('cancelled');

    const running = await enqueue(jobs, 1000);
    jobs.runner.start();
    const started = await until(jobs, running.id, ['running']);
    expect(started.state).toBe('running');
    await untilJob(jobs, running.id, (row) => row.progressDone > 0, 'its first chunk');
    await jobs.queue.requestCancel(running.id);
    const cancelled = await until(jobs, running.id, ['cancelled']);

    const { records } = await countedBy(database.db, running.id);
    expect(records).toBeGreaterThan(0);
    expect(records).toBeLessThan(1000);
    expect(cancelled.progressDone).toBe(records);
    expect(await countedBy(database.db, queued.id)).toEqual({ records: 0, distinct: 0 });
  });

  it('should retry a failed chunk after its backoff and go on from its checkpoint', async () => {
    let failures = 2;
    const jobs = platform({ chunkSize: 10, fails: (next) => next === 20 && failures-- > 0 });
    const job = await enqueue(jobs, 40);
    jobs.runner.start();

    const done = await until(jobs, job.id, ['succeeded', 'failed']);
    expect(done.state).toBe('succeeded');
    expect(done.attempts).toBe(0);
    expect(await countedBy(database.db, job.id)).toEqual({ records: 40, distinct: 40 });
  });

  it('should fail a job whose chunk fails every try, with a readable error, keeping what earlier chunks wrote', async () => {
    const backoffs: number[] = [];
    const jobs = platform(
      { chunkSize: 10, fails: (next) => next === 20 },
      { backoffMs: (attempt) => (backoffs.push(attempt), 10) },
    );
    const job = await enqueue(jobs, 40);
    jobs.runner.start();

    const failed = await until(jobs, job.id, ['failed']);
    expect(failed.error).toBe('the chunk from 20 failed (failed 3 times)');
    expect(failed.progressDone).toBe(20);
    expect(backoffs).toEqual([1, 2]);
    expect(await countedBy(database.db, job.id)).toEqual({ records: 20, distinct: 20 });
  });

  it('should let another runner take over a job whose lease ran out, and refuse the old holder its checkpoint', async () => {
    const first = platform({ chunkSize: 5, chunkMs: 300 }, { leaseMs: 100 });
    const job = await enqueue(first, 10);
    first.runner.start();
    await until(first, job.id, ['running']);
    // The first runner's chunk outlives its lease: the second takes the job from its checkpoint.
    const second = platform({ chunkSize: 5 }, { leaseMs: 5_000 });
    await sleep(150);
    second.runner.start();

    const done = await until(second, job.id, ['succeeded']);
    expect(done.state).toBe('succeeded');
    await first.runner.stop();
    expect(await countedBy(database.db, job.id)).toEqual({ records: 10, distinct: 10 });
  });

  it('should run each of many jobs exactly once with two runners at work', async () => {
    const a = platform({ chunkSize: 3 });
    const b = platform({ chunkSize: 3 });
    const queued = await Promise.all(Array.from({ length: 12 }, () => enqueue(a, 9)));
    a.runner.start();
    b.runner.start();

    for (const job of queued) {
      expect((await until(a, job.id, ['succeeded'])).state).toBe('succeeded');
      expect(await countedBy(database.db, job.id)).toEqual({ records: 9, distinct: 9 });
    }
  });

  it('should remove finished jobs older than the retention, and only those', async () => {
    const jobs = platform({ chunkSize: 10 });
    const old = await enqueue(jobs, 1);
    const recent = await enqueue(jobs, 1);
    const pending = await enqueue(jobs, 1);
    await database.db.execute(
      sql`update ${jobsTable} set state = 'succeeded', finished_at = now() - interval '8 days' where id = ${old.id}`,
    );
    await database.db.execute(
      sql`update ${jobsTable} set state = 'succeeded', finished_at = now() - interval '6 days' where id = ${recent.id}`,
    );

    expect(await jobs.queue.removeFinishedBefore(7)).toEqual([old.id]);
    expect(await jobs.queue.get(old.id)).toBeUndefined();
    expect((await jobs.queue.get(recent.id))?.state).toBe('succeeded');
    expect((await jobs.queue.get(pending.id))?.state).toBe('queued');
  });

  it('should refuse to queue a job of a kind nobody registered, or with parameters its kind refuses', async () => {
    const jobs = platform({ chunkSize: 1 });
    await expect(
      jobs.enqueue({ kind: 'nothing', tenant: 'nio', createdBy: creator, params: {} }),
    ).rejects.toThrow('no job kind nothing is registered');
    await expect(
      jobs.enqueue({ kind: COUNTING_KIND, tenant: 'nio', createdBy: creator, params: { total: -1 } }),
    ).rejects.toThrow();
  });
});
