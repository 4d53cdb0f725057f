/**
 * Comment-list benchmark (issue #14): `POST /api/{tenant}/comments/search` at 1,000,000 comments on
 * PostgreSQL and on PGlite, against the same repository SQL run directly on the driver.
 *
 *   npx tsx bench/comments-list.ts [--comments=1000000] [--stations=20000] [--rounds=5] [--seconds=2]
 *                                  [--drivers=postgres,pglite] [--no-http] [--explain] [--keep]
 *
 * For each driver: a fresh database (on PostgreSQL `cmp_bench_comments` on BENCH_DATABASE_URL's server,
 * default postgres://root@127.0.0.1:5432/postgres, dropped afterwards; a temporary directory for
 * PGlite), migrations, the demo station network (`seedStationNetwork`, as bench/operations-list.ts),
 * then `comments` comments of tenant nio written by `insert ... select ... from generate_series` in
 * batches (secondary indexes dropped during the load and rebuilt from their own definitions), one
 * official reply for each comment with `reply_number` 1, and VACUUM ANALYZE. Then, per scenario:
 *   1. `rounds` rounds of `seconds` each (at least five calls) in this process, alternating: the
 *      repository calls the service makes (`commentList.page`: ids page + join, and the count; then the
 *      replies), the same request through `app.inject` (session, validation, service, serialisation; no
 *      socket), the page's ids query alone and the count alone; so load from other work on the machine
 *      falls on all four alike. Medians are over every call of every round; the spread is that of the
 *      round medians.
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
  CommentListQuerySchema,
  type CommentListQuery,
  type CommentListRequest,
} from '@cmp/domain/comments/comment-contracts';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { seedStationNetwork } from '../apps/server/src/demo/stations.demo.js';
import * as repo from '../apps/server/src/modules/comments/comments.repo.js';
import { comments } from '../apps/server/src/modules/comments/comments.tables.js';
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
// Not operations-list's `cmp_bench`: both benches may run on one server at once.
const PG_DATABASE = 'cmp_bench_comments';
const TENANT = Tenant.parse('nio');
// Comments over the year before a fixed moment, so every run builds the same rows.
const DATA_AS_OF = new Date('2026-11-01T00:00:00Z');
const YEAR_START = new Date('2025-11-01T00:00:00Z');
const SEED_BATCH = 100_000;
const MIN_CALLS_PER_ROUND = 5;
// The goals.
const MAX_API_RATIO = 1.5;
const MAX_FIRST_PAGE_MS = 50;

const args = benchArgs();
const COMMENTS = Number(args.comments ?? 1_000_000);
const STATIONS = Number(args.stations ?? 20_000);
const ROUNDS = Number(args.rounds ?? 5);
const SECONDS = Number(args.seconds ?? 2);
const ROUND_OPTIONS = { rounds: ROUNDS, seconds: SECONDS, minCallsPerRound: MIN_CALLS_PER_ROUND };
const DRIVERS = (args.drivers ?? 'postgres,pglite').split(',') as Driver[];
const HTTP = args['no-http'] === undefined;
const EXPLAIN = args.explain !== undefined;
const KEEP = args.keep !== undefined;
// Page 2000 of 20 at 1,000,000 comments; smaller trial runs go half way down the list.
const DEEP_PAGE = Math.min(2000, Math.floor(COMMENTS / 40));

interface Scenario {
  name: string;
  body: CommentListRequest;
}

const SCENARIOS: Scenario[] = [
  { name: 'first page', body: { pageNo: 1, pageSize: 20 } },
  {
    name: 'three filters (nio_app, with text, 3 months)',
    body: {
      pageNo: 1,
      pageSize: 20,
      client: 'nio_app',
      hasCommentaryText: true,
      startTime: Date.parse('2026-05-01T00:00:00Z'),
      endTime: Date.parse('2026-08-01T00:00:00Z') - 1,
    },
  },
  { name: `deep page ${DEEP_PAGE} of 20`, body: { pageNo: DEEP_PAGE, pageSize: 20 } },
];

// ---------------------------------------------------------------------------------------------------
// Figures.

// ---------------------------------------------------------------------------------------------------
// Seeding.

const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

interface Seeded {
  stationSeconds: number;
  commentSeconds: number;
  analyseSeconds: number;
  stations: number;
  comments: number;
  replies: number;
}

async function seed(driver: Driver, database: Database): Promise<Seeded> {
  const { db } = database;
  await database.migrate();
  await ensureDictionaries(db);
  const swapStations = Math.round(STATIONS * 0.05);
  let started = performance.now();
  await db.transaction((tx) =>
    seedStationNetwork(tx, seededRandom(20261121), {
      chargeStations: STATIONS - swapStations,
      swapStations,
      now: DATA_AS_OF,
    }),
  );
  const stationSeconds = (performance.now() - started) / 1000;
  const [{ stations }] = (await rowsOf<{ stations: number }>(
    db,
    sql`select count(*)::int as stations from resources`,
  )) as [{ stations: number }];
  console.log(`${driver}: ${stations} stations in ${stationSeconds.toFixed(1)} s`);

  started = performance.now();
  // The secondary indexes are built once after the load, from the migration's own definitions.
  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = 'public' and tablename = 'comments' and indexname <> 'comments_pkey'`,
  );
  for (const { name } of indexes) await db.execute(sql.raw(`drop index "${name}"`));
  const seconds = (YEAR_START.getTime() - DATA_AS_OF.getTime()) / -1000;
  for (let from = 1; from <= COMMENTS; from += SEED_BATCH) {
    const to = Math.min(COMMENTS, from + SEED_BATCH - 1);
    // Comments arrive in time order (ids follow time, up to 10 minutes of jitter), spread over the
    // stations; ~60 % with text (3 % empty), clients ~50/35/15 %, ~4.7 % with an official reply,
    // 50,000 commenters.
    await db.execute(sql`
      insert into comments (tenant, resource_id, rating, commentary_time, commentary_text, account_id,
        user_name, user_nickname, user_mobile, client, charge_order, scene, reply_number)
      select 'nio', s.resource_id,
        (array[5, 5, 5, 5, 4, 4, 4, 3, 2, 1, 5])[1 + (g.i * 7) % 11],
        ${YEAR_START.toISOString()}::timestamptz
          + make_interval(secs => g.i * (${seconds}::float8 / ${COMMENTS}) + (g.i * 7919) % 600),
        case
          when (g.i * 17) % 101 < 61 then 'Comment ' || g.i || ': ' || (array['fast charging, clean site',
            'one charger was broken', 'easy to find, good lighting', 'a queue of three cars',
            'parking fee waived'])[1 + (g.i * 3) % 5]
          when (g.i * 17) % 101 < 64 then ''
        end,
        'ACC-' || (g.i % 50000), 'user ' || (g.i % 50000), 'nick ' || (g.i % 50000),
        '138' || lpad((g.i % 50000)::text, 8, '0'),
        case when (g.i * 13) % 103 < 52 then 'nio_app' when (g.i * 13) % 103 < 88 then 'pe_app' else 'other' end,
        'ORD' || g.i, 'charge',
        case when (g.i * 29) % 107 < 5 then 1 else 0 end
      from generate_series(${from}::bigint, ${to}::bigint) as g(i)
      join (select resource_id, (row_number() over (order by resource_id) - 1)::int as n from resources) s
        on s.n = (g.i * 7919) % ${stations}
      order by g.i`);
  }
  await db.execute(sql`
    insert into comment_replies (commentary_id, text, user_name)
    select commentary_id, 'Thank you, we are looking into it.', 'bench' from comments where reply_number = 1`);
  for (const { definition } of indexes) await db.execute(sql.raw(definition));
  const commentSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  // What autovacuum would have done by the time anyone lists a freshly loaded table (PostgreSQL 13+
  // vacuums insert-only tables too); index-only scans need the visibility map.
  await db.execute(sql`vacuum analyze`);
  const analyseSeconds = (performance.now() - started) / 1000;
  const [counts] = (await rowsOf<{ comments: number; replies: number }>(
    db,
    sql`select (select count(*)::int from comments) as comments,
               (select count(*)::int from comment_replies) as replies`,
  )) as [{ comments: number; replies: number }];
  console.log(
    `${driver}: ${counts.comments} comments, ${counts.replies} replies in ${commentSeconds.toFixed(1)} s, ` +
      `VACUUM ANALYZE ${analyseSeconds.toFixed(1)} s`,
  );

  const userId = await staffRepo.insertStaffUser(db, {
    userName: BENCH_USER,
    displayName: BENCH_USER,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    mustChangePassword: false,
  });
  await staffRepo.replaceRoles(db, userId, [{ tenant: TENANT, role: 'viewer' }]);
  return { stationSeconds, commentSeconds, analyseSeconds, stations, ...counts };
}

// ---------------------------------------------------------------------------------------------------
// The SQL the repository runs.

const parsed = (body: CommentListRequest): CommentListQuery => CommentListQuerySchema.parse(body);

function filterOf(query: CommentListQuery) {
  const { pageNo: _pageNo, pageSize: _pageSize, ...filter } = query;
  return { ...filter, tenant: TENANT };
}
const whereOf = (query: CommentListQuery): SQL => repo.commentWhere(filterOf(query));

/**
 * What the service calls: the list's page (ids page + join beside the total: kept for the whole list,
 * counted for a filtered one), then the page's replies.
 */
