/**
 * Lottery draw burst (issue 32): `users` users draw at once, through the apps' signed
 * `POST /api/app/lottery-draws`, in a lottery whose one gift bag can be won `quota` times, its award `quota`
 * coupons of a batch of `stock` coupons, on PostgreSQL and on PGlite.
 *
 *   npx tsx bench/lottery-draws.ts [--users=2000] [--quota=100] [--stock=1000] [--drivers=postgres,pglite]
 *
 * For each driver: a fresh database (on PostgreSQL `cmp_bench_draws` on BENCH_DATABASE_URL's server, dropped
 * afterwards; a temporary directory for PGlite), migrations, `users` accounts, the batch, the activity (started,
 * live now), its award and bag inserted directly, then the app in process. Every draw is signed beforehand (the
 * client's work) and all are sent at once through `app.inject`. It prints the burst's time, draws per second,
 * the median and p95 of a draw's latency, and what the database holds afterwards: wins, losses, the bag's and
 * the award's counts and the batch's stock, failing (exit code 1) unless exactly `quota` were won and given.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Tenant } from '@cmp/domain';
import type { LotteryDraw } from '@cmp/domain/rewards/lottery-draw-contracts';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { activities } from '../apps/server/src/modules/activities/activities.tables.js';
import { couponBatches, coupons } from '../apps/server/src/modules/coupons/coupons.tables.js';
import { awards, giftBags } from '../apps/server/src/modules/rewards/rewards.tables.js';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database.js';
import { insertAccountRange } from '../apps/server/src/test/account-fixtures.js';
import { insertCouponBatch } from '../apps/server/src/test/coupon-fixtures.js';
import { percentile, registerBenchAppClient } from './bench-app-client.js';
import { benchArgs } from './bench-args.js';
import { freshBenchDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';

type Driver = 'pglite' | 'postgres';

const TENANT = Tenant.parse('nio');
const PG_DATABASE = 'cmp_bench_draws';
const URL_PATH = '/api/app/lottery-draws';
const HOUR = 3_600_000;

const args = benchArgs();
const USERS = Number(args.users ?? 2000);
const QUOTA = Number(args.quota ?? 100);
const STOCK = Number(args.stock ?? 1000);
const DRIVERS = (args.drivers ?? 'postgres,pglite').split(',') as Driver[];

async function seed(database: Database) {
  await insertAccountRange(database.db, TENANT, USERS, 'B');
  const batch = await insertCouponBatch(database.db, TENANT, { amount: STOCK });
  const [activity] = await database.db
    .insert(activities)
    .values({
      tenant: TENANT,
      activityType: 'gift_bag_lottery_draw',
      activityName: 'bench lottery',
      state: 'started',
      beginTime: new Date(Date.now() - HOUR),
      endTime: new Date(Date.now() + 24 * HOUR),
      creatorId: 0,
      creatorName: 'bench',
    })
    .returning();
  const [bag] = await database.db
    .insert(giftBags)
    .values({ tenant: TENANT, activityId: activity!.activityId, lotteryQuota: QUOTA })
    .returning();
  const [award] = await database.db
    .insert(awards)
    .values({
      tenant: TENANT,
      activityId: activity!.activityId,
      giftBagId: bag!.giftBagId,
      awardCode: String(batch.couponBatchId),
      awardTitle: 'bench coupon',
      awardAmount: QUOTA,
    })
    .returning();
  const sign = await registerBenchAppClient(database.db, TENANT);
  return { activityId: activity!.activityId, bag: bag!, award: award!, batch, sign };
}

async function benchDriver(driver: Driver): Promise<void> {
  const fresh = await freshBenchDatabase(driver, PG_DATABASE);
  const database = await openDatabase(fresh.options);
  await database.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-draws-'));
  try {
    const { activityId, bag, award, batch, sign } = await seed(database);
    const app = await buildApp({
      config: defaultConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' }),
      database,
      logger: false,
    });
    try {
      const requests = Array.from({ length: USERS }, (_, i) =>
        sign('POST', URL_PATH, { activityId, accountId: `B${i}`, requestId: `bench-draw-${i}` }),
      );
      const latencies: number[] = [];
      const burst = performance.now();
      const draws = await Promise.all(
        requests.map(async ({ headers, body }) => {
          const started = performance.now();
          const response = await app.inject({ method: 'POST', url: URL_PATH, headers, payload: body });
          latencies.push(performance.now() - started);
          if (response.statusCode !== 200)
            throw new Error(`draw answered ${response.statusCode}: ${response.body}`);
          return response.json<LotteryDraw>();
        }),
      );
      const seconds = (performance.now() - burst) / 1000;
      latencies.sort((a, b) => a - b);
      const wins = draws.filter((d) => d.drawState === 'win').length;
      const [storedBag] = await database.db
        .select()
        .from(giftBags)
        .where(eq(giftBags.giftBagId, bag.giftBagId));
      const [storedAward] = await database.db.select().from(awards).where(eq(awards.awardId, award.awardId));
      const [storedBatch] = await database.db
        .select()
        .from(couponBatches)
        .where(eq(couponBatches.couponBatchId, batch.couponBatchId));
      const [{ holders } = { holders: 0 }] = await database.db
        .select({ holders: sql<number>`count(distinct ${coupons.accountId})::int` })
        .from(coupons)
        .where(eq(coupons.couponBatchId, batch.couponBatchId));
      console.log(
        `${driver}: ${USERS} draws at once in ${seconds.toFixed(2)} s (${(USERS / seconds).toFixed(0)} draws/s), ` +
          `latency median ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms; ` +
          `${wins} won, ${draws.length - wins} lost (${new Set(draws.map((d) => d.drawStateLoseReason)).size} reasons); ` +
          `bag won ${storedBag!.won}/${storedBag!.lotteryQuota}, award given ${storedAward!.issueAmount}/${storedAward!.awardAmount}, ` +
          `batch stock ${storedBatch!.stockAmount}/${STOCK}, ${holders} holders`,
      );
      const exact =
        wins === QUOTA &&
        storedBag!.won === QUOTA &&
        storedAward!.issueAmount === QUOTA &&
        storedBatch!.stockAmount === STOCK - QUOTA &&
        holders === QUOTA;
      if (!exact) {
        console.log(`${driver}: NOT EXACT`);
        process.exitCode = 1;
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await fresh.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await runBench(`lottery draw burst: ${USERS} users at once on a bag of ${QUOTA}`, async () => {
  for (const driver of DRIVERS) await benchDriver(driver);
});
