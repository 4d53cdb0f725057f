/**
 * A portal process that only runs mall deliveries, for the test that kills one halfway through an order:
 *   node --import tsx mall-delivery-crash-worker.ts '<DatabaseOptions as JSON>'
 * Prints `running` once its runner started and `chunk` as each item's chunk starts writing; a chunk holds
 * its transaction a while after issuing the item's coupons, so a kill lands inside one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase, type DatabaseOptions } from '../../platform/db/database.js';
import type { JobKind } from '../../platform/jobs/job-kind.js';
import { Jobs } from '../../platform/jobs/jobs.js';
import { LocalFileStorage } from '../../platform/storage/file-storage.js';
import { mallDeliveryJobKind } from './mall-delivery.job.js';
import { OrdersService } from './orders.service.js';

const database = await openDatabase(JSON.parse(process.argv[2]!) as DatabaseOptions);
await database.migrate();
const jobs = new Jobs(database.db, new LocalFileStorage('/tmp/cmp-jobs-test'), console, {
  pollMs: 20,
  leaseMs: 1_000,
});
const orders = new OrdersService(database.db, jobs, 30);
const kind = mallDeliveryJobKind((...args) => orders.settle(...args));
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
        await sleep(2_000);
      },
    };
  },
};
jobs.register(slowed);
jobs.runner.start();
console.log('running');
