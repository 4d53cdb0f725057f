/**
 * Crowd-sourced station benchmark (issue #16): the review queue's first page and the duplicate search at
 * 100,000 reports and 100,000 network stations, on PostgreSQL and on PGlite.
 *
 *   npx tsx bench/crowdsourced-stations.bench.ts [--reports=100000] [--stations=100000] [--rounds=5]
 *                                                [--seconds=3] [--drivers=postgres,pglite] [--explain] [--keep]
 *
 * For each driver: a fresh database (on PostgreSQL `cmp_bench_reports` on BENCH_DATABASE_URL's server,
 * default postgres://root@127.0.0.1:5432/postgres, dropped afterwards; a temporary directory for PGlite),
 * migrations, the demo station network of `stations` stations (9 % swap), 30,000 demo accounts of nio, and
 * `reports` demo reports of nio made by the demo's generator (`generateReports`: a year of reports, about one
 * in five still pending, one in ten within 200 m of a station, candidates as the intake finds them), the
 * discoverer relations of those linked to a station, then VACUUM ANALYZE. Then, one call at a time,
 * alternating so that other load on the machine falls on all alike, `rounds` rounds of `seconds`:
 *   - queue, API: `POST /api/nio/crowdsourced-stations/search` `{ stationStatus: 0 }` through `app.inject` as a
 *     viewer (session, validation, the page of 20 oldest first with the reporters joined, the kept total,
 *     serialisation; no socket);
 *   - queue, repository: `reportList.page` on the driver, what the service calls;
 *   - intake, API: a signed `POST /api/app/crowdsourced-stations` of a new report 50–150 m from a station
 *     (signature and nonce checks, the duplicate search, the insert, its audit record), through `app.inject`;
 *   - duplicate search: `findDuplicates` on the driver for the same kind of point, what the intake calls.
 * Then EXPLAIN (ANALYZE, BUFFERS) of the queue's page of ids and of the two duplicate queries (`--explain`
 * prints whole plans); the execution time shown is that of EXPLAIN (ANALYZE, TIMING OFF).
 * `--keep` leaves the seeded database in place and prints where.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, sql, type SQL } from 'drizzle-orm';
import { Tenant } from '@cmp/domain';
import type { AppReport, CrowdsourcedStationPage } from '@cmp/domain/stations/crowdsourced-stations';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { insertDemoAccounts } from '../apps/server/src/demo/accounts.demo.js';
import { offsetPoint } from '../apps/server/src/demo/city-anchors.js';
import {
  generateReports,
  insertReports,
  loadReporters,
  loadStationSpots,
  type StationSpot,
} from '../apps/server/src/demo/crowdsourced-stations.demo.js';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { seedStationNetwork } from '../apps/server/src/demo/stations.demo.js';
import { APP_BACKEND_CLIENT } from '../apps/server/src/platform/signed-clients/app-client-kind.js';
import { appClients } from '../apps/server/src/modules/app-clients/app-clients.tables.js';
import { crowdsourcedStations } from '../apps/server/src/modules/crowdsourced-stations/crowdsourced-stations.tables.js';
import * as repo from '../apps/server/src/modules/crowdsourced-stations/crowdsourced-stations.repo.js';
import { findDuplicates } from '../apps/server/src/modules/crowdsourced-stations/report-duplicates.service.js';
import {
  distanceTo,
  nearbyOpenReports,
  withinBox,
} from '../apps/server/src/modules/crowdsourced-stations/report-neighbours.repo.js';
import { ensureDictionaries } from '../apps/server/src/modules/dictionaries/dictionaries.bootstrap.js';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import { resources } from '../apps/server/src/modules/stations/stations.tables.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import { openDatabase, type Database, type Db } from '../apps/server/src/platform/db/database.js';
import { saveClientKey } from '../apps/server/src/platform/signed-clients/client-registry.js';
import { signedHeaders } from '../apps/server/src/platform/signed-clients/client-signing.js';
import { newKeyPair } from '../apps/server/src/platform/signed-clients/signing-keys.js';
import { benchArgs } from './bench-args.js';
import { alternate, type Latencies } from './alternating-latencies.js';
import { freshBenchDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';

type Driver = 'pglite' | 'postgres';

const PASSWORD = 'bench-password-1';
const PG_DATABASE = 'cmp_bench_reports';
const TENANT = Tenant.parse('nio');
const DATA_AS_OF = new Date('2026-11-01T00:00:00Z');
const REPORTERS = 30_000;
const RADIUS_METRES = 200;
const MIN_CALLS_PER_ROUND = 5;
// The goal, on PostgreSQL.
const GOAL_MS = 50;
const QUEUE = { tenant: TENANT, stationStatus: 0 } as const;

const args = benchArgs();
const REPORTS = Number(args.reports ?? 100_000);
const STATIONS = Number(args.stations ?? 100_000);
const ROUNDS = Number(args.rounds ?? 5);
const SECONDS = Number(args.seconds ?? 3);
const ROUND_OPTIONS = { rounds: ROUNDS, seconds: SECONDS, minCallsPerRound: MIN_CALLS_PER_ROUND };
const DRIVERS = (args.drivers ?? 'postgres,pglite').split(',') as Driver[];
const EXPLAIN = args.explain !== undefined;
const KEEP = args.keep !== undefined;

const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

// ---------------------------------------------------------------------------------------------------
// Seeding.

interface Seeded {
  seconds: { stations: number; generate: number; insert: number; analyse: number };
  /** The live accounts reports name. */
  reporters: string[];
  reports: number;
  pending: number;
  flagged: number;
  stations: number;
}

