/**
 * OCPP chargers benchmark (issue #17): 1,000 and 10,000 simulated chargers connected to one portal
 * process, on PGlite and on PostgreSQL, and a command across two processes on PostgreSQL.
 *
 *   npx tsx bench/ocpp-chargers.ts [--chargers=1000,10000] [--drivers=pglite,postgres] [--seconds=10]
 *                                  [--resets=200] [--load=100] [--sim-processes=2]
 *   npx tsx bench/ocpp-chargers.ts --storm [--chargers=…] [--drivers=…] [--sim-processes=2] [--backlog=4096]
 *
 * `--storm` measures a reconnect storm only (issue 29): every charger connects at once, as after a portal
 * restart, and the time until the last has booted and reported its connectors is printed.
 *
 * For each driver and count: a fresh database (a temporary PGlite directory; on PostgreSQL `cmp_bench_ocpp`
 * on BENCH_DATABASE_URL's server, default postgres://root@127.0.0.1:5432/postgres, dropped afterwards),
 * migrations, then in bulk SQL one charge station per ten chargers, the chargers (one connector each) and
 * their charge points, all with one password hash (the check costs the same as with one each). The portal
 * (`buildApp`) runs in this process on 127.0.0.1; the chargers are `SimulatedCharger`s in `sim-processes`
 * child processes, so their work is not on the portal's event loop. Measured:
 *   1. this process's RSS and heap once the portal is ready, and again once every charger has booted and
 *      reported its connectors: the difference per connection;
 *   2. throughput: every charger sends Heartbeat back to back (one call in flight per charger, as OCPP
 *      allows) for `seconds`, then StatusNotification (alternating Available and Preparing, each a row
 *      written) the same way: calls answered per second;
 *   3. under a background load of `load` calls per second (heartbeats and status notifications from chargers
 *      in turn), `resets` soft Resets one after the other to different chargers through `app.inject`
 *      (`POST /api/nio/charge-points/:id/commands`): the time until the answer carrying the log's final
 *      status 1, as the charger answered; p50 and p95;
 *   4. on PostgreSQL at the first count: the same Resets issued on this process to chargers connected to a
 *      second portal process (`serveBenchApp`, a child), routed by LISTEN/NOTIFY.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { Tenant } from '@cmp/domain';
import { buildApp, type App } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { hashChargePointPassword } from '../apps/server/src/modules/ocpp/charge-point-passwords.js';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import { SimulatedCharger } from '../apps/server/src/ocpp-sim/simulated-charger.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import { LISTEN_BACKLOG } from '../apps/server/src/platform/http/listen-backlog.js';
import {
  openDatabase,
  type Database,
  type DatabaseOptions,
} from '../apps/server/src/platform/db/database.js';
import { benchArgs } from './bench-args.js';
import { freshBenchDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';
import { serveBenchApp, startBenchServer } from './bench-server.js';

type Driver = 'pglite' | 'postgres';

const TENANT = Tenant.parse('nio');
const STAFF_PASSWORD = 'bench-password-1';
const CHARGER_PASSWORD = 'bench-charger-password';
const PG_DATABASE = 'cmp_bench_ocpp';
const ORIGIN = 'http://localhost:80';
const CHARGERS_PER_STATION = 10;
const CONNECTS_IN_FLIGHT = 100;
const LOAD_TICK_MS = 100;
/** The goals. */
const GOAL_BYTES_AT_10000 = 2 ** 30;
const GOAL_P95_MS = 100;

const args = benchArgs();
const COUNTS = (args.chargers ?? '1000,10000').split(',').map(Number);
const DRIVERS = (args.drivers ?? 'pglite,postgres').split(',') as Driver[];
const SECONDS = Number(args.seconds ?? 10);
const RESETS = Number(args.resets ?? 200);
const LOAD = Number(args.load ?? 100);
const SIM_PROCESSES = Number(args['sim-processes'] ?? 2);
/** The portal's listen backlog, as `npm start` sets it; `--backlog=511` measures Node's default. */
const BACKLOG = Number(args.backlog ?? LISTEN_BACKLOG);

