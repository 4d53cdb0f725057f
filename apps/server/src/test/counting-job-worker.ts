/**
 * A portal process that only runs counting jobs, for the test that kills one mid-job:
 *   node --import tsx counting-job-worker.ts '<DatabaseOptions as JSON>'
 * Prints `at <n>` as each step starts, n being the numbers the steps before it committed.
 */
import { openDatabase, type DatabaseOptions } from '../platform/db/database.js';
import { Jobs } from '../platform/jobs/jobs.js';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { countingKind } from './counting-job.js';

const database = await openDatabase(JSON.parse(process.argv[2]!) as DatabaseOptions);
await database.migrate();
const jobs = new Jobs(database.db, new LocalFileStorage('/tmp/cmp-jobs-test'), console, {
  pollMs: 20,
  leaseMs: 1_000,
});
jobs.register(countingKind({ chunkSize: 10, chunkMs: 40, onStep: (next) => console.log(`at ${next}`) }));
jobs.runner.start();
