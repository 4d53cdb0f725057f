import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/database.js';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { chargingPaths } from '../modules/charging-paths/charging-paths.tables.js';
import { resetDatabase, testDatabase } from '../test/test-database.js';
import { DEMO_PATH_PLANS, seedChargingPaths } from './charging-paths.demo.js';
import { seededRandom } from './random.js';
import { demoRoadBooksService } from './road-books.demo.js';
import { DEMO_NETWORK_SIZES, seedStationNetwork } from './stations.demo.js';

const NOW = new Date('2026-11-22T08:00:00+08:00');
const DAY = 86_400_000;

describe('the demo charging paths', () => {
  let database: Database;
  let rows: (typeof chargingPaths.$inferSelect)[];

  beforeAll(async () => {
    database = await testDatabase();
    await resetDatabase(database);
    const { db } = database;
    await db.transaction((tx) =>
      seedStationNetwork(tx, seededRandom(20261121), { ...DEMO_NETWORK_SIZES.small, now: NOW }),
    );
    // Demo accounts in nio only (one of them deleted), and one beyond the ids the paths are spread over.
    await db.insert(accounts).values(
      ['ACC100000', 'ACC100001', 'ACC100002', 'ACC100003', 'ACC199999'].map((accountId) => ({
        tenant: 'nio',
        accountId,
        isDelete: accountId === 'ACC100003',
        createTime: NOW,
        updateTime: NOW,
      })),
    );
    await seedChargingPaths(db, demoRoadBooksService(db), {
      random: seededRandom(7),
      size: 'small',
      now: NOW,
    });
    rows = await db.select().from(chargingPaths);
  }, 60_000);

  it("should record a few thousand copies of real plans over the tenant's live demo accounts only", () => {
    expect(rows).toHaveLength(2_000);
    expect(new Set(rows.map((row) => row.tenant))).toEqual(new Set(['nio']));
    expect(new Set(rows.map((row) => row.accountId))).toEqual(
      new Set(['ACC100000', 'ACC100001', 'ACC100002']),
    );
    for (const row of rows) {
      expect(row.routes).not.toBeNull();
      expect(row.distance).toBe(Math.round(row.routes!.route.distance));
      expect(row.status).toBe(row.routes!.status === 0 ? 'planned' : 'not_reachable');
      expect(row.routes!.route.steps).toHaveLength(row.routes!.resources.length + 1);
    }
    // Every plan of the demo is somebody's path, with stops where the trip needs them.
    const plans = new Set(rows.map((row) => `${row.origName}→${row.destName} ${row.ratedRange}`));
    expect(plans.size).toBe(DEMO_PATH_PLANS.length);
    expect(rows.some((row) => row.routes!.resources.length >= 3)).toBe(true);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['planned', 'not_reachable']));
  });

  it('should spread the searches over 90 days and have about half of them rated', async () => {
    const times = rows.map((row) => row.searchTime.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
    expect(Math.min(...times)).toBeGreaterThan(NOW.getTime() - 90 * DAY);
    expect(times.filter((time) => time > NOW.getTime() - 7 * DAY).length).toBeGreaterThan(100);
    const rated = rows.filter((row) => row.commentaryRating !== null);
    expect(rated.length / rows.length).toBeGreaterThan(0.35);
    expect(rated.length / rows.length).toBeLessThan(0.55);
    expect(new Set(rated.map((row) => row.commentaryRating))).toEqual(new Set([1, 2, 3, 4, 5]));
    for (const row of rated)
      expect(row.commentaryTime!.getTime()).toBeGreaterThanOrEqual(row.searchTime.getTime());
    const [totals] = (
      (await database.db.execute(
        sql`select total::int as total from charging_path_totals where tenant = 'nio'`,
      )) as unknown as {
        rows: { total: number }[];
      }
    ).rows;
    expect(totals).toEqual({ total: 2_000 });
  });
});