async function seed(driver: Driver, database: Database): Promise<Seeded> {
  const { db } = database;
  await database.migrate();
  await ensureDictionaries(db);
  const hash = await hashPassword(PASSWORD);
  for (const role of ['viewer', 'operator'] as const) {
    const id = await staffRepo.insertStaffUser(db, {
      userName: `bench-${role}`,
      displayName: `bench ${role}`,
      passwordHash: hash,
      mustChangePassword: false,
    });
    await staffRepo.replaceRoles(db, id, [{ tenant: TENANT, role }]);
  }

  let started = performance.now();
  const swapStations = Math.round(STATIONS * 0.09);
  await db.transaction(async (tx) => {
    await seedStationNetwork(tx, seededRandom(20261121), {
      chargeStations: STATIONS - swapStations,
      swapStations,
      now: DATA_AS_OF,
    });
    await insertDemoAccounts(tx, TENANT, REPORTERS, DATA_AS_OF);
  });
  const stationSeconds = (performance.now() - started) / 1000;

  const reporters = (await loadReporters(db, REPORTERS)).get(TENANT)!;
  started = performance.now();
  const rows = generateReports(seededRandom(16), {
    count: REPORTS,
    now: DATA_AS_OF,
    reporters: new Map([[TENANT, reporters]]),
    reviewers: new Map([[TENANT, ['bench-operator']]]),
    stations: await loadStationSpots(db),
  });
  const generateSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await db.transaction((tx) => insertReports(tx, rows));
  const insertSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  // What autovacuum would have done by the time anyone opens the queue of a freshly loaded table.
  await db.execute(sql`vacuum analyze`);
  const analyseSeconds = (performance.now() - started) / 1000;
  const [counts] = await rowsOf<Omit<Seeded, 'seconds' | 'reporters'>>(
    db,
    sql`select count(*)::int as reports, count(*) filter (where station_status = 0)::int as pending,
          count(*) filter (where suspected_duplicate)::int as flagged,
          (select count(*)::int from resources) as stations
        from crowdsourced_stations`,
  );
  console.log(
    `${driver}: ${counts!.stations} stations and ${REPORTERS} accounts in ${stationSeconds.toFixed(1)} s, ` +
      `${counts!.reports} reports (${counts!.pending} pending, ${counts!.flagged} flagged) generated in ` +
      `${generateSeconds.toFixed(1)} s and stored in ${insertSeconds.toFixed(1)} s, VACUUM ANALYZE ` +
      `${analyseSeconds.toFixed(1)} s`,
  );
  return {
    seconds: {
      stations: stationSeconds,
      generate: generateSeconds,
      insert: insertSeconds,
      analyse: analyseSeconds,
    },
    reporters,
    ...counts!,
  };
}

