/**
 * Charging-discount quote benchmark (issue 31): the apps' `POST /api/app/activities/quote`, signed by the app
 * back end, on a network of `stations` stations (5 % swap) with `activities` live charging discounts, each
 * over `perActivity` random charge stations (so a station is in about activities × perActivity / stations of
 * them), with rules for one or two roles and a day of time-sharing slots, on PostgreSQL and on PGlite.
 *
 *   npx tsx bench/activity-quotes.ts [--stations=10000] [--activities=200] [--per-activity=500]
 *     [--quotes=2000] [--drivers=postgres,pglite]
 *
 * For each driver: a fresh database (on PostgreSQL `cmp_bench_quotes` on BENCH_DATABASE_URL's server, dropped
 * afterwards; a temporary directory for PGlite), migrations, the demo network generator and the activities
 * inserted directly, then the app in process. `quotes` quotes of random charge stations, users of random
 * roles and 4-hour windows starting within the next day, signed beforehand (the client's work), are sent one
 * after another through `app.inject` (signature check, nonce, validation, the two reads and the pricing; no
 * socket), after 100 unmeasured ones. It prints the median, p95 and p99 of a quote's latency and how many
 * slots and discounted slots the answers held.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Tenant } from '@cmp/domain';
import type { ChargingDiscountRules } from '@cmp/domain/activities/charging-discount';
import type { PriceQuote } from '@cmp/domain/activities/price-quote';
import { USER_ROLES } from '@cmp/domain/activities/user-roles';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { insertJsonRows } from '../apps/server/src/demo/bulk-insert.js';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { seedStationNetwork } from '../apps/server/src/demo/stations.demo.js';
import { activities, activityStations } from '../apps/server/src/modules/activities/activities.tables.js';
import { ensureDictionaries } from '../apps/server/src/modules/dictionaries/dictionaries.bootstrap.js';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database.js';
import { percentile, registerBenchAppClient, type BenchSigner } from './bench-app-client.js';
import { benchArgs } from './bench-args.js';
import { freshBenchDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';

type Driver = 'pglite' | 'postgres';

const TENANT = Tenant.parse('nio');
const PG_DATABASE = 'cmp_bench_quotes';
const HOUR = 3_600_000;
const URL_PATH = '/api/app/activities/quote';
const WARM_UP = 100;

const args = benchArgs();
const STATIONS = Number(args.stations ?? 10_000);
const ACTIVITIES = Number(args.activities ?? 200);
const PER_ACTIVITY = Number(args['per-activity'] ?? 500);
const QUOTES = Number(args.quotes ?? 2000);
const DRIVERS = (args.drivers ?? 'postgres,pglite').split(',') as Driver[];

/** A day of four slots, percent or promotional price, for one role and sometimes a narrower one too. */
function rulesOf(random: () => number): ChargingDiscountRules[] {
  const slots = (value: 'discount' | 'price') =>
    [
      ['00:00', '07:00'],
      ['07:00', '12:00'],
      ['12:00', '18:00'],
      ['18:00', '24:00'],
    ].map(([start, end]) => ({
      start: start!,
      end: end!,
      [value]:
        value === 'discount'
          ? Math.round((0.5 + random() * 0.45) * 100) / 100
          : Math.round(random() * 150) / 100,
    }));
  const rule = (userRole: ChargingDiscountRules['userRole']): ChargingDiscountRules =>
    random() < 0.5
      ? { userRole, discountType: 2, timesharing: slots('discount') }
      : { userRole, discountType: 1, timesharing: slots('price') };
  const first = USER_ROLES[Math.floor(random() * 2)]!;
  return random() < 0.5 ? [rule(first)] : [rule(first), rule('vehicle_owner')];
}

