/**
 * Road-book API benchmark: route planning through HTTP at 100,000 (or 1,000,000) stations.
 *
 *   npx tsx bench/road-book-api.ts [--stations=100000] [--runs=50] [--warmup=10] [--database=pglite]
 *     [--database-name=cmp_bench_road_books] [--keep]
 *
 * An in-memory PGlite, or with `--database=postgres` a database `--database-name` created on
 * BENCH_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/postgres) and dropped afterwards,
 * gets the demo station network (`seedStationNetwork`, 9 % swap stations, as bench/demo-seed.ts). The
 * tables are analysed after the load, as a server's autovacuum would have done (`--keep` keeps the
 * database and a later run reuses it). Then:
 *   1. the planner's station index built from the database (`PlanningStations`): the scan alone, the whole
 *      build (scan, index, tree sorted in a worker thread), the longest event-loop delay during the build
 *      (`monitorEventLoopDelay`) and the memory the index keeps, three times;
 *   2. a tree rebuild: on this thread (what every rebuild cost before), then as the server does it, 12,000
 *      stations moved in the database and read by the incremental poll, which outgrows the overlay and
 *      rebuilds the tree in the background: the poll and rebuild's wall time and longest event-loop delay;
 *   3. the app (`buildApp`) started on 127.0.0.1 with its index loading in the background: an operator
 *      signs in meanwhile, `GET /api/health` is asked every 100 ms, and route options are asked until
 *      they are answered (503 `planner_loading` before): the time from `listen` to the first plan, the
 *      longest health answer and event-loop delay meanwhile;
 *   4. per trip, `runs` requests one after the other (after `warmup`): POST route/options (every plan),
 *      POST route/preview (the recommended plan's stops) and POST road-books (a save: preview, regions,
 *      the rows and the audit); beside them the planner alone on the same index, so the difference is
 *      the API's own share (basic info of the listed stations, validation, JSON, HTTP).
 * Wall time per request, median and 95th percentile; the process's CPU time per options request.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
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
import { PlanningStations } from '../apps/server/src/modules/road-books/planning-stations.service.js';
import { planningStationRows } from '../apps/server/src/modules/road-books/road-books.repo.js';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import pg from 'pg';
import type { DatabaseOptions } from '../apps/server/src/platform/db/database.js';
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
const DATABASE_NAME = args['database-name'] ?? 'cmp_bench_road_books';
/** Keeps the PostgreSQL database after the run and reuses one a run kept (seeding a million takes minutes). */
const KEEP = args.keep !== undefined;
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

/** A database a `--keep` run left, when there is one; the run keeps it again. */
async function keptPostgresDatabase(
  name: string,
): Promise<{ options: DatabaseOptions; drop: () => Promise<void> } | null> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  await client.end();
  if (found.rowCount === 0) return null;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { options: { kind: 'postgres', url: url.toString(), poolSize: 10 }, drop: async () => {} };
}

async function benchDatabase(): Promise<{ options: DatabaseOptions; drop: () => Promise<void> }> {
  if (DRIVER === 'pglite') return { options: { kind: 'pglite-memory' }, drop: async () => {} };
  const kept = KEEP ? await keptPostgresDatabase(DATABASE_NAME) : null;
  if (kept) return kept;
  const fresh = await freshPostgresDatabase(DATABASE_NAME);
  return KEEP ? { ...fresh, drop: async () => {} } : fresh;
}