// ---------------------------------------------------------------------------------------------------
// The calls.

/** Points 50–150 m from stations spread over the network: each has at least that station within the radius. */
function pointsNearStations(stations: readonly StationSpot[], count: number) {
  const random = seededRandom(42);
  return Array.from({ length: count }, () => {
    const station = stations[Math.floor(random() * stations.length)]!;
    return offsetPoint(
      station.longitude,
      station.latitude,
      (50 + random() * 100) / 1000,
      random() * 2 * Math.PI,
    );
  });
}

async function inProcessApp(database: Database, driver: Driver, reporters: readonly string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-reports-inject-'));
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
    payload: { userName: 'bench-viewer', password: PASSWORD },
  });
  const session = signedIn.cookies.find((c) => c.name === 'cmp_session');
  if (!session) throw new Error(`sign-in answered ${signedIn.statusCode}`);
  const queue = async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/${TENANT}/crowdsourced-stations/search`,
      headers: { origin, cookie: `cmp_session=${session.value}` },
      payload: QUEUE,
    });
    if (response.statusCode !== 200) throw new Error(`queue: ${response.statusCode} ${response.body}`);
    return response.json<CrowdsourcedStationPage>();
  };

  const pair = newKeyPair();
  const client = { clientId: 'bench-app', secretCode: pair.secretCode };
  await saveClientKey(database.db, {
    clientId: client.clientId,
    kind: APP_BACKEND_CLIENT,
    tenant: TENANT,
    publicKey: pair.publicKey,
    state: 'enabled',
  });
  await database.db.insert(appClients).values({ clientId: client.clientId, tenant: TENANT, name: 'bench' });
  let sent = 0;
  const report = async (point: { longitude: number; latitude: number }) => {
    sent += 1;
    const body = JSON.stringify({
      objectId: `bench-${driver}-${sent}`,
      source: 'nio',
      creatorAccountId: reporters[sent % reporters.length]!,
      stationName: '基准测试上报站点',
      address: '上海市闵行区人民路1号',
      ...point,
    } satisfies AppReport);
    const urlPath = '/api/app/crowdsourced-stations';
    const response = await app.inject({
      method: 'POST',
      url: urlPath,
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(client, { method: 'POST', path: urlPath, body }),
      },
      payload: body,
    });
    if (response.statusCode !== 201) throw new Error(`intake: ${response.statusCode} ${response.body}`);
    return response.json<{ duplicateCandidates: unknown[] }>();
  };
  return {
    queue,
    report,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Plans.

interface Explained {
  executionMs: number;
  plan: string[];
}

/**
 * The plan with each node's time, and the execution time from a second run without per-node timing
 * (reading the clock for every row costs more than the query itself on PGlite).
 */
async function explain(db: Db, query: SQL): Promise<Explained> {
  const lines = async (options: SQL) =>
    (await rowsOf<Record<string, string>>(db, sql`explain (${options}) ${query}`)).map(
      (row) => Object.values(row)[0]!,
    );
  const plan = await lines(sql`analyze, buffers`);
  const time = (await lines(sql`analyze, timing off`)).find((line) => line.startsWith('Execution Time'));
  return { executionMs: Number(/([\d.]+) ms/.exec(time ?? '')?.[1] ?? NaN), plan };
}

/** The queue's page of ids as its list (`reportList`) finds them (its first statement; the rows follow by id). */
function queueIds(db: Db): SQL {
  const t = crowdsourcedStations;
  return db
    .select({ objectId: t.objectId })
    .from(t)
    .where(repo.reportWhere(QUEUE))
    .orderBy(...repo.reportList.order(undefined).by)
    .limit(20)
    .getSQL();
}

/** The stations part of the duplicate search as `nearbyStations` writes it (its joins for names aside). */
function stationsNear(db: Db, point: { longitude: number; latitude: number }): SQL {
  const distance = distanceTo(resources, point);
  return db
    .select({ resourceId: resources.resourceId, distance })
    .from(resources)
    .where(
      and(withinBox(resources, point, RADIUS_METRES), sql`${distance} <= ${RADIUS_METRES}::double precision`),
    )
    .orderBy(asc(distance), asc(resources.resourceId))
    .limit(11)
    .getSQL();
}

const openReportsNear = (db: Db, point: { longitude: number; latitude: number }): SQL =>
  (nearbyOpenReports(db, TENANT, point, RADIUS_METRES, 10, null) as unknown as { getSQL(): SQL }).getSQL();

// ---------------------------------------------------------------------------------------------------
// Measuring.

interface Figures {
  driver: Driver;
  seeded: Seeded;
  queueTotal: number;
  queueApi: Latencies;
  queueRepo: Latencies;
  intakeApi: Latencies;
  duplicates: Latencies;
  candidates: number;
  plans: { queue: Explained; stations: Explained; reports: Explained };
}

async function runDriver(driver: Driver): Promise<Figures> {
  const target = await freshBenchDatabase(driver, PG_DATABASE);
  try {
    const database = await openDatabase(target.options);
    try {
      const seeded = await seed(driver, database);
      const { db } = database;
      const stations = await loadStationSpots(db);
      const points = pointsNearStations(stations, 2_000);
      let next = 0;
      const nextPoint = () => points[next++ % points.length]!;
      const app = await inProcessApp(database, driver, seeded.reporters);
      try {
        const page = await app.queue();
        const direct = await repo.reportList.page(db, QUEUE, { pageNo: 1, pageSize: 20 });
        const ids = direct.rows.map((row) => row.report.objectId);
        if (page.items.map((item) => item.objectId).join() !== ids.join() || page.total !== direct.total) {
          throw new Error('the API and the repository disagree on the queue');
        }
        const probe = await findDuplicates(db, TENANT, {
          point: points[0]!,
          radiusMeters: RADIUS_METRES,
          stationId: null,
          objectId: null,
        });
        if (!probe.some((candidate) => candidate.kind === 'station')) {
          throw new Error('the duplicate search missed the station next to the point');
        }
        const [queueApi, queueRepo, intakeApi, duplicates] = await alternate(ROUND_OPTIONS, [
          app.queue,
          () => repo.reportList.page(db, QUEUE, { pageNo: 1, pageSize: 20 }),
          () => app.report(nextPoint()),
          () =>
            findDuplicates(db, TENANT, {
              point: nextPoint(),
              radiusMeters: RADIUS_METRES,
              stationId: null,
              objectId: null,
            }),
        ]);
        const plans = {
          queue: await explain(db, queueIds(db)),
          stations: await explain(db, stationsNear(db, points[1]!)),
          reports: await explain(db, openReportsNear(db, points[1]!)),
        };
        console.log(
          `${driver}: queue API ${queueApi!.median.toFixed(1)} ms, intake API ${intakeApi!.median.toFixed(1)} ms, ` +
            `duplicate search ${duplicates!.median.toFixed(1)} ms`,
        );
        return {
          driver,
          seeded,
          queueTotal: page.total,
          queueApi: queueApi!,
          queueRepo: queueRepo!,
          intakeApi: intakeApi!,
          duplicates: duplicates!,
          candidates: probe.length,
          plans,
        };
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    if (KEEP) console.log(`${driver}: kept ${JSON.stringify(target.options)}`);
    else await target.drop();
  }
}

// ---------------------------------------------------------------------------------------------------
// Printing.

function print(all: Figures[]) {
  const ms = (value: number) => value.toFixed(1);
  const ms2 = (value: number) => value.toFixed(2);
  const cell = (l: Latencies) => `${ms(l.median)} / ${ms(l.p95)}`;
  const spread = (l: Latencies) => `${ms(l.roundMedians[0])}–${ms(l.roundMedians[1])}`;
  console.log(
    `\n${REPORTS} reports, ${STATIONS} stations; one call at a time, ${ROUNDS} rounds of ${SECONDS} s ` +
      '(ms, median / p95 over every call; round medians lowest–highest):',
  );
  console.log(
    '| database | pending | queue, API | queue, repository | intake near a station, API | ' +
      'duplicate search | round medians queue API / intake API |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const f of all) {
    console.log(
      `| ${f.driver} | ${f.queueTotal} | ${cell(f.queueApi)} | ${cell(f.queueRepo)} | ${cell(f.intakeApi)} | ` +
        `${cell(f.duplicates)} | ${spread(f.queueApi)} / ${spread(f.intakeApi)} |`,
    );
  }
  console.log('\nPlans (EXPLAIN ANALYZE execution time, ms, and what reads the rows):');
  console.log('| database | queue page of ids | | stations within 200 m | | open reports within 200 m | |');
  console.log('|---|---|---|---|---|---|---|');
  const scanOf = (plan: Explained) =>
    plan.plan
      .filter((line) => /Scan/.test(line))
      .map((line) =>
        line
          .trim()
          .replace(/^->\s*/, '')
          .replace(/\s+\(cost.*$/, ''),
      )
      .join('; ');
  for (const f of all) {
    const { queue, stations, reports } = f.plans;
    console.log(
      `| ${f.driver} | ${ms2(queue.executionMs)} | ${scanOf(queue)} | ${ms2(stations.executionMs)} | ` +
        `${scanOf(stations)} | ${ms2(reports.executionMs)} | ${scanOf(reports)} |`,
    );
  }
  console.log('\nGoal (issue #16): under 50 ms on PostgreSQL:');
  for (const f of all.filter((x) => x.driver === 'postgres')) {
    const verdict = (l: Latencies) => (l.median < GOAL_MS ? 'met' : 'missed');
    console.log(
      `- queue's first page through the API: ${ms(f.queueApi.median)} ms (${verdict(f.queueApi)}); ` +
        `intake with its duplicate search through the API: ${ms(f.intakeApi.median)} ms ` +
        `(${verdict(f.intakeApi)}); the duplicate search alone: ${ms(f.duplicates.median)} ms ` +
        `(${verdict(f.duplicates)})`,
    );
  }
  if (EXPLAIN) {
    for (const f of all) {
      for (const [name, plan] of Object.entries(f.plans)) {
        console.log(`\n${f.driver}, ${name}:\n${plan.plan.join('\n')}`);
      }
    }
  }
  console.log('\nSeeding:');
  for (const { driver, seeded: s } of all) {
    console.log(
      `- ${driver}: ${s.stations} stations and ${REPORTERS} accounts ${s.seconds.stations.toFixed(1)} s; ` +
        `${s.reports} reports (${s.pending} pending, ${s.flagged} flagged) generated ` +
        `${s.seconds.generate.toFixed(1)} s, stored ${s.seconds.insert.toFixed(1)} s; ` +
        `VACUUM ANALYZE ${s.seconds.analyse.toFixed(1)} s`,
    );
  }
}

await runBench(
  `crowd-sourced stations: review queue and duplicate search at ${REPORTS} reports and ${STATIONS} stations`,
  async () => {
    const figures: Figures[] = [];
    for (const driver of DRIVERS) figures.push(await runDriver(driver));
    print(figures);
  },
);
