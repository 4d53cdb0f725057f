/**
 * The reward engine at volume (issue 32): `events` charging orders through the engine, on PostgreSQL, with
 * the process running it killed (SIGKILL) once `kill-at` of them are done, and a new one taking over.
 *
 *   npx tsx bench/reward-engine.ts [--events=1000000] [--stations=2000] [--accounts=100000] [--kill-at=0.4]
 *     [--ingest=100000]
 *
 * A fresh database `cmp_bench_engine` on BENCH_DATABASE_URL's server (dropped afterwards), migrations, the
 * demo station network, `accounts` accounts, two coupon batches and two started activities on the stations:
 * a charger red packet on all of them (10 points, 200 red packets a station, once a day per user and
 * station) and a graded charging activity on half of them (1 coupon at 50 kWh, 1 more at 200 kWh). The first
 * `ingest` orders go in through the apps' signed `POST /api/app/reward-events` (1,000 a request, the app in
 * this process running no jobs), which queues the engine's run; the rest are inserted as the ingest would
 * keep them. A child process then runs the jobs (the app with its job runner, lease 3 s); it is killed at
 * `kill-at` of the run's progress and another child started, which takes the run over when the lease ends.
 * It prints the ingest rate, the run's time and rate (and the gap the kill cost), the children's peak RSS,
 * and the checks of exactly once: no event left, each graded user's kWh equal to the sum of their orders at
 * the activity's stations, no station past its red packets, the statistics equal to the rewards, and one
 * coupon per coupon reward given.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { Tenant } from '@cmp/domain';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { insertJsonRows } from '../apps/server/src/demo/bulk-insert.js';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { seedStationNetwork } from '../apps/server/src/demo/stations.demo.js';
import { activities, activityStations } from '../apps/server/src/modules/activities/activities.tables.js';
import { ensureDictionaries } from '../apps/server/src/modules/dictionaries/dictionaries.bootstrap.js';
import { jobs } from '../apps/server/src/platform/jobs/jobs.tables.js';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/platform/db/database.js';
import { insertAccountRange } from '../apps/server/src/test/account-fixtures.js';
import { insertCouponBatch } from '../apps/server/src/test/coupon-fixtures.js';
import { registerBenchAppClient, type BenchSigner } from './bench-app-client.js';
import { benchArgs } from './bench-args.js';
import { freshPostgresDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';

const TENANT = Tenant.parse('nio');
const HOUR = 3_600_000;
const PER_REQUEST = 1000;

/** The child: the app with its job runner on the prepared database, until it is killed. */
if (process.argv[2] === 'work') {
  const options = JSON.parse(process.argv[3]!) as DatabaseOptions;
  const database = await openDatabase(options);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-engine-'));
  await buildApp({
    config: defaultConfig({
      dataDir,
      webDist: path.join(dataDir, 'no-web'),
      logLevel: 'silent',
      ...(options.kind === 'postgres' ? { databaseUrl: options.url } : {}),
    }),
    database,
    logger: false,
    jobRunner: { leaseMs: 3000, pollMs: 100 },
  }).then((app) => app.ready());
  process.send!('ready');
  await new Promise(() => undefined);
}

const args = benchArgs();
const EVENTS = Number(args.events ?? 1_000_000);
const STATIONS = Number(args.stations ?? 2000);
const ACCOUNTS = Number(args.accounts ?? 100_000);
const KILL_AT = Number(args['kill-at'] ?? 0.4);
const INGEST = Math.min(EVENTS, Number(args.ingest ?? 100_000));

const rssMb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

function startWorker(options: DatabaseOptions): Promise<ChildProcess> {
  const child = fork(fileURLToPath(import.meta.url), ['work', JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
  });
}

/** One order: a random account at a random station, 5–60 kWh, ended within the last two days. */
const orderSql = (from: number, to: number, stationsJson: string, now: number) => sql`
  insert into reward_events (tenant, event_id, kind, payload, occurred_at)
  select ${TENANT}, e.event_id, 'charging_order_finished', json_build_object(
      'kind', 'charging_order_finished', 'eventId', e.event_id, 'orderId', 'O' || e.i,
      'accountId', 'U' || (e.i * 7919 % ${ACCOUNTS}), 'resourceId', s.ids ->> (e.i * 104729 % ${STATIONS})::int,
      'vehicleId', 'V' || (e.i % 5000), 'kwh', round((5 + (e.i * 31 % 5500) / 100.0)::numeric, 2),
      'startTime', e.end_ms - 3600000, 'endTime', e.end_ms), to_timestamp(e.end_ms / 1000.0)
  from (select i, 'order-' || i as event_id, ${now}::bigint - (i * 2654435761 % 172800000) as end_ms
        from generate_series(${from}::bigint, ${to}::bigint) as i) as e,
       (select ${stationsJson}::json as ids) as s`;

