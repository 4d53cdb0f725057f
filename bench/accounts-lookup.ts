/**
 * Account look-up benchmark (issue #15): `POST /api/{tenant}/accounts/by-ids` with 10,000 account ids (100
 * chunks of 100 looked up at once and merged in order) on PostgreSQL and on PGlite.
 *
 *   npx tsx bench/accounts-lookup.ts [--size=small] [--ids=10000] [--rounds=5] [--seconds=3]
 *                                    [--drivers=postgres,pglite] [--no-http] [--keep]
 *
 * For each driver: a fresh database (on PostgreSQL `cmp_bench_accounts` on BENCH_DATABASE_URL's server,
 * default postgres://root@127.0.0.1:5432/postgres, dropped afterwards; a temporary directory for PGlite),
 * migrations, the demo accounts of `size` (`seedAccounts`: small is 300,000 accounts over the three tenants,
 * 195,000 of them nio's, and their cars), VACUUM ANALYZE, a viewer and an operator of nio. Then, one call at
 * a time, alternating so that other load on the machine falls on all alike, `rounds` rounds of `seconds`:
 *   - the service's call (`AccountsService.byIds`, masked) on the driver ("service");
 *   - the same request through `app.inject` as the viewer ("API": session, validation, service,
 *     serialisation of 10,000 accounts; no socket), and as the operator (whole mobiles: one audit record);
 *   - one chunk of 100 ids through the API, for scale.
 * Then, unless `--no-http`, the app in a child process on 127.0.0.1, called over loopback as the viewer.
 * The ids are `ids` distinct nio accounts drawn evenly from all of them, in a shuffled order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Tenant } from '@cmp/domain';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { demoAccountCounts, demoAccountId, seedAccounts } from '../apps/server/src/demo/accounts.demo.js';
import type { DemoSize } from '../apps/server/src/demo/demo-context.js';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { AccountsService } from '../apps/server/src/modules/accounts/accounts.service.js';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import { SYSTEM_ACTOR } from '../apps/server/src/platform/audit/audit.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import {
  openDatabase,
  type Database,
  type DatabaseOptions,
} from '../apps/server/src/platform/db/database.js';
import type { FileStorage } from '../apps/server/src/platform/storage/file-storage.js';
import { benchArgs } from './bench-args.js';
import { alternate, type Latencies } from './alternating-latencies.js';
import { freshBenchDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';
import { benchSignIn, serveBenchApp, startBenchServer } from './bench-server.js';

type Driver = 'pglite' | 'postgres';

const PASSWORD = 'bench-password-1';
const PG_DATABASE = 'cmp_bench_accounts';
const TENANT = Tenant.parse('nio');
const DATA_AS_OF = new Date('2026-11-01T00:00:00Z');
const MIN_CALLS_PER_ROUND = 5;
// The issue's goal.
const GOAL_MS = 300;

const args = benchArgs();
const SIZE = (args.size ?? 'small') as DemoSize;
const IDS = Number(args.ids ?? 10_000);
const ROUNDS = Number(args.rounds ?? 5);
const SECONDS = Number(args.seconds ?? 3);
const ROUND_OPTIONS = { rounds: ROUNDS, seconds: SECONDS, minCallsPerRound: MIN_CALLS_PER_ROUND };
const DRIVERS = (args.drivers ?? 'postgres,pglite').split(',') as Driver[];
const HTTP = args['no-http'] === undefined;
const KEEP = args.keep !== undefined;

/** `count` distinct nio accounts spread over all of them, shuffled: no chunk reads neighbouring keys only. */
function lookupIds(count: number): string[] {
  const accounts = demoAccountCounts(SIZE).nio;
  const step = accounts / count;
  const ids = Array.from({ length: count }, (_, i) => demoAccountId(Math.floor(i * step)));
  const random = seededRandom(15);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids;
}

async function seed(driver: Driver, database: Database): Promise<{ accounts: number; seconds: number }> {
  const { db } = database;
  await database.migrate();
  const started = performance.now();
  await db.transaction((tx) =>
    seedAccounts({
      tx,
      random: seededRandom(1),
      size: SIZE,
      password: PASSWORD,
      now: DATA_AS_OF,
      storage: {} as FileStorage,
    }),
  );
  await db.execute(sql`vacuum analyze`);
  const seconds = (performance.now() - started) / 1000;
  const { rows } = (await db.execute(sql`select count(*)::int as n from accounts`)) as unknown as {
    rows: { n: number }[];
  };
  console.log(`${driver}: ${rows[0]!.n} accounts seeded and analysed in ${seconds.toFixed(1)} s`);
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
  return { accounts: rows[0]!.n, seconds };
}

