/**
 * Road-book API benchmark: route planning through HTTP at 100,000 (or 1,000,000) stations.
 *
 *   npx tsx bench/road-book-api.ts [--stations=100000] [--runs=50] [--warmup=10] [--database=pglite]
 *
 * An in-memory PGlite, or with `--database=postgres` a database `cmp_bench_road_books` created on
 * BENCH_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/postgres) and dropped afterwards,
 * gets the demo station network (`seedStationNetwork`, 9 % swap stations, as bench/demo-seed.ts). The
 * tables are analysed after the load, as a server's autovacuum would have done. Then:
 *   1. the planner's station index built from the database (`PlanningStations`): the scan, the index build
 *      and the heap they leave, three times;
 *   2. the app (`buildApp`) listening on 127.0.0.1, an operator signed in through the API; its first plan
 *      includes the app's own index build;
 *   3. per trip, `runs` requests one after the other (after `warmup`): POST route/options (every plan),
 *      POST route/preview (the recommended plan's stops) and POST road-books (a save: preview, regions,
 *      the rows and the audit); beside them the planner alone on the same index, so the difference is
 *      the API's own share (basic info of the listed stations, validation, JSON, HTTP).
 * Wall time per request, median and 95th percentile; the process's CPU time per options request.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { RoutePlanListResponse } from '@cmp/domain/road-books/road-book';
import { RoutePlanningFilterSchema } from '@cmp/domain/road-books/route-plan';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { seedStationNetwork } from '../apps/server/src/demo/stations.demo.js';
import { EstimatedRoutingProvider } from '../apps/server/src/modules/road-books/planning/estimated-routing.js';
import { RoutePlanner } from '../apps/server/src/modules/road-books/planning/route-planner.js';
import { StationIndex } from '../apps/server/src/modules/road-books/planning/station-index.js';
import {
  PlanningStations,
  toStationRecord,
} from '../apps/server/src/modules/road-books/planning-stations.js';
import { planningStationRows } from '../apps/server/src/modules/road-books/road-books.repo.js';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { freshPostgresDatabase } from './bench-database.js';
import { benchArgs } from './bench-args.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const args = benchArgs();
const STATIONS = Number(args.stations ?? 100_000);
const RUNS = Number(args.runs ?? 50);
const WARMUP = Number(args.warmup ?? 10);
const DRIVER = args.database ?? 'pglite';
if (DRIVER !== 'pglite' && DRIVER !== 'postgres') throw new Error('--database is pglite or postgres');
const AS_OF = new Date('2026-11-22T00:00:00+08:00');
const USER = 'bench-operator';
const PASSWORD = 'bench-password-1';

const TRIPS = [
  {
    name: 'Beijing → Shanghai',
    originPoint: { longitude: 116.4074, latitude: 39.9042 },
    destinationPoint: { longitude: 121.4737, latitude: 31.2304 },
  },
  {
    name: 'Shanghai → Guangzhou',
    originPoint: { longitude: 121.4737, latitude: 31.2304 },
    destinationPoint: { longitude: 113.2644, latitude: 23.1291 },
  },
];

/** Heap plus array buffers (the index's typed columns and tree live outside the heap). */
const kept = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))}`;
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

async function repeat(run: () => Promise<unknown>): Promise<{ wall: number[]; cpuMedian: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpuMark = process.cpuUsage();
    const [, elapsed] = await timed(run);
    const used = process.cpuUsage(cpuMark);
    wall.push(elapsed);
    cpu.push((used.user + used.system) / 1000);
  }
  return {
    wall,
    cpuMedian: percentile(
      [...cpu].sort((a, b) => a - b),
      50,
    ),
  };
}

async function main() {
  console.log(
    `road-book API at ${STATIONS.toLocaleString('en-US')} stations on ${DRIVER}; ${os.cpus().length} cores ` +
      `(${os.cpus()[0]?.model}), Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const target =
    DRIVER === 'postgres'
      ? await freshPostgresDatabase('cmp_bench_road_books')
      : { options: { kind: 'pglite-memory' } as const, drop: async () => {} };
  const database = await openDatabase(target.options);
  await database.migrate();
  const swapStations = Math.round(STATIONS * 0.09);
  const [, seedMs] = await timed(() =>
    database.db.transaction((tx) =>
      seedStationNetwork(tx, seededRandom(20261121), {
        chargeStations: STATIONS - swapStations,
        swapStations,
        now: AS_OF,
      }),
    ),
  );
  // PGlite runs no autovacuum: without statistics the basic-info lookups scan every plug (a server's
  // autovacuum would have analysed the tables by now, but not yet after this load).
  const [, analyzeMs] = await timed(() => database.db.execute(sql`analyze`));
  console.log(
    `demo network seeded in ${(seedMs / 1000).toFixed(1)} s, analysed in ${(analyzeMs / 1000).toFixed(1)} s`,
  );

  console.log('\n| index from the database | scan (rows) | build | PlanningStations.get() | memory kept |');
  console.log('|---|---|---|---|---|');
  for (let round = 1; round <= 3; round++) {
    gc();
    const heapBefore = kept();
    const [rows, scanMs] = await timed(() => planningStationRows(database.db));
    const rowCount = rows.length;
    const [index, buildMs] = await timed(async () =>
      StationIndex.build(rows.flatMap((row) => toStationRecord(row) ?? [])),
    );
    rows.length = 0;
    gc();
    // What the index keeps, once the rows it was built from are gone.
    const retained = kept() - heapBefore;
    const [, totalMs] = await timed(() => new PlanningStations(database.db, { refreshIntervalMs: 0 }).get());
    console.log(
      `| round ${round} | ${ms(scanMs)} (${rowCount.toLocaleString('en-US')}) | ${ms(buildMs)} | ` +
        // Later rounds free the earlier rounds' indexes meanwhile: only the first measures what one keeps.
        `${ms(totalMs)} | ${round === 1 ? mb(retained) : '—'} (${index.size.toLocaleString('en-US')} stations) |`,
    );
  }

  const userId = await staffRepo.insertStaffUser(database.db, {
    userName: USER,
    displayName: USER,
    passwordHash: await hashPassword(PASSWORD),
    disabled: false,
    mustChangePassword: false,
  });
  await staffRepo.replaceRoles(database.db, userId, [{ tenant: 'nio', role: 'operator' }]);
  const app = await buildApp({
    config: defaultConfig({ logLevel: 'silent', webDist: '/nonexistent', dataDir: os.tmpdir() }),
    database,
    logger: false,
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ userName: USER, password: PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('cmp_session='))!
    .split(';')[0]!;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}/api/nio${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return text;
  };

  const [, firstMs] = await timed(() => post('/road-books/route/options', TRIPS[0]));
  console.log(`\nfirst plan through the API (the app builds its index): ${ms(firstMs)}`);

  const index = await new PlanningStations(database.db, { refreshIntervalMs: 0 }).get();
  const planner = new RoutePlanner(new EstimatedRoutingProvider(), index);
  console.log(
    '\n| trip | plans (distinct) | candidates | options response | planner alone | options via HTTP | ' +
      'options CPU | preview via HTTP | save via HTTP |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const trip of TRIPS) {
    const { name, ...request } = trip;
    const answer = await post('/road-books/route/options', request);
    const list = JSON.parse(answer) as RoutePlanListResponse;
    const recommended = list.plans.find((p) => p.tags.includes('recommended'))!;
    const chosen = { ...request, resources: recommended.resources };
    const alone = await repeat(() => planner.plan(RoutePlanningFilterSchema.parse(request)));
    const options = await repeat(() => post('/road-books/route/options', request));
    const preview = await repeat(() => post('/road-books/route/preview', chosen));
    const save = await repeat(() => post('/road-books', { ...chosen, name }));
    console.log(
      `| ${name} | ${list.plans.length} | ${recommended.candidateCount} | ` +
        `${(answer.length / 1024).toFixed(0)} KB | ${summary(alone.wall)} | ${summary(options.wall)} | ` +
        `${ms(options.cpuMedian)} | ${summary(preview.wall)} | ${summary(save.wall)} |`,
    );
  }
  console.log('\n(wall times: median / p95 of', RUNS, 'requests after', WARMUP, 'warm-up ones)');
  await app.close();
  await database.close();
  await target.drop();
}

await main();
