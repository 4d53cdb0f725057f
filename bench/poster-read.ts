/**
 * The apps' poster read (issue 33): `GET /api/app/posters`, signed by the app back end, over a tenant of
 * `posters` posters (default 10,000) spread over the 7 triggers and 7 clients, a third of them visible now,
 * a fifth for some regions, a tenth tied to some of `stations` stations and a twentieth to every station of
 * a kind, on PostgreSQL and on PGlite.
 *
 *   npx tsx bench/poster-read.ts [--posters=10000] [--stations=2000] [--reads=2000] [--drivers=postgres,pglite]
 *
 * For each driver: a fresh database (on PostgreSQL `cmp_bench_posters` on BENCH_DATABASE_URL's server,
 * dropped afterwards; a temporary directory for PGlite), migrations, the stations and posters inserted
 * directly, then the app in process. `reads` reads of random triggers, clients, regions and stations, signed
 * beforehand (the client's work), are sent one after another through `app.inject` (signature check, nonce,
 * validation, the station's kind and the posters' read). It prints the median and p95 of a read's latency,
 * the posters a read answered on average, and how long a change takes to be seen: a poster made visible
 * through the staff API, then read until it shows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Tenant } from '@cmp/domain';
import { CLIENT_CODES } from '@cmp/domain/shared/clients';
import { POSTER_TRIGGER_RULES, type AppPosters } from '@cmp/domain/posters/poster-contracts';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { insertJsonRows } from '../apps/server/src/demo/bulk-insert.js';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { seedStationNetwork } from '../apps/server/src/demo/stations.demo.js';
import { appPosters } from '../apps/server/src/modules/posters/posters.repo.js';
import { posterResources, posters } from '../apps/server/src/modules/posters/posters.tables.js';
import { ensureDictionaries } from '../apps/server/src/modules/dictionaries/dictionaries.bootstrap.js';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database.js';
import { percentile, registerBenchAppClient, type BenchSigner } from './bench-app-client.js';
import { benchArgs } from './bench-args.js';
import { freshBenchDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';

type Driver = 'pglite' | 'postgres';

const TENANT = Tenant.parse('nio');
const PG_DATABASE = 'cmp_bench_posters';
const HOUR = 3_600_000;
const REGIONS = ['310000', '110000', '440300', '330100', '510100'];
const READ_REGIONS = ['310101', '110101', '440305', '330106', '510104', '120101'];

const args = benchArgs();
const POSTERS = Number(args.posters ?? 10_000);
const STATIONS = Number(args.stations ?? 2_000);
const READS = Number(args.reads ?? 2_000);
const DRIVERS = (args.drivers ?? 'postgres,pglite').split(',') as Driver[];

async function seed(database: Database) {
  const random = seededRandom(20261130);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const now = Date.now();
  const network = await database.db.transaction(async (tx) => {
    await ensureDictionaries(tx);
    const swaps = Math.round(STATIONS * 0.05);
    return seedStationNetwork(tx, random, { chargeStations: STATIONS - swaps, swapStations: swaps });
  });
  const stationIds = network.chargeStationIds;
  const rows = Array.from({ length: POSTERS }, (_, i) => {
    const tie = random();
    const begin = now + (random() < 0.8 ? -1 : 1) * random() * 240 * HOUR;
    return {
      tenant: TENANT,
      posterName: `bench poster ${i + 1}`,
      clientCode: pick(CLIENT_CODES),
      ruleId: pick(POSTER_TRIGGER_RULES).id,
      visible: random() < 0.33,
      priority: Math.floor(random() * 100),
      image: `https://cdn.example.com/posters/${i + 1}.png`,
      showTimeBegin: new Date(begin),
      showTimeEnd: new Date(begin + (1 + random() * 480) * HOUR),
      regionInfo: random() < 0.2 ? [pick(REGIONS)] : [],
      configType: tie < 0.15 ? 'ChargeStation' : null,
      resourceScope: tie < 0.05 ? 'all' : tie < 0.15 ? 'part' : null,
      creatorId: 0,
      creatorName: 'bench',
    };
  });
  const created = await database.db.transaction(async (tx) => {
    const ids: { posterId: number; resourceScope: string | null }[] = [];
    for (let at = 0; at < rows.length; at += 2_000) {
      ids.push(
        ...(await tx
          .insert(posters)
          .values(rows.slice(at, at + 2_000))
          .returning({ posterId: posters.posterId, resourceScope: posters.resourceScope })),
      );
    }
    const bindings = ids
      .filter((row) => row.resourceScope === 'part')
      .flatMap(({ posterId }) => {
        const chosen = new Set<string>();
        const count = 1 + Math.floor(random() * 50);
        while (chosen.size < count) chosen.add(pick(stationIds));
        return [...chosen].map((resourceId) => ({ tenant: TENANT, posterId, resourceId }));
      });
    for (let at = 0; at < bindings.length; at += 20_000)
      await insertJsonRows(tx, posterResources, bindings.slice(at, at + 20_000));
    return { posters: ids.length, bindings: bindings.length };
  });
  await database.db.execute(sql`vacuum analyze`);
  const sign = await registerBenchAppClient(database.db, TENANT);
  return { stationIds, sign, random, pick, created };
}

/** A signed read of the apps' posters. */
const read = (sign: BenchSigner, query: Record<string, string | number>) => {
  const url = `/api/app/posters?${new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString()}`;
  return { url, headers: sign('GET', url).headers };
};

