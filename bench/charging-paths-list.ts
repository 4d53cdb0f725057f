/**
 * Charging-path list benchmark (issue #15): `GET /api/{tenant}/charging-paths` at 1,000,000 paths on
 * PostgreSQL and on PGlite, against the same repository SQL run directly on the driver.
 *
 *   npx tsx bench/charging-paths-list.ts [--paths=1000000] [--accounts=200000] [--rounds=5] [--seconds=2]
 *                                        [--drivers=postgres,pglite] [--no-http] [--explain] [--keep]
 *
 * For each driver: a fresh database (on PostgreSQL `cmp_bench_paths` on BENCH_DATABASE_URL's server,
 * default postgres://root@127.0.0.1:5432/postgres, dropped afterwards; a temporary directory for PGlite),
 * migrations, `accounts` accounts of tenant nio (`ACC100000` on, mobiles `139` + 8 digits, Chinese names),
 * then `paths` paths of tenant nio written by `insert ... select ... from generate_series` in batches
 * (secondary indexes dropped during the load and rebuilt from their own definitions), and VACUUM ANALYZE.
 * A path's `routes` is a placeholder of about 100 bytes: a real one (2–8 KB of polyline and stops) is
 * stored out of the row by TOAST, and the list never reads it. Then, per scenario:
 *   1. `rounds` rounds of `seconds` each (at least five calls) in this process, alternating: the
 *      repository call the service makes (`chargingPathList.page`: ids page + account join, and the
 *      count), the same request through `app.inject` (session, validation, service, serialisation; no
 *      socket), the page's ids query alone and the count alone; so load from other work on the machine
 *      falls on all four alike. Medians are over every call of every round; the spread is that of the round medians.
 *   2. EXPLAIN (ANALYZE, BUFFERS) of the page's ids query and of the count (`--explain` prints whole plans);
 *      the execution time shown is that of EXPLAIN (ANALYZE, TIMING OFF).
 *   3. unless `--no-http`: the app (`buildApp`) in a child process on 127.0.0.1, signed in through the
 *      API, called over loopback one request at a time for the same rounds. PGlite allows one process
 *      per data directory, so this comes after the direct runs.
 * `--keep` leaves the seeded database (PostgreSQL database or PGlite directory) in place and prints where,
 * for EXPLAIN by hand; the next run replaces a kept PostgreSQL database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { pageOffset, Tenant } from '@cmp/domain';
import {
  ChargingPathListQuerySchema,
  type ChargingPathListQuery,
  type ChargingPathListRequest,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import * as repo from '../apps/server/src/modules/charging-paths/charging-paths.repo.js';
import { chargingPaths } from '../apps/server/src/modules/charging-paths/charging-paths.tables.js';
import { ensureDictionaries } from '../apps/server/src/modules/dictionaries/dictionaries.bootstrap.js';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import {
  openDatabase,
  type Database,
  type DatabaseOptions,
  type Db,
} from '../apps/server/src/platform/db/database.js';
import { benchArgs } from './bench-args.js';
import { alternate, type Latencies } from './alternating-latencies.js';
import { freshBenchDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';
import { benchSignIn, serveBenchApp, startBenchServer } from './bench-server.js';

type Driver = 'pglite' | 'postgres';

const BENCH_USER = 'bench';
const BENCH_PASSWORD = 'bench-password-1';
// Not the other benches' databases: several may run on one server at once.
const PG_DATABASE = 'cmp_bench_paths';
const TENANT = Tenant.parse('nio');
// Paths over the year before a fixed moment, so every run builds the same rows.
const DATA_AS_OF = new Date('2026-11-01T00:00:00Z');
const YEAR_START = new Date('2025-11-01T00:00:00Z');
const SEED_BATCH = 100_000;
const MIN_CALLS_PER_ROUND = 5;
const MAX_FIRST_PAGE_MS = 50;

const args = benchArgs();
const PATHS = Number(args.paths ?? 1_000_000);
const ACCOUNTS = Number(args.accounts ?? 200_000);
const ROUNDS = Number(args.rounds ?? 5);
const SECONDS = Number(args.seconds ?? 2);
const ROUND_OPTIONS = { rounds: ROUNDS, seconds: SECONDS, minCallsPerRound: MIN_CALLS_PER_ROUND };
const DRIVERS = (args.drivers ?? 'postgres,pglite').split(',') as Driver[];
const HTTP = args['no-http'] === undefined;
const EXPLAIN = args.explain !== undefined;
const KEEP = args.keep !== undefined;

/** Account i's mobile. Path i is account (i × 7919) mod `accounts`'s: each account has one path in `accounts`. */
const mobileOf = (i: number) => `139${String(i).padStart(8, '0')}`;
const BUSY_ACCOUNT = 7;