async function inProcessApp(database: Database) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-accounts-inject-'));
  const app = await buildApp({
    config: defaultConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' }),
    database,
    logger: false,
  });
  const origin = 'http://localhost:80';
  const cookieOf = async (userName: string) => {
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin },
      payload: { userName, password: PASSWORD },
    });
    const session = signedIn.cookies.find((c) => c.name === 'cmp_session');
    if (!session) throw new Error(`sign-in answered ${signedIn.statusCode}`);
    return `cmp_session=${session.value}`;
  };
  const viewer = await cookieOf('bench-viewer');
  const operator = await cookieOf('bench-operator');
  const lookup = async (accountIds: string[], cookie = viewer) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/${TENANT}/accounts/by-ids`,
      headers: { origin, cookie },
      payload: { accountIds },
    });
    if (response.statusCode !== 200) throw new Error(`by-ids: ${response.statusCode} ${response.body}`);
    return response.json<{ items: { accountId: string }[] }>().items;
  };
  return {
    lookup,
    operator,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Figures {
  driver: Driver;
  accounts: number;
  seedSeconds: number;
  service: Latencies;
  api: Latencies;
  apiOperator: Latencies;
  oneChunk: Latencies;
  http?: Latencies;
}

async function measureHttp(options: DatabaseOptions, ids: string[]): Promise<Latencies> {
  const server = await startBenchServer(import.meta.filename, options);
  try {
    const cookie = await benchSignIn(server.url, 'bench-viewer', PASSWORD);
    const body = JSON.stringify({ accountIds: ids });
    const [figures] = await alternate(ROUND_OPTIONS, [
      async () => {
        const response = await fetch(`${server.url}/api/${TENANT}/accounts/by-ids`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, cookie },
          body,
        });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`by-ids over HTTP: ${response.status} ${text}`);
      },
    ]);
    return figures!;
  } finally {
    await server.stop();
  }
}

async function runDriver(driver: Driver): Promise<Figures> {
  const target = await freshBenchDatabase(driver, PG_DATABASE);
  const ids = lookupIds(IDS);
  try {
    const database = await openDatabase(target.options);
    let figures: Figures;
    try {
      const seeded = await seed(driver, database);
      const service = new AccountsService(database.db);
      const app = await inProcessApp(database);
      try {
        const answered = await app.lookup(ids);
        if (answered.map((a) => a.accountId).join() !== ids.join()) {
          throw new Error('the look-up did not answer the ids in the order asked');
        }
        const reader = { reveal: false, actor: SYSTEM_ACTOR };
        const [serviceFigures, api, apiOperator, oneChunk] = await alternate(ROUND_OPTIONS, [
          () => service.byIds(TENANT, ids, reader),
          () => app.lookup(ids),
          () => app.lookup(ids, app.operator),
          () => app.lookup(ids.slice(0, 100)),
        ]);
        figures = {
          driver,
          accounts: seeded.accounts,
          seedSeconds: seeded.seconds,
          service: serviceFigures!,
          api: api!,
          apiOperator: apiOperator!,
          oneChunk: oneChunk!,
        };
        console.log(
          `${driver}: ${IDS} ids: service ${figures.service.median.toFixed(1)} ms, API ${figures.api.median.toFixed(1)} ms`,
        );
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
    if (HTTP) figures.http = await measureHttp(target.options, ids);
    return figures;
  } finally {
    if (KEEP) console.log(`${driver}: kept ${JSON.stringify(target.options)}`);
    else await target.drop();
  }
}

function print(all: Figures[]) {
  const ms = (value: number) => value.toFixed(1);
  const cell = (l: Latencies | undefined) => (l ? `${ms(l.median)} / ${ms(l.p95)}` : '–');
  console.log(
    `\n${IDS} account ids in chunks of 100, one call at a time, ${ROUNDS} rounds of ${SECONDS} s ` +
      '(ms, median / p95 over every call):',
  );
  console.log(
    '| database | accounts | service (masked) | API, viewer | API, operator (audited) | HTTP, viewer | ' +
      'API, 100 ids | round medians API |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const f of all) {
    console.log(
      `| ${f.driver} | ${f.accounts} | ${cell(f.service)} | ${cell(f.api)} | ${cell(f.apiOperator)} | ` +
        `${cell(f.http)} | ${cell(f.oneChunk)} | ${ms(f.api.roundMedians[0])}–${ms(f.api.roundMedians[1])} |`,
    );
  }
  for (const f of all.filter((x) => x.driver === 'postgres')) {
    const worst = Math.max(f.api.median, f.http?.median ?? 0);
    console.log(
      `\nGoal (issue #15): ${IDS} ids under ${GOAL_MS} ms on PostgreSQL: ${worst < GOAL_MS ? 'met' : 'missed'} ` +
        `(API ${ms(f.api.median)} ms${f.http ? `, HTTP ${ms(f.http.median)} ms` : ''}).`,
    );
  }
  console.log('\nSeeding (accounts and cars, VACUUM ANALYZE):');
  for (const f of all) console.log(`- ${f.driver}: ${f.seedSeconds.toFixed(1)} s`);
}

async function main() {
  await runBench(`account look-up of ${IDS} ids, demo size ${SIZE}`, async () => {
    const figures: Figures[] = [];
    for (const driver of DRIVERS) figures.push(await runDriver(driver));
    print(figures);
  });
}

if (process.argv[2] === 'serve') await serveBenchApp();
else await main();