async function main() {
  console.log(
    `road-book API at ${STATIONS.toLocaleString('en-US')} stations on ${DRIVER}; ${os.cpus().length} cores ` +
      `(${os.cpus()[0]?.model}), Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const target = await benchDatabase();
  const database = await openDatabase(target.options);
  await database.migrate();
  const seeded = (await database.db.execute(sql`select count(*)::int as n from resources`)) as unknown as {
    rows: { n: number }[];
  };
  if (seeded.rows[0]!.n === STATIONS) {
    console.log(`demo network of the kept database ${DATABASE_NAME} reused`);
  } else {
    if (seeded.rows[0]!.n > 0) throw new Error(`${DATABASE_NAME} holds another network: drop it first`);
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
  }

  const loadAverage = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  /** The run's wall time and the longest event-loop delay while it ran. */
  async function delayed<T>(run: () => Promise<T>): Promise<[T, number, number]> {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const [result, elapsed] = await timed(run);
    histogram.disable();
    return [result, elapsed, histogram.max / 1e6];
  }

  console.log(
    '\n| index from the database | scan alone (rows) | whole build: PlanningStations.get() | ' +
      'longest event-loop delay in the build | memory kept | load average |',
  );
  console.log('|---|---|---|---|---|---|');
  let planningStations: PlanningStations | null = null;
  for (let round = 1; round <= 3; round++) {
    const [rows, scanMs] = await timed(() => planningStationRows(database.db));
    const rowCount = rows.length;
    rows.length = 0;
    planningStations = null;
    gc();
    const heapBefore = kept();
    const stations = new PlanningStations(database.db, { refreshIntervalMs: 0 });
    const [index, buildMs, buildDelay] = await delayed(() => stations.get());
    planningStations = stations;
    gc();
    // What the index keeps; later rounds free the earlier rounds' indexes meanwhile, so only the first tells.
    const retained = kept() - heapBefore;
    console.log(
      `| round ${round} | ${ms(scanMs)} (${rowCount.toLocaleString('en-US')}) | ${ms(buildMs)} | ` +
        `${ms(buildDelay)} | ${round === 1 ? mb(retained) : '—'} (${index.size.toLocaleString('en-US')} stations) | ` +
        `${loadAverage()} |`,
    );
  }

  const index = await planningStations!.get();
  const [, syncRebuildMs] = await timed(async () => index.rebuild());
  // Moved by a few metres and saved now: the next poll reads them (the overlay holds 1 % of the stations).
  const MOVED = 12_000;
  const move = (by: number) =>
    database.db.execute(sql`
      update resources set longitude = longitude + ${by}, basic_info_update_time = now()
      where resource_id in (
        select resource_id from resources where active and status not in (1, 3) order by resource_id limit ${MOVED})`);
  await move(0.0001);
  const [read, pollMs, pollDelay] = await delayed(async () => {
    const rows = await planningStations!.refresh();
    if (!index.treeRebuild) throw new Error('the poll did not outgrow the overlay');
    await index.treeRebuild;
    return rows;
  });
  await move(-0.0001);
  console.log(
    `\n| tree rebuild at ${index.size.toLocaleString('en-US')} stations | wall | longest event-loop delay | load average |`,
  );
  console.log('|---|---|---|---|');
  console.log(
    `| on the event loop (\`StationIndex.rebuild()\`) | ${ms(syncRebuildMs)} | ${ms(syncRebuildMs)} | ${loadAverage()} |`,
  );
  console.log(
    `| poll of ${read.toLocaleString('en-US')} moved stations + rebuild in a worker thread | ${ms(pollMs)} | ` +
      `${ms(pollDelay)} | ${loadAverage()} |`,
  );
  planningStations = null;
  gc();

  // A kept database has the operator from its first run.
  const userId =
    (await staffRepo.findStaffUser(database.db, { userName: USER }))?.id ??
    (await staffRepo.insertStaffUser(database.db, {
      userName: USER,
      displayName: USER,
      passwordHash: await hashPassword(PASSWORD),
      disabled: false,
      mustChangePassword: false,
    }));
  await staffRepo.replaceRoles(database.db, userId, [{ tenant: 'nio', role: 'operator' }]);
  const app = await buildApp({
    config: defaultConfig({ logLevel: 'silent', webDist: '/nonexistent', dataDir: os.tmpdir() }),
    database,
    logger: false,
  });
  const startDelay = monitorEventLoopDelay({ resolution: 10 });
  startDelay.enable();
  const started = performance.now();
  // Listening starts the modules, and with them the index build in the background.
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const listenMs = performance.now() - started;
  const health: number[] = [];
  let building = true;
  const healthChecks = (async () => {
    while (building) {
      const [, elapsed] = await timed(() => fetch(`${base}/api/health`).then((answer) => answer.text()));
      health.push(elapsed);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const [signIn, signInMs] = await timed(() =>
    fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ userName: USER, password: PASSWORD }),
    }),
  );
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('cmp_session='))!
    .split(';')[0]!;
  const send = (path: string, body: unknown) =>
    fetch(`${base}/api/nio${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify(body),
    });
  const post = async (path: string, body: unknown) => {
    const response = await send(path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return text;
  };

  // Asked as the web asks: again after each 503 (the server holds each ask up to ROUTE_PLANNER_WAIT_MS).
  let loadingAnswers = 0;
  let lastProgress = '';
  for (;;) {
    const response = await send('/road-books/route/options', TRIPS[0]);
    const text = await response.text();
    if (response.ok) break;
    if (response.status !== 503) throw new Error(`route/options answered ${response.status}: ${text}`);
    loadingAnswers++;
    lastProgress = (JSON.parse(text) as { error: { message: string } }).error.message;
  }
  const readyMs = performance.now() - started;
  building = false;
  startDelay.disable();
  await healthChecks;
  console.log(
    `\n| app start at ${STATIONS.toLocaleString('en-US')} stations | figure |\n|---|---|\n` +
      `| listen (modules started, index loading in the background) | ${ms(listenMs)} |\n` +
      `| sign-in meanwhile | ${ms(signInMs)} |\n` +
      `| health checks meanwhile: count, median / longest | ${health.length}, ` +
      `${ms(
        percentile(
          [...health].sort((a, b) => a - b),
          50,
        ),
      )} / ${ms(Math.max(...health))} |\n` +
      `| 503 planner_loading answers before the first plan (last message) | ${loadingAnswers} (${lastProgress}) |\n` +
      `| first plan answered, from listen | ${ms(readyMs)} |\n` +
      `| longest event-loop delay from listen to the first plan | ${ms(startDelay.max / 1e6)} |\n` +
      `| load average | ${loadAverage()} |`,
  );

  const planner = new RoutePlanner(
    new EstimatedRoutingProvider(),
    await new PlanningStations(database.db, { refreshIntervalMs: 0 }).get(),
  );
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
  console.log(
    `\n(wall times: median / p95 of ${RUNS} requests after ${WARMUP} warm-up ones; load average ${loadAverage()})`,
  );
  await app.close();
  await database.close();
  await target.drop();
}

await main();