interface Scenario {
  name: string;
  query: ChargingPathListRequest;
}

const SCENARIOS: Scenario[] = [
  { name: 'first page', query: { pageNo: 1, pageSize: 20 } },
  {
    name: 'ratings 1,2 and 3 months',
    query: {
      pageNo: 1,
      pageSize: 20,
      commentaryRating: '1,2',
      startTime: Date.parse('2026-05-01T00:00:00Z'),
      endTime: Date.parse('2026-08-01T00:00:00Z') - 1,
    },
  },
  { name: 'by mobile', query: { pageNo: 1, pageSize: 20, mobile: mobileOf(BUSY_ACCOUNT) } },
];

// ---------------------------------------------------------------------------------------------------
// Figures.

// ---------------------------------------------------------------------------------------------------
// Seeding.

const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

interface Seeded {
  accountSeconds: number;
  pathSeconds: number;
  analyseSeconds: number;
  accounts: number;
  paths: number;
  rated: number;
}

/** The places paths start and end at: a dozen of the demo's, so a name prefix matches about a twelfth. */
const PLACES = [
  ['上海虹桥站', 121.32, 31.19],
  ['杭州西湖', 120.15, 30.25],
  ['南京夫子庙', 118.79, 32.02],
  ['北京南站', 116.38, 39.87],
  ['天津之眼', 117.18, 39.15],
  ['广州塔', 113.32, 23.11],
  ['深圳湾公园', 113.94, 22.5],
  ['成都春熙路', 104.08, 30.66],
  ['重庆解放碑', 106.58, 29.56],
  ['武汉光谷', 114.4, 30.51],
  ['长沙橘子洲', 112.96, 28.19],
  ['西安钟楼', 108.94, 34.26],
] as const;
const placesAs = (alias: string) =>
  sql.raw(
    `(values ${PLACES.map(([name, lng, lat], i) => `(${i}, '${name}', ${lng}, ${lat})`).join(', ')}) ` +
      `as ${alias}(n, name, lng, lat)`,
  );

