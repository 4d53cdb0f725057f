/**
 * Operations-list benchmark: the station list API at 100,000 stations on PGlite and on PostgreSQL,
 * against the same repository SQL run directly on the driver.
 *
 *   npx tsx bench/operations-list.ts [--stations=100000] [--seconds=10] [--connections=10]
 *                                    [--exports=7] [--drivers=pglite,postgres] [--settle=15]
 *
 * For each driver: a fresh database (a temporary PGlite directory; on PostgreSQL a database `cmp_bench_lists`
 * created on BENCH_DATABASE_URL's server, default postgres://root@127.0.0.1:5432/postgres, and dropped
 * afterwards), migrations, the demo station network (`seedStationNetwork`), VACUUM ANALYZE; then
 *   1. the repository functions the API calls, timed in this process: one caller for a few seconds, then
 *      `connections` callers at once for `seconds`; and the same requests through `app.inject` here
 *      (the app's own cost without a socket);
 *   2. the app (`buildApp`) in a child process on 127.0.0.1, signed in through the API, loaded with
 *      autocannon the same two ways;
 *   3. the export of about 10,000 rows, downloaded `exports` times one after the other, against the same
 *      count and keyset batches read directly.
 * PGlite allows one process per data directory, so the direct runs come first and the server opens the
 * directory after them. The app's requests start `settle` seconds after it is ready: its start work (the
 * route planner's station index) runs in the background for its first seconds, on PGlite in the same
 * database engine as the list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { OperationListQuerySchema, type OperationListQuery } from '@cmp/domain/stations/operation-list-item';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { seedStationNetwork } from '../apps/server/src/demo/stations.demo.js';
import { freshPostgresDatabase } from './bench-database.js';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { ensureDictionaries } from '../apps/server/src/modules/dictionaries/dictionaries.bootstrap.js';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import * as listRepo from '../apps/server/src/modules/stations/operation-list.repo.js';
import { stationsByPresence } from '../apps/server/src/modules/ocpp/presence.repo.js';
import {
  stationsInActivitiesOf,
  stationsInActivity,
} from '../apps/server/src/modules/activities/activity-stations.views.js';
import * as tagsRepo from '../apps/server/src/modules/tags/tags.repo.js';
import type { ListCursor } from '../apps/server/src/platform/lists/list-order.js';
import { EXPORT_READ_BATCH as EXPORT_BATCH_SIZE } from '../apps/server/src/platform/export/list-export.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import {
  openDatabase,
  type Database,
  type DatabaseOptions,
  type Db,
} from '../apps/server/src/platform/db/database.js';
import { benchArgs } from './bench-args.js';
import { benchSignIn, serveBenchApp, startBenchServer } from './bench-server.js';

type Driver = 'pglite' | 'postgres';

const BENCH_USER = 'bench';
const BENCH_PASSWORD = 'bench-password-1';
const PG_DATABASE = 'cmp_bench_lists';
const SEQUENTIAL_SECONDS = 3;
// Data as of a fixed moment, so every run builds the same rows.
const DATA_AS_OF = new Date('2026-11-01T00:00:00Z');

const args = benchArgs();
const STATIONS = Number(args.stations ?? 100_000);
const SECONDS = Number(args.seconds ?? 10);
const CONNECTIONS = Number(args.connections ?? 10);
const EXPORTS = Number(args.exports ?? 7);
const SETTLE_MS = Number(args.settle ?? 15) * 1000;
const EXPORT_ROWS = Math.min(10_000, Math.floor(STATIONS / 10));
const DRIVERS = (args.drivers ?? 'pglite,postgres').split(',') as Driver[];
// Page 2000 of 20 at 100,000 stations; smaller trial runs go half way down the list.
const DEEP_PAGE = Math.min(2000, Math.floor(STATIONS / 40));

// ---------------------------------------------------------------------------------------------------
// Figures.

interface Latencies {
  median: number;
  p95: number;
  perSecond: number;
  count: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

function summarise(samples: number[], seconds: number): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    perSecond: samples.length / seconds,
    count: samples.length,
  };
}

/** `callers` loops calling `run` for `seconds`; every call's latency in ms. */
async function load(callers: number, seconds: number, run: () => Promise<unknown>): Promise<Latencies> {
  const samples: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await run();
        samples.push(performance.now() - t);
      }
    }),
  );
  return summarise(samples, (performance.now() - started) / 1000);
}