const listSql = (db: Db, query: CommentListQuery) => async () => {
  const page = await repo.commentList.page(db, filterOf(query), query);
  return { rows: await repo.attachReplies(db, page.rows), total: page.total };
};

/** The page's ids as the list finds them on `comments` alone; its few rows are then joined by id. */
const pageQuery = (db: Db, query: CommentListQuery) =>
  db
    .select({ id: comments.commentaryId })
    .from(comments)
    .where(whereOf(query))
    .orderBy(...repo.commentList.order(query.sort).by)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNo, query.pageSize));

/** The count a filtered page runs for its total. */
const countQuery = (db: Db, query: CommentListQuery) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(comments)
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-comments-inject-'));
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
  const search = async (body: CommentListRequest) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/${TENANT}/comments/search`,
      headers: { origin, cookie: `cmp_session=${session.value}` },
      payload: body,
    });
    if (response.statusCode !== 200) throw new Error(`search: ${response.statusCode} ${response.body}`);
    return response.json<{ items: { commentaryId: number }[]; total: number }>();
  };
  return {
    search,
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
      const query = parsed(scenario.body);
      const direct = await listSql(db, query)();
      const answered = await app.search(scenario.body);
      const ids = (rows: { commentaryId: number }[]) => rows.map((r) => r.commentaryId).join();
      if (
        answered.items.length !== 20 ||
        answered.total !== direct.total ||
        ids(answered.items) !== ids(direct.rows.map((r) => r.comment))
      ) {
        throw new Error(`${scenario.name}: the API and the repository disagree`);
      }
      const page = pageQuery(db, query);
      const count = countQuery(db, query);
      const [sqlFigures, inject, pageFigures, countFigures] = await alternate(ROUND_OPTIONS, [
        listSql(db, query),
        () => app.search(scenario.body),
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
        const response = await fetch(`${server.url}/api/${TENANT}/comments/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, cookie },
          body: JSON.stringify(scenario.body),
        });
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
      'lowest–highest; SQL = commentList.page and the replies on the driver, in-process API = app.inject, HTTP = over ' +
      'loopback to the app in another process):',
  );
  console.log(
    '| database | scenario | rows matched | in-process API median | API p95 | SQL median | SQL p95 | ' +
      'API / SQL | HTTP median | HTTP / SQL | round medians API / SQL |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const f of all) {
    for (const s of f.scenarios) {
      console.log(
        `| ${f.driver} | ${s.scenario.name} | ${s.total} | ${ms(s.inject.median)} | ${ms(s.inject.p95)} | ` +
          `${ms(s.sql.median)} | ${ms(s.sql.p95)} | ${ratio(s.inject.median, s.sql.median)} | ` +
          `${s.http ? ms(s.http.median) : '–'} | ${s.http ? ratio(s.http.median, s.sql.median) : '–'} | ` +
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
  // The first scan of `comments` in a plan (the ids subquery's is `comments_1`), and whether the ids are
  // sorted after reading rather than read in the index's order.
  const scanOf = (plan: Explained) =>
    plan.plan
      .find((line) => / on comments(_1)?\b/.test(line) && /Scan/.test(line) && !/comments_pkey/.test(line))
      ?.trim()
      .replace(/^->\s*/, '')
      .replace(/\s+\(cost.*$/, '') ?? '';
  const sortsIds = (plan: Explained) => plan.plan.some((line) => /Sort Key: comments_1\./.test(line));
  for (const f of all) {
    for (const s of f.scenarios) {
      console.log(
        `| ${f.driver} | ${s.scenario.name} | ${ms(s.page.median)} | ${ms(s.pagePlan.executionMs)} | ` +
          `${ms(s.count.median)} | ${ms(s.countPlan.executionMs)} | ` +
          `${scanOf(s.pagePlan)}${sortsIds(s.pagePlan) ? ', then sorted' : ''} | ${scanOf(s.countPlan)} |`,
      );
    }
  }
  console.log('\nGoals (issue #14):');
  for (const f of all) {
    for (const s of f.scenarios) {
      const r = s.inject.median / s.sql.median;
      console.log(
        `- ${f.driver}, ${s.scenario.name}: API ${ratio(s.inject.median, s.sql.median)}× the SQL ` +
          `(${r <= MAX_API_RATIO ? 'met' : 'missed'}, at most ${MAX_API_RATIO}×)`,
      );
    }
    if (f.driver === 'postgres') {
      const first = f.scenarios[0]!;
      console.log(
        `- postgres, first page: API ${ms(first.inject.median)} ms in-process` +
          (first.http ? `, ${ms(first.http.median)} ms over HTTP` : '') +
          ` (${Math.max(first.inject.median, first.http?.median ?? 0) < MAX_FIRST_PAGE_MS ? 'met' : 'missed'}, ` +
          `under ${MAX_FIRST_PAGE_MS} ms)`,
      );
    }
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
      `- ${driver}: ${s.stations} stations ${s.stationSeconds.toFixed(1)} s; ${s.comments} comments and ` +
        `${s.replies} replies ${s.commentSeconds.toFixed(1)} s; VACUUM ANALYZE ${s.analyseSeconds.toFixed(1)} s`,
    );
  }
}

async function main() {
  await runBench(`comment list at ${COMMENTS} comments over ${STATIONS} stations`, async () => {
    const figures: DriverFigures[] = [];
    for (const driver of DRIVERS) figures.push(await runDriver(driver));
    printFigures(figures);
  });
}

if (process.argv[2] === 'serve') await serveBenchApp();
else await main();