async function seed(database: Database): Promise<{ chargeStations: string[]; sign: BenchSigner }> {
  const random = seededRandom(20261129);
  const now = Date.now();
  const network = await database.db.transaction(async (tx) => {
    await ensureDictionaries(tx);
    const swaps = Math.round(STATIONS * 0.05);
    return seedStationNetwork(tx, random, { chargeStations: STATIONS - swaps, swapStations: swaps });
  });
  const ids = network.chargeStationIds;
  await database.db.transaction(async (tx) => {
    const rows = Array.from({ length: ACTIVITIES }, (_, i) => ({
      tenant: TENANT,
      activityType: 'charging_discount',
      activityName: `bench discount ${i + 1}`,
      state: 'started',
      beginTime: new Date(now - (1 + random() * 72) * HOUR),
      endTime: new Date(now + (24 + random() * 24 * 30) * HOUR),
      chargingDiscountRules: rulesOf(random),
      creatorId: 0,
      creatorName: 'bench',
    }));
    const created = await tx.insert(activities).values(rows).returning({ activityId: activities.activityId });
    const links = created.flatMap(({ activityId }) => {
      const chosen = new Set<string>();
      while (chosen.size < Math.min(PER_ACTIVITY, ids.length))
        chosen.add(ids[Math.floor(random() * ids.length)]!);
      return [...chosen].map((resourceId) => ({
        tenant: TENANT,
        activityId,
        resourceId,
        active: random() < 0.9,
      }));
    });
    for (let at = 0; at < links.length; at += 20_000) {
      await insertJsonRows(tx, activityStations, links.slice(at, at + 20_000));
    }
  });
  await database.db.execute(sql`vacuum analyze`);
  const sign = await registerBenchAppClient(database.db, TENANT);
  return { chargeStations: ids, sign };
}

async function benchDriver(driver: Driver): Promise<void> {
  const fresh = await freshBenchDatabase(driver, PG_DATABASE);
  const database = await openDatabase(fresh.options);
  await database.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-quotes-'));
  try {
    const seeding = performance.now();
    const { chargeStations, sign } = await seed(database);
    console.log(`${driver}: seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
    const app = await buildApp({
      config: defaultConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' }),
      database,
      logger: false,
    });
    try {
      const random = seededRandom(7);
      const requests = Array.from({ length: QUOTES + WARM_UP }, () => {
        const start = Math.floor((Date.now() + random() * 24 * HOUR) / 60_000) * 60_000;
        return sign('POST', URL_PATH, {
          resourceId: chargeStations[Math.floor(random() * chargeStations.length)],
          userRole: USER_ROLES[Math.floor(random() * USER_ROLES.length)],
          start,
          end: start + 4 * HOUR,
        });
      });
      const latencies: number[] = [];
      let slots = 0;
      let discounted = 0;
      for (const [index, { headers, body }] of requests.entries()) {
        const started = performance.now();
        const response = await app.inject({ method: 'POST', url: URL_PATH, headers, payload: body });
        const ms = performance.now() - started;
        if (response.statusCode !== 200)
          throw new Error(`quote answered ${response.statusCode}: ${response.body}`);
        if (index < WARM_UP) continue;
        latencies.push(ms);
        const quote = response.json<PriceQuote>();
        slots += quote.slots.length;
        discounted += quote.slots.filter((slot) => slot.activityId !== null).length;
      }
      latencies.sort((a, b) => a - b);
      console.log(
        `${driver}: ${QUOTES} quotes, latency median ${percentile(latencies, 50).toFixed(1)} ms, ` +
          `p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; ` +
          `${(slots / QUOTES).toFixed(1)} slots per quote, ${((discounted / slots) * 100).toFixed(0)} % discounted`,
      );
      if (percentile(latencies, 95) >= 20) process.exitCode = 1;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await fresh.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await runBench(
  `activity quotes: ${STATIONS} stations, ${ACTIVITIES} live charging discounts of ${PER_ACTIVITY} stations each`,
  async () => {
    for (const driver of DRIVERS) await benchDriver(driver);
  },
);