/** autocannon against one URL; latencies from its per-response events (it reports no p95 itself). */
async function cannon(url: string, cookie: string, connections: number, seconds: number): Promise<Latencies> {
  const samples: number[] = [];
  let failed = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, headers: { cookie } },
      (error, finished) => (error ? reject(error as Error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) samples.push(responseTime);
      else failed += 1;
    });
  });
  if (failed > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${url}: ${failed} non-200 answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return summarise(samples, result.duration);
}

// ---------------------------------------------------------------------------------------------------
// Parent: prepare, measure, print.

interface Scenario {
  name: string;
  query: Record<string, string>;
}

interface ScenarioFigures {
  scenario: Scenario;
  total: number;
  sqlOne: Latencies;
  injectOne: Latencies;
  sqlLoad: Latencies;
  apiOne: Latencies;
  apiLoad: Latencies;
}

interface ExportFigures {
  query: Record<string, string>;
  rows: number;
  bytes: number;
  sql: Latencies;
  api: Latencies;
}

interface DriverFigures {
  driver: Driver;
  seedSeconds: number;
  stations: number;
  scenarios: ScenarioFigures[];
  exported: ExportFigures;
}

async function main() {
  const started = performance.now();
  console.log(
    `operations list at ${STATIONS} stations; ${os.cpus().length} cores (${os.cpus()[0]?.model}), ` +
      `Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const figures: DriverFigures[] = [];
  for (const driver of DRIVERS) figures.push(await runDriver(driver));
  printFigures(figures);
  console.log(`\nwhole run: ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function runDriver(driver: Driver): Promise<DriverFigures> {
  const target = await freshDatabase(driver);
  try {
    const database = await openDatabase(target.options);
    let prepared: Awaited<ReturnType<typeof prepare>>;
    let direct: Awaited<ReturnType<typeof measureSql>>;
    let injected: Latencies[];
    try {
      prepared = await prepare(driver, database);
      direct = await measureSql(database.db, prepared.scenarios, prepared.exportQuery);
      injected = await measureInject(database, prepared.scenarios);
    } finally {
      await database.close();
    }
    const server = await startBenchServer(import.meta.filename, target.options);
    try {
      const cookie = await signIn(server.url);
      await sleep(SETTLE_MS);
      const scenarios: ScenarioFigures[] = [];
      for (const [i, scenario] of prepared.scenarios.entries()) {
        const url = `${server.url}/api/nio/stations?${new URLSearchParams(scenario.query)}`;
        const check = await fetch(url, { headers: { cookie } });
        const page = (await check.json()) as { items: unknown[]; total: number };
        if (check.status !== 200 || page.items.length !== 20) {
          throw new Error(`${scenario.name}: ${check.status}, ${page.items?.length} items`);
        }
        await cannon(url, cookie, CONNECTIONS, 1); // warm-up
        const apiOne = await cannon(url, cookie, 1, SEQUENTIAL_SECONDS);
        const apiLoad = await cannon(url, cookie, CONNECTIONS, SECONDS);
        console.log(`${driver}: ${scenario.name}: API done`);
        scenarios.push({
          scenario,
          total: page.total,
          ...direct.scenarios[i]!,
          injectOne: injected[i]!,
          apiOne,
          apiLoad,
        });
      }
      const exported = await measureExportApi(server.url, cookie, prepared.exportQuery);
      return {
        driver,
        seedSeconds: prepared.seedSeconds,
        stations: prepared.stations,
        scenarios,
        exported: { ...exported, query: prepared.exportQuery, sql: direct.exported },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await target.drop();
  }
}

async function freshDatabase(
  driver: Driver,
): Promise<{ options: DatabaseOptions; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-oplist-'));
    return {
      options: { kind: 'pglite', dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  return freshPostgresDatabase(PG_DATABASE);
}

async function prepare(driver: Driver, database: Database) {
  await database.migrate();
  await ensureDictionaries(database.db);
  const swapStations = Math.round(STATIONS * 0.05);
  const seedStarted = performance.now();
  await database.db.transaction((tx) =>
    seedStationNetwork(tx, seededRandom(20261121), {
      chargeStations: STATIONS - swapStations,
      swapStations,
      now: DATA_AS_OF,
    }),
  );
  // What autovacuum would have done by the time anyone lists a freshly loaded network.
  await database.db.execute(sql`vacuum analyze`);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`${driver}: ${STATIONS} stations seeded and analysed in ${seedSeconds.toFixed(1)} s`);

  const userId = await staffRepo.insertStaffUser(database.db, {
    userName: BENCH_USER,
    displayName: BENCH_USER,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    mustChangePassword: false,
  });
  await staffRepo.replaceRoles(database.db, userId, [{ tenant: 'nio', role: 'viewer' }]);

  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
  const { stations } = await one<{ stations: number }>(sql`select count(*)::int as stations from resources`);
  // Three filters that leave more than a page: the busiest city, its busiest operator, charge stations.
  const { city } = await one<{ city: string }>(
    sql`select city_id as city from resources where city_id is not null
        group by city_id order by count(*) desc, city_id limit 1`,
  );
  const { operator } = await one<{ operator: string }>(
    sql`select operator_id as operator from resources where city_id = ${city} and resource_type = 'ChargeStation'
        group by operator_id order by count(*) desc, operator_id limit 1`,
  );
  // The newest EXPORT_ROWS updates: the export filter is "updated since the EXPORT_ROWS-th newest".
  const { since } = await one<{ since: string }>(
    sql`select floor(extract(epoch from basic_info_update_time) * 1000)::bigint::text as since
        from resources order by basic_info_update_time desc offset ${EXPORT_ROWS - 1} limit 1`,
  );
  const scenarios: Scenario[] = [
    { name: 'first page, no filter', query: {} },
    {
      name: 'three filters, by update time',
      query: {
        resourceType: 'ChargeStation',
        regionId: city,
        operatorId: operator,
        sort: 'basicInfoUpdateTime:desc',
      },
    },
    { name: `deep page ${DEEP_PAGE} of 20`, query: { pageNo: String(DEEP_PAGE), pageSize: '20' } },
  ];
  return { seedSeconds, stations, scenarios, exportQuery: { basicInfoUpdateTimeBegin: since } };
}

const parsed = (query: Record<string, string>): OperationListQuery => OperationListQuerySchema.parse(query);

const operationList = listRepo.operationList({
  withTag: tagsRepo.stationsWithTag,
  byPresence: stationsByPresence,
  inActivity: stationsInActivity,
  inActivitiesOf: stationsInActivitiesOf,
});

/** The repository calls the service makes for a page: the page (with its deferred join) and the count. */
const listSql =
  (db: Db, { pageNo, pageSize, ...filter }: OperationListQuery) =>
  () =>
    operationList.page(db, filter, { pageNo, pageSize });

/** What an export reads: the count, then every keyset batch. */
async function exportSql(db: Db, query: OperationListQuery): Promise<number> {
  await operationList.count(db, query);
  let rows = 0;
  let cursor: ListCursor | null = null;
  do {
    const batch = await operationList.batch(db, query, cursor, EXPORT_BATCH_SIZE);
    rows += batch.rows.length;
    cursor = batch.next;
  } while (cursor);
  return rows;
}

async function measureSql(db: Db, scenarios: Scenario[], exportQuery: Record<string, string>) {
  const results: { sqlOne: Latencies; sqlLoad: Latencies }[] = [];
  for (const scenario of scenarios) {
    const run = listSql(db, parsed(scenario.query));
    await load(CONNECTIONS, 1, run); // warm-up
    const sqlOne = await load(1, SEQUENTIAL_SECONDS, run);
    const sqlLoad = await load(CONNECTIONS, SECONDS, run);
    results.push({ sqlOne, sqlLoad });
  }
  const query = parsed(exportQuery);
  const times: number[] = [];
  await exportSql(db, query);
  for (let i = 0; i < EXPORTS; i++) {
    const t = performance.now();
    await exportSql(db, query);
    times.push(performance.now() - t);
  }
  console.log('direct SQL done');
  return { scenarios: results, exported: summarise(times, times.reduce((a, b) => a + b, 0) / 1000) };
}

/**
 * The same requests through `app.inject` in this process: the app's own cost (session, validation,
 * service, serialisation) without a socket or a second process competing for the cores.
 */
async function measureInject(database: Database, scenarios: Scenario[]): Promise<Latencies[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-inject-'));
  const app = await buildApp({
    // The one-request download is what this measures; a larger export would become a job.
    config: defaultConfig({
      dataDir,
      webDist: path.join(dataDir, 'no-web'),
      logLevel: 'silent',
      exportStreamLimit: 1_000_000,
    }),
    database,
    logger: false,
  });
  try {
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'http://localhost:80' },
      payload: { userName: BENCH_USER, password: BENCH_PASSWORD },
    });
    const session = signedIn.cookies.find((c) => c.name === 'cmp_session');
    if (!session) throw new Error(`sign-in answered ${signedIn.statusCode}`);
    await sleep(SETTLE_MS);
    const results: Latencies[] = [];
    for (const scenario of scenarios) {
      const url = `/api/nio/stations?${new URLSearchParams(scenario.query)}`;
      const run = async () => {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { cookie: `cmp_session=${session.value}` },
        });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      };
      await load(1, 1, run); // warm-up
      results.push(await load(1, SEQUENTIAL_SECONDS, run));
    }
    console.log('in-process requests done');
    return results;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureExportApi(url: string, cookie: string, query: Record<string, string>) {
  const exportUrl = `${url}/api/nio/stations/export?${new URLSearchParams(query)}`;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i <= EXPORTS; i++) {
    const t = performance.now();
    const response = await fetch(exportUrl, { headers: { cookie } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`export: ${response.status} ${body.toString()}`);
    // The first download warms up.
    if (i > 0) times.push(performance.now() - t);
    bytes = body.length;
  }
  const count = await fetch(`${url}/api/nio/stations?${new URLSearchParams({ ...query, pageSize: '1' })}`, {
    headers: { cookie },
  });
  const { total } = (await count.json()) as { total: number };
  return { rows: total, bytes, api: summarise(times, times.reduce((a, b) => a + b, 0) / 1000) };
}

async function signIn(url: string): Promise<string> {
  return benchSignIn(url, BENCH_USER, BENCH_PASSWORD);
}

function printFigures(all: DriverFigures[]) {
  const ms = (value: number) => value.toFixed(1);
  const ratio = (api: number, direct: number) => (api / direct).toFixed(2);
  console.log(
    '\nOne caller at a time (latency in ms; API over loopback from another process, in-process through ' +
      'app.inject, SQL the repository calls; ratios of the medians):',
  );
  console.log(
    '| database | scenario | rows matched | API median | API p95 | in-process median | in-process p95 | ' +
      'SQL median | SQL p95 | API / SQL | in-process / SQL |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const f of all) {
    for (const s of f.scenarios) {
      console.log(
        `| ${f.driver} | ${s.scenario.name} | ${s.total} | ${ms(s.apiOne.median)} | ${ms(s.apiOne.p95)} | ` +
          `${ms(s.injectOne.median)} | ${ms(s.injectOne.p95)} | ` +
          `${ms(s.sqlOne.median)} | ${ms(s.sqlOne.p95)} | ${ratio(s.apiOne.median, s.sqlOne.median)} | ` +
          `${ratio(s.injectOne.median, s.sqlOne.median)} |`,
      );
    }
  }
  console.log(
    `\n${CONNECTIONS} concurrent callers for ${SECONDS} s (latency in ms; ratio = SQL per second / API per second):`,
  );
  console.log(
    '| database | scenario | API median | API p95 | API req/s | SQL median | SQL p95 | SQL calls/s | ratio |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const f of all) {
    for (const s of f.scenarios) {
      console.log(
        `| ${f.driver} | ${s.scenario.name} | ${ms(s.apiLoad.median)} | ${ms(s.apiLoad.p95)} | ` +
          `${s.apiLoad.perSecond.toFixed(0)} | ${ms(s.sqlLoad.median)} | ${ms(s.sqlLoad.p95)} | ` +
          `${s.sqlLoad.perSecond.toFixed(0)} | ${ratio(s.sqlLoad.perSecond, s.apiLoad.perSecond)} |`,
      );
    }
  }
  console.log(
    `\nExport, ${EXPORTS} downloads one after the other (ms; SQL = count and keyset batches of ${EXPORT_BATCH_SIZE}):`,
  );
  console.log('| database | rows | XLSX size | API median | API p95 | SQL median | SQL p95 | ratio |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const f of all) {
    const e = f.exported;
    console.log(
      `| ${f.driver} | ${e.rows} | ${(e.bytes / 1024).toFixed(0)} KiB | ${ms(e.api.median)} | ${ms(e.api.p95)} | ` +
        `${ms(e.sql.median)} | ${ms(e.sql.p95)} | ${ratio(e.api.median, e.sql.median)} |`,
    );
  }
  console.log('\nSeeding (stations, equipment, worksheets, notifications, VACUUM ANALYZE):');
  for (const f of all) console.log(`- ${f.driver}: ${f.stations} stations in ${f.seedSeconds.toFixed(1)} s`);
}

if (process.argv[2] === 'serve') {
  // The one-request download is what this measures; a larger export would become a job.
  await serveBenchApp({ exportStreamLimit: 1_000_000 });
} else await main();
