/**
 * Mixed office workload: many staff sessions at once, each doing a mix of real work, for a while.
 *
 *   npx tsx bench/mixed-load.ts [--database=pglite|postgres] [--sessions=100] [--seconds=60]
 *     [--stations=3300] [--warmup=10] [--pool=N] [--flows=list,detail,edit,road-book,worksheet]
 *     [--cpu-prof=file.cpuprofile] [--trace-db]
 *
 * This process is the server: `buildApp` on 127.0.0.1 (a free port) over a file-backed PGlite in a
 * temporary DATA_DIR, as in production, or with `--database=postgres` over a database `cmp_bench_mixed`
 * created on BENCH_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/postgres) and dropped
 * afterwards, with DATABASE_POOL_SIZE connections (10, or `--pool`). It holds the demo station network at
 * `npm start`'s size by default (3,000 charge and 300 swap stations; `--stations` sets the total, 1 in 11
 * of them swap stations), analysed as after a start, and `--sessions` operators of tenant nio.
 *
 * The load generator (bench/mixed-load-client.ts) runs in a child process. Each session signs in, then
 * loops without think time over the flows of an office day: the operations list with filters and sorts
 * (36 %), a station's detail page (26 %: basic info, then operator info), a basic-info edit (14 %: read,
 * open worksheets, save with the version read; a 409 conflict is expected and counted apart), route
 * options for a trip (14 %, a third of them then saved as a road book) and a worksheet opened and an
 * older one closed (10 %); `--flows` keeps only some of them, to see what each costs. After `--warmup`
 * seconds, requests started during `--seconds` are measured.
 *
 * It prints per request type count, req/s, p50/p95/p99/max, 409s and errors, the overall figures, the
 * fairness check (each type's p99 over the overall p50; the target is at most 5), the server process's
 * CPU and event-loop delay during the window, the CPU per request of the server, the PostgreSQL backends
 * (read from /proc) and the load generator, the load average at the start, when the window opens and at
 * the end, and checks that the database holds exactly what the successful saves wrote (no lost update). `--cpu-prof` writes a CPU
 * profile of the server process over the measured window; `--trace-db` (PGlite) prints how long each
 * statement and transaction held the database during it (bench/pglite-trace.ts).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { Session as InspectorSession } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { CITY_ANCHORS } from '../apps/server/src/demo/city-anchors.js';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { seedStationNetwork } from '../apps/server/src/demo/stations.demo.js';
import { operators } from '../apps/server/src/modules/operators/operators.tables.js';
import { roadBooks } from '../apps/server/src/modules/road-books/road-books.tables.js';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import { chargeStations, resources } from '../apps/server/src/modules/stations/stations.tables.js';
import { worksheets } from '../apps/server/src/modules/worksheets/worksheets.tables.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import {
  openDatabase,
  type Database,
  type DatabaseOptions,
} from '../apps/server/src/platform/db/database.js';
import type { PGlite } from '@electric-sql/pglite';
import type { PgliteClient } from '../apps/server/src/platform/db/pglite-prepared.js';
import { freshPostgresDatabase } from './bench-database.js';
import { PgliteTrace } from './pglite-trace.js';
import type {
  Catalog,
  ClientMessage,
  Effects,
  FlowName,
  LoadPlan,
  RequestType,
  Sample,
} from './mixed-load-client.js';
import { benchArgs } from './bench-args.js';

const args = benchArgs();
const DRIVER = args.database ?? 'pglite';
if (DRIVER !== 'pglite' && DRIVER !== 'postgres') throw new Error('--database is pglite or postgres');
const SESSIONS = Number(args.sessions ?? 100);
const SECONDS = Number(args.seconds ?? 60);
const WARMUP_SECONDS = Number(args.warmup ?? 10);
const STATIONS = Number(args.stations ?? 3300);
const SWAP_STATIONS = Math.round(STATIONS / 11);
const FLOW_NAMES = (args.flows ?? 'list,detail,edit,road-book,worksheet').split(',') as FlowName[];
const CPU_PROFILE = args['cpu-prof'];
const TRACE_DB = 'trace-db' in args;
if (TRACE_DB && DRIVER !== 'pglite') throw new Error('--trace-db traces PGlite only');
const FAIRNESS_LIMIT = 5;
const PASSWORD = 'bench-password-1';
const AS_OF = new Date('2026-11-22T00:00:00+08:00');
const EDITED_STATIONS = 100;
// The load generator's worksheets carry this title (bench/mixed-load-client.ts), so they can be counted.
const WORKSHEET_TITLE = 'bench: charger check';

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`);

async function openTarget(): Promise<{ database: Database; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-mixed-'));
  let options: DatabaseOptions = { kind: 'pglite', dataDir };
  let drop = async () => {};
  if (DRIVER === 'postgres') {
    const target = await freshPostgresDatabase('cmp_bench_mixed');
    options =
      target.options.kind === 'postgres' && args.pool
        ? { ...target.options, poolSize: Number(args.pool) }
        : target.options;
    drop = target.drop;
  }
  const database = await openDatabase(options);
  return {
    database,
    dataDir,
    drop: async () => {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function seed(database: Database): Promise<string[]> {
  const { db } = database;
  const started = performance.now();
  await db.transaction((tx) =>
    seedStationNetwork(tx, seededRandom(20261121), {
      chargeStations: STATIONS - SWAP_STATIONS,
      swapStations: SWAP_STATIONS,
      now: AS_OF,
    }),
  );
  // One hash for every account: hashing a hundred passwords would only slow the set-up down.
  const passwordHash = await hashPassword(PASSWORD);
  const userNames: string[] = [];
  for (let i = 1; i <= SESSIONS; i++) {
    const userName = `bench-op-${String(i).padStart(3, '0')}`;
    const id = await staffRepo.insertStaffUser(db, {
      userName,
      displayName: `Bench operator ${i}`,
      passwordHash,
      disabled: false,
      mustChangePassword: false,
    });
    await staffRepo.replaceRoles(db, id, [{ tenant: 'nio', role: 'operator' }]);
    userNames.push(userName);
  }
  // As a start with demo data does: PGlite runs no autovacuum.
  await db.execute(sql`analyze`);
  console.log(`seeded and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return userNames;
}

async function catalogOf(database: Database): Promise<Catalog> {
  const { db } = database;
  const random = seededRandom(7);
  const stations = await db
    .select({
      resourceId: resources.resourceId,
      resourceType: resources.resourceType,
      resourceName: resources.resourceName,
      cityId: resources.cityId,
    })
    .from(resources)
    .orderBy(resources.resourceId);
  const charge = stations.filter((s) => s.resourceType === 'ChargeStation').map((s) => s.resourceId);
  const swap = stations.filter((s) => s.resourceType === 'PowerSwap').map((s) => s.resourceId);
  const owners = await db
    .select({ operatorId: resources.operatorId, operatorName: operators.operatorName, n: count() })
    .from(resources)
    .innerJoin(operators, eq(operators.operatorId, resources.operatorId))
    .groupBy(resources.operatorId, operators.operatorName)
    .orderBy(sql`count(*) desc`)
    .limit(30);
  const cityIds = [...new Set(stations.map((s) => s.cityId).filter((id): id is string => id !== null))];
  const shuffled = [...charge].sort(() => random() - 0.5);
  const namePart = (name: string) => {
    const at = Math.floor(random() * Math.max(1, name.length - 2));
    return name.slice(at, at + 2);
  };
  return {
    chargeStationIds: charge,
    swapStationIds: swap,
    editedStationIds: shuffled.slice(0, EDITED_STATIONS),
    operatorIds: owners.map((o) => o.operatorId!),
    operatorNameParts: owners.map((o) => namePart(o.operatorName)),
    cityIds: cityIds.filter((id) => CITY_ANCHORS.some((city) => city.cityId === id)),
    cityNames: CITY_ANCHORS.slice(0, 20).map((city) => city.name),
    stationNameParts: Array.from({ length: 40 }, () =>
      namePart(stations[Math.floor(random() * stations.length)]!.resourceName),
    ),
  };
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds used so far by each PostgreSQL backend serving this database, read from /proc (the
 * server is local); null when they cannot be read.
 */
