/**
 * List overhead (issue #19): what each list's API costs over its repository SQL alone, on PGlite and on
 * PostgreSQL, for every list in `list-scenarios.ts`.
 *
 *   npx tsx bench/list-overhead.ts [--stations=100000] [--rounds=5] [--seconds=2] [--drivers=pglite,postgres]
 *                                  [--lists=stations,comments,...] [--settle=15] [--no-http]
 *
 * For each driver: a fresh database (a temporary PGlite directory; on PostgreSQL `cmp_bench_lists` on
 * BENCH_DATABASE_URL's server, default postgres://root@127.0.0.1:5432/postgres, dropped afterwards),
 * migrations and the demo seeders of every list (`list-seed.ts`: `stations` stations, the other areas at the
 * demo's small size); then, per scenario, one call at a time:
 *   1. `rounds` rounds of `seconds` in this process, alternating the repository calls the service makes
 *      ("SQL") with the same request through `app.inject` as a viewer ("API": session, validation, service,
 *      serialisation, no socket), so other load on the machine falls on both alike;
 *   2. unless `--no-http`: the app (`buildApp`) in a child process on 127.0.0.1, called over loopback with a
 *      keep-alive connection ("HTTP"), alternating with the SQL in this process on PostgreSQL. PGlite allows
 *      one process per data directory, so there the HTTP calls come after the in-process ones and are set
 *      against their SQL.
 * Each phase starts `settle` seconds after the app is ready: the app's start work (the route planner's station
 * index) runs in the background for its first seconds, on PGlite in the same database engine as the lists.
 * The goal is every list at most 1.5 times its SQL (API / SQL and HTTP / SQL, ratios of the medians).
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp, type App } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import {
  openDatabase,
  type Database,
  type DatabaseOptions,
} from '../apps/server/src/platform/db/database.js';
import { alternate, type Latencies } from './alternating-latencies.js';
import { benchArgs } from './bench-args.js';
import { freshBenchDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';
import { benchSignIn, serveBenchApp, startBenchServer } from './bench-server.js';
import { LIST_SCENARIOS, type ListRequest, type ListScenario, type SeedFacts } from './list-scenarios.js';
import { BENCH_PASSWORD, BENCH_USER, seedLists } from './list-seed.js';

type Driver = 'pglite' | 'postgres';

// Not the other benches' databases: several may run on one server at once.
const PG_DATABASE = 'cmp_bench_lists';
const GOAL = 1.5;
const INJECT_ORIGIN = 'http://localhost:80';

const args = benchArgs();
const STATIONS = Number(args.stations ?? 100_000);
const ROUNDS = { rounds: Number(args.rounds ?? 5), seconds: Number(args.seconds ?? 2), minCallsPerRound: 5 };
const DRIVERS = (args.drivers ?? 'pglite,postgres').split(',') as Driver[];
const HTTP = args['no-http'] === undefined;
const SETTLE_MS = Number(args.settle ?? 15) * 1000;
const SCENARIOS = args.lists
  ? LIST_SCENARIOS.filter((s) => args.lists!.split(',').some((list) => s.list.startsWith(list)))
  : LIST_SCENARIOS;

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface ScenarioFigures {
  scenario: ListScenario;
  total: number;
  sql: Latencies;
  api: Latencies;
  http?: { http: Latencies; sql: Latencies };
}

interface DriverFigures {
  driver: Driver;
  seedSeconds: number;
  rows: Record<string, number>;
  scenarios: ScenarioFigures[];
  loads: string[];
}

/** A list answer's total and its page's rows, whatever the list calls its array. */
function pageOf(body: Record<string, unknown>): { total: number; rows: number } {
  const rows = Object.values(body).find(Array.isArray) as unknown[] | undefined;
  return { total: Number(body.total), rows: rows?.length ?? -1 };
}