async function seed(options: DatabaseOptions) {
  const database = await openDatabase(options);
  await database.migrate();
  const random = seededRandom(20261129);
  const now = Date.now();
  const network = await database.db.transaction(async (tx) => {
    await ensureDictionaries(tx);
    return seedStationNetwork(tx, random, { chargeStations: STATIONS, swapStations: 0 });
  });
  const stationIds = network.chargeStationIds;
  await insertAccountRange(database.db, TENANT, ACCOUNTS, 'U');
  const first = await insertCouponBatch(database.db, TENANT, { amount: 10_000_000, couponName: '50度券' });
  const second = await insertCouponBatch(database.db, TENANT, { amount: 10_000_000, couponName: '200度券' });
  const window = {
    state: 'started',
    beginTime: new Date(now - 3 * 24 * HOUR),
    endTime: new Date(now + 7 * 24 * HOUR),
  };
  const [red, graded] = await database.db
    .insert(activities)
    .values([
      {
        tenant: TENANT,
        activityType: 'charger_red_packet',
        activityName: 'bench red packets',
        ...window,
        activityRules: [
          { ruleKey: 'basic_point', ruleValue: '10' },
          { ruleKey: 'reward_number_per_resource', ruleValue: '200' },
          { ruleKey: 'max_active_resource_number', ruleValue: String(STATIONS) },
          { ruleKey: 'individual_claim_frequency', ruleValue: 'once_per_day' },
        ],
        creatorId: 0,
        creatorName: 'bench',
      },
      {
        tenant: TENANT,
        activityType: 'graded_charging_activity',
        activityName: 'bench graded',
        ...window,
        activityRules: [
          {
            ruleKey: 'graded_charging_degree',
            ruleValue: '2',
            gradient: [
              {
                degree: 50,
                rewardType: 'pe_coupon',
                rewardCode: String(first.couponBatchId),
                rewardNumber: 1,
              },
              {
                degree: 200,
                rewardType: 'pe_coupon',
                rewardCode: String(second.couponBatchId),
                rewardNumber: 1,
              },
            ],
          },
        ],
        creatorId: 0,
        creatorName: 'bench',
      },
    ])
    .returning({ activityId: activities.activityId });
  const gradedStations = stationIds.filter((_, i) => i % 2 === 0);
  await insertJsonRows(database.db, activityStations, [
    ...stationIds.map((resourceId) => ({
      tenant: TENANT,
      activityId: red!.activityId,
      resourceId,
      active: true,
    })),
    ...gradedStations.map((resourceId) => ({
      tenant: TENANT,
      activityId: graded!.activityId,
      resourceId,
      active: true,
    })),
  ]);
  const sign = await registerBenchAppClient(database.db, TENANT);
  return {
    database,
    stationIds,
    redId: red!.activityId,
    gradedId: graded!.activityId,
    gradedStations,
    sign,
    now,
  };
}