async function backendCpu(database: Database): Promise<Map<number, number> | null> {
  if (database.driver !== 'postgres') return null;
  const { rows } = (await database.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  )) as unknown as { rows: { pid: number }[] };
  const used = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      // Fields 14 and 15 (utime, stime) follow the command name, which is in parentheses.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND) * 1000);
    } catch {
      return null;
    }
  }
  return used;
}

/** What the saves change, read before and after the run. */
async function snapshot(database: Database, catalog: Catalog) {
  const { db } = database;
  const edited = await db
    .select({
      resourceId: resources.resourceId,
      version: resources.version,
      parkNumbers: chargeStations.parkNumbers,
    })
    .from(resources)
    .innerJoin(chargeStations, eq(chargeStations.resourceId, resources.resourceId))
    .where(inArray(resources.resourceId, catalog.editedStationIds));
  const counters = await db
    .select({
      resourceId: resources.resourceId,
      worksheetNumber: resources.worksheetNumber,
      openWorksheetNumber: resources.openWorksheetNumber,
    })
    .from(resources);
  const [books] = await db.select({ n: count() }).from(roadBooks).where(eq(roadBooks.tenant, 'nio'));
  const [sheets] = await db
    .select({ n: count() })
    .from(worksheets)
    .where(eq(worksheets.title, WORKSHEET_TITLE));
  return {
    edited: new Map(
      edited.map((row) => [row.resourceId, { version: row.version, parkNumbers: row.parkNumbers ?? 0 }]),
    ),
    counters: new Map(counters.map((row) => [row.resourceId, row])),
    roadBooks: books!.n,
    worksheets: sheets!.n,
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** Lines naming every difference between what the saves answered and what the database holds. */
function lostUpdates(before: Snapshot, after: Snapshot, effects: Effects): string[] {
  const problems: string[] = [];
  for (const [resourceId, was] of before.edited) {
    const now = after.edited.get(resourceId)!;
    const saves = effects.basicInfoSaves[resourceId] ?? 0;
    if (now.parkNumbers - was.parkNumbers !== saves || now.version - was.version !== saves) {
      problems.push(
        `${resourceId}: ${saves} saves answered 200, parking +${now.parkNumbers - was.parkNumbers}, version +${now.version - was.version}`,
      );
    }
  }
  const touched = new Set([
    ...Object.keys(effects.worksheetsCreated),
    ...Object.keys(effects.worksheetsClosed),
  ]);
  for (const resourceId of touched) {
    const was = before.counters.get(resourceId)!;
    const now = after.counters.get(resourceId)!;
    const created = effects.worksheetsCreated[resourceId] ?? 0;
    const closed = effects.worksheetsClosed[resourceId] ?? 0;
    if (
      now.worksheetNumber - was.worksheetNumber !== created ||
      now.openWorksheetNumber - was.openWorksheetNumber !== created - closed
    ) {
      problems.push(`${resourceId}: worksheet counters do not match ${created} opened and ${closed} closed`);
    }
  }
  const created = Object.values(effects.worksheetsCreated).reduce((a, b) => a + b, 0);
  if (after.worksheets - before.worksheets !== created) {
    problems.push(
      `${after.worksheets - before.worksheets} worksheets stored for ${created} creates answered 201`,
    );
  }
  if (after.roadBooks - before.roadBooks !== effects.roadBooksSaved) {
    problems.push(
      `${after.roadBooks - before.roadBooks} road books stored for ${effects.roadBooksSaved} saves answered 201`,
    );
  }
  return problems;
}

function report(requestTypes: readonly RequestType[], samples: Sample[], windowMs: number): void {
  const seconds = windowMs / 1000;
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const overallP50 = percentile(all, 50);
  console.log(
    '\n| request type | count | req/s | p50 | p95 | p99 | max | 409 | errors | p99 / overall p50 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const unfair: string[] = [];
  for (const type of requestTypes) {
    const own = samples.filter((s) => s.type === type);
    if (own.length === 0) continue;
    const sorted = own.map((s) => s.ms).sort((a, b) => a - b);
    const ratio = percentile(sorted, 99) / overallP50;
    if (ratio > FAIRNESS_LIMIT) unfair.push(`${type} (${ratio.toFixed(1)})`);
    console.log(
      `| ${type} | ${own.length} | ${(own.length / seconds).toFixed(1)} | ${ms(percentile(sorted, 50))} | ` +
        `${ms(percentile(sorted, 95))} | ${ms(percentile(sorted, 99))} | ${ms(sorted.at(-1)!)} | ` +
        `${own.filter((s) => s.outcome === 'conflict').length} | ${own.filter((s) => s.outcome === 'error').length} | ` +
        `${ratio.toFixed(1)} |`,
    );
  }
  const errors = samples.filter((s) => s.outcome === 'error').length;
  const conflicts = samples.filter((s) => s.outcome === 'conflict').length;
  console.log(
    `| **overall** | ${samples.length} | ${(samples.length / seconds).toFixed(1)} | ${ms(overallP50)} | ` +
      `${ms(percentile(all, 95))} | ${ms(percentile(all, 99))} | ${ms(all.at(-1)!)} | ${conflicts} | ${errors} | |`,
  );
  console.log(
    `\nfairness (every type's p99 ≤ ${FAIRNESS_LIMIT} × overall p50 = ${ms(FAIRNESS_LIMIT * overallP50)}): ` +
      (unfair.length === 0 ? 'met' : `NOT met: ${unfair.join(', ')}`),
  );
}

async function main() {
  console.log(
    `mixed load (${FLOW_NAMES.join(', ')}) on ${DRIVER}: ${SESSIONS} sessions, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured, ` +
      `${STATIONS.toLocaleString('en-US')} stations; ${os.cpus().length} cores (${os.cpus()[0]?.model}), ` +
      `Node ${process.version}`,
  );
  const loadAtStart = loadAverage();
  console.log(`load average at start: ${loadAtStart}`);
  const target = await openTarget();
  const { database } = target;
  // Before anything runs, so that it knows every statement the app prepares. Drizzle holds the app's
  // prepared-statement client, or PGlite itself on commits before it (to measure those the same way).
  const client = (database.db as unknown as { $client: PgliteClient | PGlite }).$client;
  const trace = TRACE_DB ? new PgliteTrace('pglite' in client ? client.pglite : client) : null;
  await database.migrate();
  const userNames = await seed(database);
  const catalog = await catalogOf(database);
  const before = await snapshot(database, catalog);

  const app = await buildApp({
    config: defaultConfig({
      logLevel: 'silent',
      webDist: path.join(target.dataDir, 'no-web'),
      dataDir: target.dataDir,
    }),
    database,
    logger: false,
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });

  const plan: LoadPlan = {
    base,
    sessions: SESSIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
    password: PASSWORD,
    userNames,
    flows: FLOW_NAMES,
    catalog,
    seed: 20261124,
  };
  const eventLoop = monitorEventLoopDelay({ resolution: 10 });
  const profiler = CPU_PROFILE ? new InspectorSession() : null;
  let cpuMark = process.cpuUsage();
  let backendsAtWindow: Promise<Map<number, number> | null> = Promise.resolve(null);
  let loadAtWindow = '';
  const child = fork(path.join(import.meta.dirname, 'mixed-load-client.ts'), [JSON.stringify(plan)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const done = await new Promise<Extract<ClientMessage, { kind: 'done' }>>((resolve, reject) => {
    child.on('message', (message: ClientMessage) => {
      if (message.kind === 'measuring') {
        cpuMark = process.cpuUsage();
        backendsAtWindow = backendCpu(database);
        eventLoop.enable();
        loadAtWindow = loadAverage();
        trace?.start();
        if (profiler) {
          profiler.connect();
          void profiler.post('Profiler.enable').then(() => profiler.post('Profiler.start'));
        }
      } else {
        resolve(message);
      }
    });
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
  });
  const cpu = process.cpuUsage(cpuMark);
  const [backendsBefore, backendsAfter] = [await backendsAtWindow, await backendCpu(database)];
  eventLoop.disable();
  trace?.stop();
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    fs.writeFileSync(CPU_PROFILE!, JSON.stringify(profile));
    profiler.disconnect();
    console.log(`CPU profile of the server over the window: ${CPU_PROFILE}`);
  }
  const loadAtEnd = loadAverage();

  report(done.requestTypes, done.samples, done.windowMs);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `\nserver process over the window: CPU ${(cpuMs / 1000).toFixed(1)} s of ${(done.windowMs / 1000).toFixed(0)} s ` +
      `(${((cpuMs / done.windowMs) * 100).toFixed(0)} % of a core); event-loop delay p50 ${ms(eventLoop.percentile(50) / 1e6)}, ` +
      `p99 ${ms(eventLoop.percentile(99) / 1e6)}, max ${ms(eventLoop.max / 1e6)}`,
  );
  console.log(
    `load average (1, 5, 15 min): start ${loadAtStart}; window opens ${loadAtWindow}; end ${loadAtEnd}`,
  );
  const perRequest = (cpuMsTotal: number) => `${(cpuMsTotal / done.samples.length).toFixed(2)} ms`;
  const backendMs =
    backendsBefore && backendsAfter
      ? [...backendsAfter].reduce((sum, [pid, used]) => sum + used - (backendsBefore.get(pid) ?? 0), 0)
      : null;
  console.log(
    `CPU per request: server ${perRequest(cpuMs)}` +
      (backendMs === null ? '' : `, PostgreSQL backends ${perRequest(backendMs)}`) +
      `, load generator ${perRequest(done.cpuMs)}`,
  );
  trace?.print(done.windowMs);
  if (done.errorExamples.length > 0) console.log(`\nfirst errors:\n  ${done.errorExamples.join('\n  ')}`);

  const after = await snapshot(database, catalog);
  const problems = lostUpdates(before, after, done.effects);
  const saves = Object.values(done.effects.basicInfoSaves).reduce((a, b) => a + b, 0);
  const created = Object.values(done.effects.worksheetsCreated).reduce((a, b) => a + b, 0);
  const closed = Object.values(done.effects.worksheetsClosed).reduce((a, b) => a + b, 0);
  console.log(
    `\nlost-update check over the whole run (${saves} basic-info saves, ${created} worksheets opened, ${closed} closed, ` +
      `${done.effects.roadBooksSaved} road books saved` +
      (done.effects.unanswered > 0
        ? `; ${done.effects.unanswered} requests unanswered, so their effect is unknown`
        : '') +
      '): ' +
      (problems.length === 0
        ? 'the database holds exactly what the successful saves wrote'
        : `MISMATCH\n  ${problems.join('\n  ')}`),
  );

  await app.close();
  await database.close();
  await target.drop();
}

await main();