async function inProcessApp(
  database: Database,
): Promise<{ app: App; cookie: string; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-lists-app-'));
  const app = await buildApp({
    config: defaultConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' }),
    database,
    logger: false,
  });
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: INJECT_ORIGIN },
    payload: { userName: BENCH_USER, password: BENCH_PASSWORD },
  });
  const session = signedIn.cookies.find((c) => c.name === 'cmp_session');
  if (!session) throw new Error(`sign-in answered ${signedIn.statusCode}: ${signedIn.body}`);
  return {
    app,
    cookie: `cmp_session=${session.value}`,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measureInProcess(database: Database, facts: SeedFacts, loads: string[]) {
  const { app, cookie, close } = await inProcessApp(database);
  await sleep(SETTLE_MS);
  try {
    const figures: ScenarioFigures[] = [];
    for (const scenario of SCENARIOS) {
      const { method, url, payload } = scenario.request(facts);
      const call = () => app.inject({ method, url, payload, headers: { cookie, origin: INJECT_ORIGIN } });
      const sql = scenario.sql(database.db, facts);
      const answer = await call();
      if (answer.statusCode !== 200) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
      const page = pageOf(answer.json());
      const sqlRows = await sql();
      if (page.rows !== sqlRows)
        throw new Error(`${url}: the API answered ${page.rows} rows, the SQL ${sqlRows}`);
      const api = async () => {
        const response = await call();
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      };
      const [sqlFigures, apiFigures] = await alternate(ROUNDS, [sql, api]);
      figures.push({ scenario, total: page.total, sql: sqlFigures!, api: apiFigures! });
      console.log(`  ${scenario.list}, ${scenario.name}: in process done (load ${loadAverage()})`);
    }
    loads.push(`in process: ${loadAverage()}`);
    return figures;
  } finally {
    await close();
  }
}

/** One request at a time on one keep-alive connection, its body read whole. */
function httpCaller(base: string, cookie: string, { method, url, payload }: ListRequest) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = payload ? JSON.stringify(payload) : undefined;
  const headers: http.OutgoingHttpHeaders = { cookie, origin: base };
  if (body) headers['content-type'] = 'application/json';
  return () =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(`${base}${url}`, { method, agent, headers }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${response.statusCode}`)),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
}

async function measureHttp(
  driver: Driver,
  options: DatabaseOptions,
  facts: SeedFacts,
  figures: ScenarioFigures[],
  loads: string[],
) {
  const server = await startBenchServer(import.meta.filename, options);
  // On PostgreSQL the SQL runs from this process beside the server's calls; PGlite's directory is the server's.
  const database = driver === 'postgres' ? await openDatabase(options) : undefined;
  try {
    const cookie = await benchSignIn(server.url, BENCH_USER, BENCH_PASSWORD);
    await sleep(SETTLE_MS);
    for (const figure of figures) {
      const call = httpCaller(server.url, cookie, figure.scenario.request(facts));
      if (database) {
        const [httpFigures, sqlFigures] = await alternate(ROUNDS, [
          call,
          figure.scenario.sql(database.db, facts),
        ]);
        figure.http = { http: httpFigures!, sql: sqlFigures! };
      } else {
        const [httpFigures] = await alternate(ROUNDS, [call]);
        figure.http = { http: httpFigures!, sql: figure.sql };
      }
      console.log(
        `  ${figure.scenario.list}, ${figure.scenario.name}: over HTTP done (load ${loadAverage()})`,
      );
    }
    loads.push(`over HTTP: ${loadAverage()}`);
  } finally {
    await database?.close();
    await server.stop();
  }
}

async function runDriver(driver: Driver): Promise<DriverFigures> {
  const target = await freshBenchDatabase(driver, PG_DATABASE);
  try {
    const database = await openDatabase(target.options);
    const loads: string[] = [];
    let seeded: Awaited<ReturnType<typeof seedLists>>;
    let scenarios: ScenarioFigures[];
    try {
      seeded = await seedLists(database, STATIONS);
      console.log(`${driver}: seeded in ${seeded.seconds.toFixed(1)} s: ${JSON.stringify(seeded.rows)}`);
      scenarios = await measureInProcess(database, seeded.facts, loads);
    } finally {
      await database.close();
    }
    if (HTTP) await measureHttp(driver, target.options, seeded.facts, scenarios, loads);
    return { driver, seedSeconds: seeded.seconds, rows: seeded.rows, scenarios, loads };
  } finally {
    await target.drop();
  }
}

function printFigures(all: DriverFigures[]) {
  const ms = (value: number) => value.toFixed(2);
  const ratio = (value: number, sql: number) => {
    const r = value / sql;
    return `${r.toFixed(2)}${r > GOAL ? ' ✗' : ''}`;
  };
  console.log(
    `\nOne call at a time, ${ROUNDS.rounds} rounds of ${ROUNDS.seconds} s; ms, median (p95); ratios of the medians, ` +
      `✗ above ${GOAL}:`,
  );
  console.log(
    '| database | list | scenario | rows matched | SQL | API in process | API / SQL | HTTP | SQL beside HTTP | HTTP / SQL |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const f of all) {
    for (const s of f.scenarios) {
      const cell = (l: Latencies) => `${ms(l.median)} (${ms(l.p95)})`;
      const overHttp = s.http
        ? `${cell(s.http.http)} | ${cell(s.http.sql)} | ${ratio(s.http.http.median, s.http.sql.median)}`
        : '– | – | –';
      console.log(
        `| ${f.driver} | ${s.scenario.list} | ${s.scenario.name} | ${s.total.toLocaleString('en-US')} | ` +
          `${cell(s.sql)} | ${cell(s.api)} | ${ratio(s.api.median, s.sql.median)} | ${overHttp} |`,
      );
    }
  }
  for (const f of all) {
    console.log(
      `\n${f.driver}: seeded in ${f.seedSeconds.toFixed(1)} s (${Object.entries(f.rows)
        .map(([table, n]) => `${n.toLocaleString('en-US')} ${table}`)
        .join(', ')}); load average after ${f.loads.join(', ')}`,
    );
  }
}

async function main() {
  await runBench(`list overhead at ${STATIONS} stations`, async () => {
    const figures: DriverFigures[] = [];
    for (const driver of DRIVERS) figures.push(await runDriver(driver));
    printFigures(figures);
  });
}

if (process.argv[2] === 'serve') await serveBenchApp();
else await main();