async function benchDriver(driver: Driver): Promise<void> {
  const fresh = await freshBenchDatabase(driver, PG_DATABASE);
  const database = await openDatabase(fresh.options);
  await database.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-posters-'));
  try {
    const { stationIds, sign, random, pick, created } = await seed(database);
    const app = await buildApp({
      config: defaultConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' }),
      database,
      logger: false,
    });
    try {
      const requests = Array.from({ length: READS }, () =>
        read(sign, {
          ruleId: pick(POSTER_TRIGGER_RULES).id,
          clientCode: pick(CLIENT_CODES),
          ...(random() < 0.7 ? { regionId: pick(READ_REGIONS) } : {}),
          ...(random() < 0.6 ? { resourceId: pick(stationIds) } : {}),
        }),
      );
      // The first reads warm the code paths and the database's caches; they are not counted.
      for (const { url, headers } of requests.slice(0, 100))
        await app.inject({ method: 'GET', url, headers });
      const timed = Array.from({ length: READS }, (_, i) => {
        const { url } = requests[i]!;
        return { url, headers: sign('GET', url).headers };
      });
      const latencies: number[] = [];
      let answered = 0;
      for (const { url, headers } of timed) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers });
        latencies.push(performance.now() - started);
        if (response.statusCode !== 200)
          throw new Error(`read answered ${response.statusCode}: ${response.body}`);
        answered += response.json<AppPosters>().posters.length;
      }
      latencies.sort((a, b) => a - b);
      // The posters' statement alone, without the request around it (signature, nonce, validation, JSON).
      const statements: number[] = [];
      for (const { url } of timed) {
        const query = new URLSearchParams(url.split('?')[1]);
        const started = performance.now();
        await appPosters(database.db, {
          tenant: TENANT,
          ruleId: Number(query.get('ruleId')),
          clientCode: query.get('clientCode')!,
          regions: query.get('regionId')
            ? [query.get('regionId')!.slice(0, 2) + '0000', query.get('regionId')!]
            : [],
          resourceId: query.get('resourceId') ?? undefined,
          at: new Date(),
        });
        statements.push(performance.now() - started);
      }
      statements.sort((a, b) => a - b);

      // A change: a hidden poster of its own trigger and client made visible, then read until it shows.
      const [hidden] = await database.db
        .insert(posters)
        .values({
          tenant: TENANT,
          posterName: 'bench change',
          clientCode: 'other',
          ruleId: 7,
          visible: false,
          priority: 0,
          image: 'https://cdn.example.com/change.png',
          showTimeBegin: new Date(Date.now() - HOUR),
          showTimeEnd: new Date(Date.now() + HOUR),
          creatorId: 0,
          creatorName: 'bench',
        })
        .returning();
      const changed = performance.now();
      await database.db.execute(sql`update posters set visible = true where poster_id = ${hidden!.posterId}`);
      let seenAfter = NaN;
      for (;;) {
        const { url, headers } = read(sign, { ruleId: 7, clientCode: 'other' });
        const response = await app.inject({ method: 'GET', url, headers });
        if (response.json<AppPosters>().posters.some((p) => p.posterId === hidden!.posterId)) {
          seenAfter = performance.now() - changed;
          break;
        }
      }
      console.log(
        `${driver}: ${created.posters} posters (${created.bindings} station bindings), ${READS} reads one after ` +
          `another: median ${percentile(latencies, 50).toFixed(2)} ms, p95 ${percentile(latencies, 95).toFixed(2)} ms, ` +
          `max ${latencies[latencies.length - 1]!.toFixed(1)} ms; ${(answered / READS).toFixed(1)} posters a read; ` +
          `the statement alone: median ${percentile(statements, 50).toFixed(2)} ms, p95 ${percentile(statements, 95).toFixed(2)} ms; ` +
          `a change seen ${seenAfter.toFixed(1)} ms after it was saved`,
      );
      if (percentile(latencies, 95) >= 10) {
        console.log(`${driver}: p95 NOT UNDER 10 ms`);
        process.exitCode = 1;
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await fresh.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await runBench(`poster read: ${POSTERS} posters, ${READS} signed reads`, async () => {
  for (const driver of DRIVERS) await benchDriver(driver);
});
