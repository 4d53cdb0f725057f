/**
 * A portal process that only runs coupon generation jobs, for the test that kills one mid-generation:
 *   node --import tsx coupon-generation-crash-worker.ts '<DatabaseOptions as JSON>'
 * Prints `running` once its runner started and `chunk` as each chunk starts writing; a chunk holds its
 * transaction a while, so a kill lands inside one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase, type DatabaseOptions } from '../../platform/db/database.js';
import type { JobKind } from '../../platform/jobs/job-kind.js';
import { Jobs } from '../../platform/jobs/jobs.js';
import { LocalFileStorage } from '../../platform/storage/file-storage.js';
import { couponGenerationJobKind } from './coupon-generation.job.js';

const CRASH_CHUNK = 500;

const database = await openDatabase(JSON.parse(process.argv[2]!) as DatabaseOptions);
await database.migrate();
const jobs = new Jobs(database.db, new LocalFileStorage('/tmp/cmp-jobs-test'), console, {
  pollMs: 20,
  leaseMs: 1_000,
});
const kind = couponGenerationJobKind({ chunkSize: CRASH_CHUNK });
const slowed: JobKind = {
  ...kind,
  step: async (context) => {
    const step = await kind.step(context);
    const write = step.write;
    if (!write) return step;
    return {
      ...step,
      write: async (tx) => {
        console.log('chunk');
        await write(tx);
        await sleep(100);
      },
    };
  },
};
jobs.register(slowed);
jobs.runner.start();
console.log('running');