async function seed(driver: Driver, database: Database): Promise<Seeded> {
  const { db } = database;
  await database.migrate();
  await ensureDictionaries(db);

  let started = performance.now();
  await db.execute(sql`
    insert into accounts (tenant, account_id, mobile, name, nick_name, create_time, update_time)
    select 'nio', 'ACC' || (100000 + i), '139' || lpad(i::text, 8, '0'),
      (array['王', '李', '张', '刘', '陈', '杨', '赵', '黄'])[1 + i % 8]
        || (array['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军'])[1 + (i / 8) % 10],
      '车友' || i, ${YEAR_START.toISOString()}::timestamptz, ${YEAR_START.toISOString()}::timestamptz
    from generate_series(0, ${ACCOUNTS - 1}) as g(i)`);
  const accountSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  // The secondary indexes are built once after the load, from the migration's own definitions.
  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = 'public' and tablename = 'charging_paths' and indexname <> 'charging_paths_pkey'`,
  );
  for (const { name } of indexes) await db.execute(sql.raw(`drop index "${name}"`));
  const seconds = (DATA_AS_OF.getTime() - YEAR_START.getTime()) / 1000;
  for (let from = 1; from <= PATHS; from += SEED_BATCH) {
    const to = Math.min(PATHS, from + SEED_BATCH - 1);
    // Paths arrive in time order (ids follow time, up to 10 minutes of jitter), spread over the accounts;
    // 45 % rated (mostly 4–5 stars), 85 % planned, 13 % out of range, 2 % without a road.
    await db.execute(sql`
      insert into charging_paths (tenant, account_id, vehicle_id, vehicle_model, rated_range, current_range,
        search_time, orig_name, dest_name, tag, distance, duration, status, locations, routes,
        commentary_rating, commentary_text, commentary_time)
      select 'nio', 'ACC' || (100000 + (g.i * 7919) % ${ACCOUNTS}), 'VIN' || ((g.i * 7919) % ${ACCOUNTS}),
        (array['ES6', 'ET5', 'ET7', 'EC6'])[1 + g.i % 4], 420, 100 + (g.i * 13) % 300, t.at,
        o.name, d.name, (array['recommended', 'least_time', 'least_distance', 'reachable'])[1 + (g.i * 3) % 4],
        100000 + (g.i * 7) % 900000, 4000 + (g.i * 11) % 30000,
        case when (g.i * 17) % 100 < 85 then 'planned' when (g.i * 17) % 100 < 98 then 'not_reachable'
          else 'no_route' end,
        jsonb_build_object('orig', jsonb_build_object('name', o.name, 'longitude', o.lng, 'latitude', o.lat),
          'dest', jsonb_build_object('name', d.name, 'longitude', d.lng, 'latitude', d.lat), 'waypoints', '[]'::jsonb),
        '{"tag":"recommended","status":0,"route":{"distance":0,"duration":0,"steps":[]},"resources":[]}'::jsonb,
        r.rating, case when r.rating is not null and g.i % 3 = 0 then '路线合理' end,
        case when r.rating is not null then t.at + interval '2 hours' end
      from generate_series(${from}::bigint, ${to}::bigint) as g(i)
      cross join lateral (select ${YEAR_START.toISOString()}::timestamptz
          + make_interval(secs => g.i * (${seconds}::float8 / ${PATHS}) + (g.i * 7919) % 600) as at) t
      cross join lateral (select case when (g.i * 29) % 100 < 45
          then (array[5, 5, 5, 4, 4, 4, 3, 3, 2, 1])[1 + (g.i * 31) % 10] end as rating) r
      join ${placesAs('o')} on o.n = g.i % 12
      join ${placesAs('d')} on d.n = (g.i % 12 + 1 + (g.i / 12) % 11) % 12
      order by g.i`);
  }
  for (const { definition } of indexes) await db.execute(sql.raw(definition));
  const pathSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  // What autovacuum would have done by the time anyone lists a freshly loaded table (PostgreSQL 13+
  // vacuums insert-only tables too); index-only scans need the visibility map.
  await db.execute(sql`vacuum analyze`);
  const analyseSeconds = (performance.now() - started) / 1000;
  const [counts] = await rowsOf<{ accounts: number; paths: number; rated: number }>(
    db,
    sql`select (select count(*)::int from accounts) as accounts,
               (select count(*)::int from charging_paths) as paths,
               (select count(*)::int from charging_paths where commentary_rating is not null) as rated`,
  );
  console.log(
    `${driver}: ${counts!.accounts} accounts in ${accountSeconds.toFixed(1)} s, ${counts!.paths} paths ` +
      `(${counts!.rated} rated) in ${pathSeconds.toFixed(1)} s, VACUUM ANALYZE ${analyseSeconds.toFixed(1)} s`,
  );

  const userId = await staffRepo.insertStaffUser(db, {
    userName: BENCH_USER,
    displayName: BENCH_USER,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    mustChangePassword: false,
  });
  await staffRepo.replaceRoles(db, userId, [{ tenant: TENANT, role: 'viewer' }]);
  return { accountSeconds, pathSeconds, analyseSeconds, ...counts! };
}

// ---------------------------------------------------------------------------------------------------
// The SQL the repository runs.

const parsed = (query: ChargingPathListRequest): ChargingPathListQuery =>
  ChargingPathListQuerySchema.parse(query);

function filterOf(query: ChargingPathListQuery) {
  const { pageNo: _pageNo, pageSize: _pageSize, ...filter } = query;
  return { ...filter, tenant: TENANT };
}
const whereOf = (query: ChargingPathListQuery): SQL => repo.pathWhere(filterOf(query));

/** What the service calls: the list's page (ids page + account join beside the total). */
const listSql = (db: Db, query: ChargingPathListQuery) => () =>
  repo.chargingPathList.page(db, filterOf(query), query);

/** The page's ids as the list finds them on `charging_paths` alone; its few rows are then joined by id. */
const pageQuery = (db: Db, query: ChargingPathListQuery) =>
  db
    .select({ id: chargingPaths.pathId })
    .from(chargingPaths)
    .where(whereOf(query))
    .orderBy(...repo.chargingPathList.order(query.sort).by)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNo, query.pageSize));

const countQuery = (db: Db, query: ChargingPathListQuery) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chargingPaths)
    .where(whereOf(query));

interface Explained {
  executionMs: number;
  plan: string[];
}

/**
 * The plan with each node's time, and the execution time from a second run without per-node timing
 * (reading the clock for every row costs more than the query itself on PGlite).
 */
async function explain(db: Db, query: { getSQL(): SQL }): Promise<Explained> {
  const lines = async (options: SQL) =>
    (await rowsOf<Record<string, string>>(db, sql`explain (${options}) ${query.getSQL()}`)).map(
      (row) => Object.values(row)[0]!,
    );
  const plan = await lines(sql`analyze, buffers`);
  const time = (await lines(sql`analyze, timing off`)).find((line) => line.startsWith('Execution Time'));
  return { executionMs: Number(/([\d.]+) ms/.exec(time ?? '')?.[1] ?? NaN), plan };
}

const queryString = (query: ChargingPathListRequest) =>
  new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();

// ---------------------------------------------------------------------------------------------------
// Measuring.

interface ScenarioFigures {
  scenario: Scenario;
  total: number;
  sql: Latencies;
  inject: Latencies;
  page: Latencies;
  count: Latencies;
  http?: Latencies;
  pagePlan: Explained;
  countPlan: Explained;
}

interface DriverFigures {
  driver: Driver;
  seeded: Seeded;
  scenarios: ScenarioFigures[];
}

async function inProcessApp(database: Database) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-paths-inject-'));
  const app = await buildApp({
    config: defaultConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' }),
    database,
    logger: false,
  });
  const origin = 'http://localhost:80';
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin },
    payload: { userName: BENCH_USER, password: BENCH_PASSWORD },
  });
  const session = signedIn.cookies.find((c) => c.name === 'cmp_session');
  if (!session) throw new Error(`sign-in answered ${signedIn.statusCode}`);
  const list = async (query: ChargingPathListRequest) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/${TENANT}/charging-paths?${queryString(query)}`,
      headers: { origin, cookie: `cmp_session=${session.value}` },
    });
    if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`);
    return response.json<{ items: { pathId: number }[]; total: number }>();
  };
  return {
    list,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measureDirect(driver: Driver, database: Database) {
  const { db } = database;
  const app = await inProcessApp(database);
  try {
    const results: Omit<ScenarioFigures, 'http'>[] = [];
    for (const scenario of SCENARIOS) {
      const query = parsed(scenario.query);
      const direct = await listSql(db, query)();
      const answered = await app.list(scenario.query);
      const ids = (rows: { pathId: number }[]) => rows.map((r) => r.pathId).join();
      if (
        answered.items.length !== Math.min(20, direct.total) ||
        answered.total !== direct.total ||
        ids(answered.items) !== ids(direct.rows)
      ) {
        throw new Error(`${scenario.name}: the API and the repository disagree`);
      }
      const page = pageQuery(db, query);
      const count = countQuery(db, query);
      const [sqlFigures, inject, pageFigures, countFigures] = await alternate(ROUND_OPTIONS, [
        listSql(db, query),
        () => app.list(scenario.query),
        () => page,
        () => count,
      ]);
      const pagePlan = await explain(db, page);
      const countPlan = await explain(db, count);
      console.log(
        `${driver}: ${scenario.name}: ${direct.total} rows; SQL ${sqlFigures!.median.toFixed(1)} ms, ` +
          `in-process API ${inject!.median.toFixed(1)} ms`,
      );
      results.push({
        scenario,
        total: direct.total,
        sql: sqlFigures!,
        inject: inject!,
        page: pageFigures!,
        count: countFigures!,
        pagePlan,
        countPlan,
      });
    }
    return results;
  } finally {
    await app.close();
  }
}

async function measureHttp(driver: Driver, options: DatabaseOptions): Promise<Latencies[]> {
  const server = await startBenchServer(import.meta.filename, options);
  try {
    const cookie = await benchSignIn(server.url, BENCH_USER, BENCH_PASSWORD);
    const results: Latencies[] = [];
    for (const scenario of SCENARIOS) {
      const run = async () => {
        const response = await fetch(
          `${server.url}/api/${TENANT}/charging-paths?${queryString(scenario.query)}`,
          { headers: { origin: server.url, cookie } },
        );
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${scenario.name}: ${response.status} ${body}`);
      };
      const [figures] = await alternate(ROUND_OPTIONS, [run]);
      console.log(`${driver}: ${scenario.name}: API over loopback ${figures!.median.toFixed(1)} ms`);
      results.push(figures!);
    }
    return results;
  } finally {
    await server.stop();
  }
}