/** The first orders through the signed API of an app that runs no jobs: the engine's run waits for the child. */
async function ingest(options: DatabaseOptions, sign: BenchSigner, stationsJson: string, now: number) {
  const database = await openDatabase(options);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-ingest-'));
  const app = await buildApp({
    config: defaultConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' }),
    database,
    logger: false,
    jobPlacement: { runsHere: () => false },
  });
  try {
    // The same orders the SQL below makes, read back as JSON, so that both halves are one stream.
    await database.db.execute(orderSql(1, INGEST, stationsJson, now));
    const made = (await database.db.execute(
      sql`with made as (delete from reward_events returning payload, seq) select payload from made order by seq`,
    )) as unknown as { rows: { payload: object }[] };
    const events = made.rows.map((row) => row.payload);
    const started = performance.now();
    for (let at = 0; at < events.length; at += PER_REQUEST) {
      const { headers, body } = sign('POST', '/api/app/reward-events', {
        events: events.slice(at, at + PER_REQUEST),
      });
      const response = await app.inject({
        method: 'POST',
        url: '/api/app/reward-events',
        headers,
        payload: body,
      });
      if (response.statusCode !== 202)
        throw new Error(`ingest answered ${response.statusCode}: ${response.body}`);
    }
    return (performance.now() - started) / 1000;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await runBench(
  `reward engine: ${EVENTS} charging orders, ${STATIONS} stations, ${ACCOUNTS} accounts, killed at ${KILL_AT * 100} %`,
  async () => {
    const fresh = await freshPostgresDatabase('cmp_bench_engine');
    const seeded = await seed(fresh.options);
    const { database, redId, gradedId, gradedStations, sign, now } = seeded;
    const stationsJson = JSON.stringify(seeded.stationIds);
    try {
      const ingestSeconds = await ingest(fresh.options, sign, stationsJson, now);
      console.log(
        `ingest: ${INGEST} events through the API in ${ingestSeconds.toFixed(1)} s (${(INGEST / ingestSeconds).toFixed(0)} events/s)`,
      );
      for (let from = INGEST + 1; from <= EVENTS; from += 100_000) {
        await database.db.execute(orderSql(from, Math.min(EVENTS, from + 99_999), stationsJson, now));
      }
      await database.db.execute(sql`analyze`);
      const [run] = await database.db.select().from(jobs).where(eq(jobs.kind, 'rewards.engine'));
      if (!run) throw new Error('the ingest queued no engine run');

      let peak = 0;
      let worker = await startWorker(fresh.options);
      const started = performance.now();
      let killedAt: number | undefined;
      let doneAtKill = 0;
      let resumedAt: number | undefined;
      for (;;) {
        peak = Math.max(peak, rssMb(worker.pid!));
        const [row] = await database.db.select().from(jobs).where(eq(jobs.id, run.id));
        if (row!.state === 'succeeded') break;
        if (row!.state === 'failed') throw new Error(`the run failed: ${row!.error}`);
        if (killedAt === undefined && row!.progressDone >= EVENTS * KILL_AT) {
          worker.kill('SIGKILL');
          killedAt = performance.now();
          doneAtKill = row!.progressDone;
          console.log(
            `killed the worker at ${row!.progressDone} events, ${((killedAt - started) / 1000).toFixed(1)} s in`,
          );
          worker = await startWorker(fresh.options);
        }
        if (killedAt !== undefined && resumedAt === undefined && row!.progressDone > doneAtKill) {
          resumedAt = performance.now();
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const seconds = (performance.now() - started) / 1000;
      worker.kill('SIGKILL');
      console.log(
        `engine: ${EVENTS} events in ${seconds.toFixed(1)} s (${(EVENTS / seconds).toFixed(0)} events/s, the kill included), ` +
          `worker peak RSS ${peak.toFixed(0)} MB` +
          (killedAt !== undefined && resumedAt !== undefined
            ? `; the next batch committed ${((resumedAt - killedAt) / 1000).toFixed(1)} s after the kill`
            : ''),
      );

      const one = async <T>(query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
      const pending = await one<{ n: number }>(
        sql`select count(*)::int as n from reward_events where processed_at is null`,
      );
      const kwh = await one<{ progress: number; events: number }>(sql`
      select (select coalesce(sum(value), 0) from reward_progress where activity_id = ${gradedId} and scope = 'kwh') as progress,
             (select coalesce(sum((payload ->> 'kwh')::float), 0) from reward_events
               where payload ->> 'resourceId' in (select json_array_elements_text(${JSON.stringify(gradedStations)}::json))) as events`);
      const over = await one<{ n: number }>(sql`
      select count(*)::int as n from (select resource_id from reward_records where activity_id = ${redId}
        group by resource_id having count(*) > 200) as s`);
      const stats = await one<{ records: number; packets: number; points: number; recordPoints: number }>(sql`
      select (select count(*)::int from reward_records where activity_id = ${redId}) as records,
             (select coalesce(sum(amount), 0)::int from activity_rewards where activity_id = ${redId} and reward_kind = 'red_packet') as packets,
             (select coalesce(sum(amount), 0)::int from activity_rewards where activity_id = ${redId} and reward_kind = 'nio_point') as points,
             (select coalesce(sum(reward_units), 0)::int from reward_records where activity_id = ${redId}) as "recordPoints"`);
      const coupons = await one<{ rewards: number; coupons: number }>(sql`
      select (select count(*)::int from reward_records where activity_id = ${gradedId} and reward_state = 1) as rewards,
             (select count(*)::int from coupons where coupon_channel = 'activity_reward') as coupons`);
      const kwhExact =
        Math.abs(Number(kwh.progress) - Number(kwh.events)) < 1e-6 * Math.max(1, Number(kwh.events));
      console.log(
        `exactly once: ${pending.n} events left; graded kWh ${Number(kwh.progress).toFixed(2)} counted, ` +
          `${Number(kwh.events).toFixed(2)} sent (${kwhExact ? 'equal' : 'DIFFERENT'}); ${over.n} stations past 200 red packets; ` +
          `${stats.records} red packets recorded, ${stats.packets} counted, ${stats.recordPoints} points recorded, ${stats.points} counted; ` +
          `${coupons.rewards} coupon rewards given, ${coupons.coupons} coupons issued`,
      );
      if (
        pending.n !== 0 ||
        !kwhExact ||
        over.n !== 0 ||
        stats.records !== stats.packets ||
        stats.points !== stats.recordPoints ||
        coupons.rewards !== coupons.coupons
      ) {
        console.log('NOT EXACT');
        process.exitCode = 1;
      }
    } finally {
      await database.close();
      await fresh.drop();
    }
  },
);
