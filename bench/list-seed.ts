import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { seedAccounts } from '../apps/server/src/demo/accounts.demo.js';
import { seedChargingPaths } from '../apps/server/src/demo/charging-paths.demo.js';
import { seedComments } from '../apps/server/src/demo/comments.demo.js';
import { seedCoupons } from '../apps/server/src/demo/coupons.demo.js';
import type { DemoContext } from '../apps/server/src/demo/demo-context.js';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { demoRoadBooksService } from '../apps/server/src/demo/road-books.demo.js';
import { seedStaff } from '../apps/server/src/demo/staff.demo.js';
import { seedStationNetwork } from '../apps/server/src/demo/stations.demo.js';
import { ensureDictionaries } from '../apps/server/src/modules/dictionaries/dictionaries.bootstrap.js';
import type { Database, Db } from '../apps/server/src/platform/db/database.js';
import { LocalFileStorage } from '../apps/server/src/platform/storage/file-storage.js';
import type { SeedFacts } from './list-scenarios.js';

/** The demo staff's password; `nio-viewer` is who the bench signs in as. */
export const BENCH_PASSWORD = 'bench-password-1';
export const BENCH_USER = 'nio-viewer';
// Data as of a fixed moment, so every run builds the same rows.
const DATA_AS_OF = new Date('2026-11-01T00:00:00Z');

export interface Seeded {
  facts: SeedFacts;
  seconds: number;
  rows: Record<string, number>;
}

const one = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

/**
 * The demo seeders of every measured list, with `stations` stations (5 % swap stations) instead of the demo's
 * small network; the other areas at the demo's small size (300,000 accounts, 20,000 comments, three coupon
 * batches a tenant, 3,000 charging paths). Then VACUUM ANALYZE, as autovacuum would have done by the time
 * anyone lists a freshly loaded network.
 */
export async function seedLists(database: Database, stations: number): Promise<Seeded> {
  const { db } = database;
  await database.migrate();
  await ensureDictionaries(db);
  const started = performance.now();
  const random = seededRandom(20261121);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-lists-files-'));
  try {
    await db.transaction(async (tx) => {
      const context: DemoContext = {
        tx,
        random,
        size: 'small',
        password: BENCH_PASSWORD,
        now: DATA_AS_OF,
        storage: new LocalFileStorage(filesDir),
      };
      await seedStaff(context);
      const swapStations = Math.round(stations * 0.05);
      await seedStationNetwork(tx, random, {
        chargeStations: stations - swapStations,
        swapStations,
        now: DATA_AS_OF,
      });
      await seedAccounts(context);
      await seedComments(context);
      await seedCoupons(context);
    });
    await db.execute(sql`analyze`);
    await seedChargingPaths(db, demoRoadBooksService(db), { random, size: 'small', now: DATA_AS_OF });
    await db.execute(sql`vacuum analyze`);
  } finally {
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;

  const { busiestCity } = await one<{ busiestCity: string }>(
    db,
    sql`select city_id as "busiestCity" from resources where city_id is not null
        group by city_id order by count(*) desc, city_id limit 1`,
  );
  const { busiestOperator } = await one<{ busiestOperator: string }>(
    db,
    sql`select operator_id as "busiestOperator" from resources
        where city_id = ${busiestCity} and resource_type = 'ChargeStation'
        group by operator_id order by count(*) desc, operator_id limit 1`,
  );
  const rows = await one<Record<string, number>>(
    db,
    sql`select (select count(*)::int from resources) as stations,
        (select count(*)::int from comments) as comments,
        (select count(*)::int from accounts) as accounts,
        (select count(*)::int from coupon_batches) as "coupon batches",
        (select count(*)::int from coupons) as coupons,
        (select count(*)::int from charging_paths) as "charging paths"`,
  );
  return {
    facts: { busiestCity, busiestOperator, deepPage: Math.min(2000, Math.floor(stations / 40)) },
    seconds,
    rows,
  };
}