const chargerId = (i: number) =>
  `BENCH-S${String(Math.floor(i / CHARGERS_PER_STATION)).padStart(5, '0')}-E${String(i % CHARGERS_PER_STATION).padStart(2, '0')}`;

// ---------------------------------------------------------------------------------------------------
// The simulators' side: a child process holding its share of the chargers, driven over IPC.

type ToSimulator =
  | { type: 'start'; endpoint: string; ids: string[]; inFlight: number; retry: boolean }
  | { type: 'drive'; action: 'Heartbeat' | 'StatusNotification'; seconds: number }
  | { type: 'load'; perSecond: number }
  | { type: 'stop' };

type FromSimulator =
  | { type: 'ready' }
  | { type: 'started'; connected: number; failed: number; reasons: Record<string, number> }
  | { type: 'driven'; calls: number; failed: number }
  | { type: 'loaded' };

async function simulatorChild(): Promise<void> {
  let chargers: SimulatedCharger[] = [];
  let loadTimer: NodeJS.Timeout | undefined;
  const reply = (message: FromSimulator) => process.send!(message);
  process.on('message', (message: ToSimulator) => {
    void (async () => {
      switch (message.type) {
        case 'start': {
          chargers = message.ids.map(
            (id) =>
              new SimulatedCharger({
                endpoint: message.endpoint,
                chargePointId: id,
                password: CHARGER_PASSWORD,
                connectors: 1,
                // The bench drives every message itself.
                heartbeatMs: 24 * 3600_000,
                firmwareStepMs: 50,
              }),
          );
          let next = 0;
          let failed = 0;
          const reasons = new Map<string, number>();
          await Promise.all(
            Array.from({ length: message.inFlight }, async () => {
              while (next < chargers.length) {
                const charger = chargers[next++]!;
                // In a storm a charger whose connection failed tries again after a randomised backoff, as
                // the simulator's own reconnects do (1 s doubling, half of it random), until it has booted.
                for (let attempt = 0; ; attempt += 1) {
                  const error = await charger.start().then(
                    () => null,
                    (e: unknown) => (e instanceof Error ? e.message : String(e)),
                  );
                  if (error === null) break;
                  failed += 1;
                  reasons.set(error, (reasons.get(error) ?? 0) + 1);
                  if (!message.retry) break;
                  await charger.stop().catch(() => undefined);
                  await sleep(Math.min(30_000, 1_000 * 2 ** attempt) * (0.5 + Math.random() / 2));
                }
              }
            }),
          );
          reply({
            type: 'started',
            connected: chargers.filter((c) => c.connected).length,
            failed,
            reasons: Object.fromEntries(reasons),
          });
          return;
        }
        case 'drive': {
          const until = performance.now() + message.seconds * 1000;
          let calls = 0;
          let failed = 0;
          await Promise.all(
            chargers.map(async (charger) => {
              let preparing = false;
              while (performance.now() < until) {
                try {
                  if (message.action === 'Heartbeat') await charger.heartbeat();
                  else {
                    preparing = !preparing;
                    await charger.setStatus(1, preparing ? 'Preparing' : 'Available');
                  }
                  calls += 1;
                } catch {
                  failed += 1;
                }
              }
              if (preparing) await charger.setStatus(1, 'Available').catch(() => undefined);
            }),
          );
          reply({ type: 'driven', calls, failed });
          return;
        }
        case 'load': {
          clearInterval(loadTimer);
          if (message.perSecond > 0) {
            const perTick = Math.max(1, Math.round((message.perSecond * LOAD_TICK_MS) / 1000));
            let turn = 0;
            loadTimer = setInterval(() => {
              for (let k = 0; k < perTick; k++) {
                const charger = chargers[turn++ % chargers.length]!;
                if (!charger.connected) continue;
                const call = turn % 2 ? charger.heartbeat() : charger.setStatus(1, 'Available');
                call.catch(() => undefined);
              }
            }, LOAD_TICK_MS);
          }
          reply({ type: 'loaded' });
          return;
        }
        case 'stop': {
          clearInterval(loadTimer);
          await Promise.allSettled(chargers.map((c) => c.stop()));
          process.exit(0);
        }
      }
    })();
  });
  reply({ type: 'ready' });
}