async function runDriver(driver: Driver): Promise<DriverFigures> {
  const target = await freshBenchDatabase(driver, PG_DATABASE);
  try {
    const database = await openDatabase(target.options);
    let seeded: Seeded;
    let scenarios: ScenarioFigures[];
    try {
      seeded = await seed(driver, database);
      scenarios = await measureDirect(driver, database);
    } finally {
      await database.close();
    }
    if (HTTP) {
      const http = await measureHttp(driver, target.options);
      scenarios.forEach((s, i) => (s.http = http[i]));
    }
    return { driver, seeded, scenarios };
  } finally {
    if (KEEP) console.log(`${driver}: kept ${JSON.stringify(target.options)}`);
    else await target.drop();
  }
}

// ---------------------------------------------------------------------------------------------------
// Printing.

function printFigures(all: DriverFigures[]) {
  const ms = (value: number) => value.toFixed(1);
  const spread = (l: Latencies) => `${ms(l.roundMedians[0])}–${ms(l.roundMedians[1])}`;
  const ratio = (api: number, direct: number) => (api / direct).toFixed(2);
  console.log(
    `\nOne call at a time, ${ROUNDS} rounds of ${SECONDS} s (ms; medians over every call, round medians ` +
      'lowest–highest; SQL = chargingPathList.page on the driver, in-process API = app.inject, HTTP = over ' +
      'loopback to the app in another process):',
  );
  console.log(
    '| database | scenario | rows matched | in-process API median | API p95 | SQL median | SQL p95 | ' +
      'API / SQL | HTTP median | HTTP p95 | round medians API / SQL |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const f of all) {
    for (const s of f.scenarios) {
      console.log(
        `| ${f.driver} | ${s.scenario.name} | ${s.total} | ${ms(s.inject.median)} | ${ms(s.inject.p95)} | ` +
          `${ms(s.sql.median)} | ${ms(s.sql.p95)} | ${ratio(s.inject.median, s.sql.median)} | ` +
          `${s.http ? ms(s.http.median) : '–'} | ${s.http ? ms(s.http.p95) : '–'} | ` +
          `${spread(s.inject)} / ${spread(s.sql)} |`,
      );
    }
  }
  console.log(
    '\nWhere the SQL time goes (ms; each query alone, median, and its EXPLAIN ANALYZE execution time; ' +
      'the count runs only for a filtered page, the whole list reads its kept total):',
  );
  console.log(
    '| database | scenario | page query | EXPLAIN | count | EXPLAIN | page ids read by | count read by |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  // The first scan of `charging_paths` in a plan (the ids subquery's is `charging_paths_1`), and whether
  // the ids are sorted after reading rather than read in the index's order.
  const scanOf = (plan: Explained) =>
    plan.plan
      .find(
        (line) =>
          / on (charging_paths(_1)?|accounts)\b/.test(line) && /Scan/.test(line) && !/_pkey/.test(line),
      )
      ?.trim()
      .replace(/^->\s*/, '')
      .replace(/\s+\(cost.*$/, '') ?? '';
  const sortsIds = (plan: Explained) => plan.plan.some((line) => /Sort Key: charging_paths_1\./.test(line));
  for (const f of all) {
    for (const s of f.scenarios) {
      console.log(
        `| ${f.driver} | ${s.scenario.name} | ${ms(s.page.median)} | ${ms(s.pagePlan.executionMs)} | ` +
          `${ms(s.count.median)} | ${ms(s.countPlan.executionMs)} | ` +
          `${scanOf(s.pagePlan)}${sortsIds(s.pagePlan) ? ', then sorted' : ''} | ${scanOf(s.countPlan)} |`,
      );
    }
  }
  console.log('\nGoal:');
  for (const f of all.filter((figures) => figures.driver === 'postgres')) {
    const first = f.scenarios[0]!;
    console.log(
      `- postgres, first page: API ${ms(first.inject.median)} ms in-process` +
        (first.http ? `, ${ms(first.http.median)} ms over HTTP` : '') +
        ` (${Math.max(first.inject.median, first.http?.median ?? 0) < MAX_FIRST_PAGE_MS ? 'met' : 'missed'}, ` +
        `under ${MAX_FIRST_PAGE_MS} ms)`,
    );
  }
  if (EXPLAIN) {
    for (const f of all) {
      for (const s of f.scenarios) {
        console.log(`\n${f.driver}, ${s.scenario.name}: page query\n${s.pagePlan.plan.join('\n')}`);
        console.log(`\n${f.driver}, ${s.scenario.name}: count\n${s.countPlan.plan.join('\n')}`);
      }
    }
  }
  console.log('\nSeeding:');
  for (const { driver, seeded: s } of all) {
    console.log(
      `- ${driver}: ${s.accounts} accounts ${s.accountSeconds.toFixed(1)} s; ${s.paths} paths (${s.rated} ` +
        `rated) ${s.pathSeconds.toFixed(1)} s; VACUUM ANALYZE ${s.analyseSeconds.toFixed(1)} s`,
    );
  }
}

async function main() {
  await runBench(`charging path list at ${PATHS} paths of ${ACCOUNTS} accounts`, async () => {
    const figures: DriverFigures[] = [];
    for (const driver of DRIVERS) figures.push(await runDriver(driver));
    printFigures(figures);
  });
}

if (process.argv[2] === 'serve') await serveBenchApp();
else await main();