class Simulators {
  private readonly children: ChildProcess[];
  /** Every child has loaded and listens. */
  readonly ready: Promise<unknown>;

  constructor(count: number) {
    this.children = Array.from({ length: count }, () =>
      fork(import.meta.filename, ['sim'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' }),
    );
    this.ready = Promise.all(
      this.children.map((child) => new Promise((resolve) => child.once('message', resolve))),
    );
  }

  private ask<T extends FromSimulator>(
    messages: (i: number) => ToSimulator,
    answer: T['type'],
  ): Promise<T[]> {
    return Promise.all(
      this.children.map(
        (child, i) =>
          new Promise<T>((resolve, reject) => {
            const onMessage = (message: FromSimulator) => {
              if (message.type !== answer) return;
              child.off('message', onMessage);
              resolve(message as T);
            };
            child.on('message', onMessage);
            child.once('exit', (code) => reject(new Error(`a simulator process exited with ${code}`)));
            child.send(messages(i));
          }),
      ),
    );
  }

  /** Connects, boots and reports the chargers, `inFlight` at once in each simulator process. */
  async start(
    endpoint: string,
    ids: string[],
    inFlight = CONNECTS_IN_FLIGHT,
    retry = false,
  ): Promise<{ connected: number; failed: number; reasons: Record<string, number> }> {
    const share = Math.ceil(ids.length / this.children.length);
    const answers = await this.ask<Extract<FromSimulator, { type: 'started' }>>(
      (i) => ({ type: 'start', endpoint, ids: ids.slice(i * share, (i + 1) * share), inFlight, retry }),
      'started',
    );
    const reasons: Record<string, number> = {};
    for (const answer of answers)
      for (const [reason, n] of Object.entries(answer.reasons)) reasons[reason] = (reasons[reason] ?? 0) + n;
    return {
      connected: answers.reduce((sum, a) => sum + a.connected, 0),
      failed: answers.reduce((sum, a) => sum + a.failed, 0),
      reasons,
    };
  }

  async drive(action: 'Heartbeat' | 'StatusNotification', seconds: number) {
    const started = performance.now();
    const answers = await this.ask<Extract<FromSimulator, { type: 'driven' }>>(
      () => ({ type: 'drive', action, seconds }),
      'driven',
    );
    const calls = answers.reduce((sum, a) => sum + a.calls, 0);
    return {
      perSecond: calls / ((performance.now() - started) / 1000),
      failed: answers.reduce((sum, a) => sum + a.failed, 0),
    };
  }

  async load(perSecond: number): Promise<void> {
    const share = perSecond / this.children.length;
    await this.ask(() => ({ type: 'load', perSecond: share }), 'loaded');
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.children.map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.send({ type: 'stop' } satisfies ToSimulator);
        return exited;
      }),
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// The portal's side.

async function seed(database: Database, chargers: number): Promise<void> {
  const { db } = database;
  await database.migrate();
  const id = await staffRepo.insertStaffUser(db, {
    userName: 'bench-operator',
    displayName: 'bench operator',
    passwordHash: await hashPassword(STAFF_PASSWORD),
    mustChangePassword: false,
  });
  await staffRepo.replaceRoles(db, id, [{ tenant: TENANT, role: 'operator' }]);
  const stations = Math.ceil(chargers / CHARGERS_PER_STATION);
  await db.execute(sql`
    insert into resources (resource_id, resource_type, resource_name, longitude, latitude)
    select 'BENCH-S' || lpad(s::text, 5, '0'), 'ChargeStation', 'Bench station ' || s,
           116 + (s % 100) * 0.01, 39 + (s / 100) * 0.01
    from generate_series(0, ${stations - 1}) s`);
  await db.execute(sql`
    insert into equipments (equipment_id, resource_id, equipment_type, power)
    select 'BENCH-S' || lpad((i / ${CHARGERS_PER_STATION})::text, 5, '0') || '-E' || lpad((i % ${CHARGERS_PER_STATION})::text, 2, '0'),
           'BENCH-S' || lpad((i / ${CHARGERS_PER_STATION})::text, 5, '0'), 'DC', 120
    from generate_series(0, ${chargers - 1}) i`);
  await db.execute(sql`
    insert into connectors (connector_id, equipment_id, connector_type, power)
    select equipment_id || '-C1', equipment_id, 4, 120 from equipments`);
  await db.execute(sql`
    insert into charge_points (charge_point_id, resource_id, password_hash, password_set_by)
    select equipment_id, resource_id, ${hashChargePointPassword(CHARGER_PASSWORD)}, 'bench' from equipments`);
  await db.execute(sql`analyze`);
}

interface Portal {
  app: App;
  endpoint: string;
  reset: (chargePointId: string) => Promise<number>;
  close: () => Promise<void>;
}

async function inProcessPortal(database: Database): Promise<Portal> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-ocpp-'));
  const app = await buildApp({
    config: defaultConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' }),
    database,
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0, backlog: BACKLOG });
  const { port } = app.server.address() as AddressInfo;
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: ORIGIN },
    payload: { userName: 'bench-operator', password: STAFF_PASSWORD },
  });
  const session = signedIn.cookies.find((c) => c.name === 'cmp_session');
  if (!session) throw new Error(`sign-in answered ${signedIn.statusCode}`);
  return {
    app,
    endpoint: `ws://127.0.0.1:${port}/ocpp`,
    reset: async (chargePointId) => {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/${TENANT}/charge-points/${chargePointId}/commands`,
        headers: { origin: ORIGIN, cookie: `cmp_session=${session.value}` },
        payload: { operationType: 'RESET_SOFT' },
      });
      const elapsed = performance.now() - started;
      const log = response.json<{ status: number; reason: string | null }>();
      if (response.statusCode !== 200 || log.status !== 1) {
        throw new Error(`Reset of ${chargePointId}: ${response.statusCode} ${response.body}`);
      }
      return elapsed;
    },
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** `count` Resets one after the other, each to a different charger spread over the `chargers`. */
async function resetRoundTrips(portal: Portal, chargers: number, count: number) {
  const step = Math.max(1, Math.floor(chargers / count));
  const samples: number[] = [];
  for (let k = 0; k < Math.min(count, chargers); k++) samples.push(await portal.reset(chargerId(k * step)));
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), count: samples.length };
}

// One full collection before each reading, so the memory figures are what is held, not what waits.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const memory = () => {
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const round = (n: number) => n.toFixed(1);

interface Figures {
  driver: Driver;
  chargers: number;
  connectSeconds: number;
  rssBefore: number;
  rssAfter: number;
  heapBefore: number;
  heapAfter: number;
  heartbeats: number;
  statuses: number;
  resets: { p50: number; p95: number; count: number };
  acrossProcesses?: { p50: number; p95: number; count: number };
}

async function runOne(driver: Driver, chargers: number, acrossProcesses: boolean): Promise<Figures> {
  const target = await freshBenchDatabase(driver, PG_DATABASE);
  try {
    const database = await openDatabase(target.options);
    let figures: Figures;
    try {
      await seed(database, chargers);
      const portal = await inProcessPortal(database);
      const ids = Array.from({ length: chargers }, (_, i) => chargerId(i));
      try {
        const before = memory();
        const simulators = new Simulators(chargers >= 5_000 ? SIM_PROCESSES : 1);
        try {
          await simulators.ready;
          let started = performance.now();
          const connected = await simulators.start(portal.endpoint, ids);
          const connectSeconds = (performance.now() - started) / 1000;
          if (connected.connected !== chargers) {
            throw new Error(
              `${connected.connected} of ${chargers} chargers connected, ${connected.failed} failed`,
            );
          }
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          const after = memory();
          console.log(`${driver}, ${chargers} chargers: connected in ${round(connectSeconds)} s`);
          const heartbeats = await simulators.drive('Heartbeat', SECONDS);
          const statuses = await simulators.drive('StatusNotification', SECONDS);
          console.log(
            `  heartbeats ${heartbeats.perSecond.toFixed(0)}/s (${heartbeats.failed} failed), ` +
              `status notifications ${statuses.perSecond.toFixed(0)}/s (${statuses.failed} failed)`,
          );
          await simulators.load(LOAD);
          started = performance.now();
          const resets = await resetRoundTrips(portal, chargers, RESETS);
          await simulators.load(0);
          console.log(
            `  ${resets.count} resets under load: p50 ${round(resets.p50)} ms, p95 ${round(resets.p95)} ms`,
          );
          figures = {
            driver,
            chargers,
            connectSeconds,
            rssBefore: before.rss,
            rssAfter: after.rss,
            heapBefore: before.heapUsed,
            heapAfter: after.heapUsed,
            heartbeats: heartbeats.perSecond,
            statuses: statuses.perSecond,
            resets,
          };
        } finally {
          await simulators.stop();
        }
        if (acrossProcesses) figures.acrossProcesses = await twoProcesses(target.options, portal, ids);
      } finally {
        await portal.close();
      }
    } finally {
      await database.close();
    }
    return figures;
  } finally {
    await target.drop();
  }
}

/**
 * A reconnect storm, as after a portal restart: every charger connects at once (no limit in flight) and
 * authenticates, is recorded present, boots and reports its two connectors (0 and 1); one whose connection
 * fails tries again after a backoff, as a charger does. Answers the seconds
 * from the first connect to the last charger's last StatusNotification answered.
 */
async function storm(driver: Driver, chargers: number): Promise<number> {
  const target = await freshBenchDatabase(driver, PG_DATABASE);
  try {
    const database = await openDatabase(target.options);
    try {
      await seed(database, chargers);
      const portal = await inProcessPortal(database);
      const simulators = new Simulators(chargers >= 5_000 ? SIM_PROCESSES : 1);
      try {
        await simulators.ready;
        const ids = Array.from({ length: chargers }, (_, i) => chargerId(i));
        const started = performance.now();
        const cpuBefore = process.cpuUsage();
        const connected = await simulators.start(portal.endpoint, ids, chargers, true);
        const seconds = (performance.now() - started) / 1000;
        const cpu = process.cpuUsage(cpuBefore);
        if (connected.connected !== chargers)
          throw new Error(
            `${connected.connected} of ${chargers} chargers connected, ${connected.failed} failed`,
          );
        const [counts] = (
          (await database.db.execute(sql`
            select (select count(*) from charge_points where boot_at is not null)::int as booted,
                   (select count(*) from charge_point_connectors)::int as statuses,
                   (select count(*) from charge_point_presence)::int as present`)) as unknown as {
            rows: { booted: number; statuses: number; present: number }[];
          }
        ).rows;
        console.log(
          `${driver}, storm of ${chargers} chargers: all booted and reported in ${round(seconds)} s ` +
            `(${(chargers / seconds).toFixed(0)} chargers/s, ${connected.failed} connects failed and were tried again: ${JSON.stringify(connected.reasons)}); in the database ${counts!.booted} booted, ` +
            `${counts!.statuses} connector statuses, ${counts!.present} present; the portal's CPU ` +
            `${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
        );
        return seconds;
      } finally {
        await simulators.stop();
        await portal.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    await target.drop();
  }
}

/** The chargers on a second portal process; the Resets issued on this one. */
async function twoProcesses(options: DatabaseOptions, portal: Portal, ids: string[]) {
  const other = await startBenchServer(import.meta.filename, options);
  const simulators = new Simulators(1);
  try {
    await simulators.ready;
    const endpoint = `${other.url.replace('http', 'ws')}/ocpp`;
    const connected = await simulators.start(endpoint, ids);
    if (connected.connected !== ids.length)
      throw new Error(`${connected.connected} of ${ids.length} connected`);
    await simulators.load(LOAD);
    const resets = await resetRoundTrips(portal, ids.length, RESETS);
    await simulators.load(0);
    console.log(
      `  across two processes: ${resets.count} resets, p50 ${round(resets.p50)} ms, p95 ${round(resets.p95)} ms`,
    );
    return resets;
  } finally {
    await simulators.stop();
    await other.stop();
  }
}

function printFigures(all: Figures[]): void {
  console.log(
    '\n| database | chargers | connect | portal RSS before → after | per connection (RSS / heap) | ' +
      'heartbeats/s | status notifications/s | Reset p50 / p95 under load |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const f of all) {
    console.log(
      `| ${f.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${f.chargers.toLocaleString('en')} | ` +
        `${round(f.connectSeconds)} s | ${mib(f.rssBefore)} → ${mib(f.rssAfter)} MiB | ` +
        `${kib((f.rssAfter - f.rssBefore) / f.chargers)} / ${kib((f.heapAfter - f.heapBefore) / f.chargers)} KiB | ` +
        `${f.heartbeats.toFixed(0)} | ${f.statuses.toFixed(0)} | ${round(f.resets.p50)} / ${round(f.resets.p95)} ms |`,
    );
  }
  for (const f of all.filter((x) => x.acrossProcesses)) {
    const r = f.acrossProcesses!;
    console.log(
      `\nAcross two processes (PostgreSQL, ${f.chargers} chargers on the second): Reset p50 ${round(r.p50)} ms, ` +
        `p95 ${round(r.p95)} ms over ${r.count}.`,
    );
  }
  const largest = all.filter((f) => f.chargers >= 10_000);
  for (const f of largest) {
    console.log(
      `Goal 10,000 connections under 1 GB (${f.driver}): ${f.rssAfter < GOAL_BYTES_AT_10000 ? 'met' : 'missed'}, ${mib(f.rssAfter)} MiB.`,
    );
  }
  for (const f of all.filter((x) => x.chargers === 1_000)) {
    console.log(
      `Goal p95 < ${GOAL_P95_MS} ms at 1,000 (${f.driver}): ${f.resets.p95 < GOAL_P95_MS ? 'met' : 'missed'}.`,
    );
  }
}

if (process.argv[2] === 'sim') {
  await simulatorChild();
} else if (process.argv[2] === 'serve') {
  await serveBenchApp();
} else if (args.storm !== undefined) {
  await runBench(
    `OCPP reconnect storm: ${COUNTS.join(', ')} chargers at once on ${DRIVERS.join(', ')}`,
    async () => {
      for (const driver of DRIVERS) for (const count of COUNTS) await storm(driver, count);
    },
  );
  process.exit(0);
} else {
  await runBench(
    `OCPP chargers: ${COUNTS.join(', ')} chargers on ${DRIVERS.join(', ')}, ${SECONDS} s per throughput, ` +
      `${RESETS} resets under ${LOAD} calls/s`,
    async () => {
      const all: Figures[] = [];
      for (const driver of DRIVERS) {
        for (const [i, count] of COUNTS.entries()) {
          all.push(await runOne(driver, count, driver === 'postgres' && i === 0));
        }
      }
      printFigures(all);
    },
  );
  process.exit(0);
}
