// Does a maintained queue library run on PGlite (served over the wire) and on PostgreSQL, from Node 20?
// Not part of the portal: run it in a scratch folder (see docs/decisions.md "Durable jobs"):
//   npm i --legacy-peer-deps pg-boss@10 graphile-worker@0.17.3 @electric-sql/pglite@0.5.16 \
//     @electric-sql/pglite-socket@0.2.17 pg && node queue-libraries.mjs
/* global clearInterval, console, performance, process, setInterval, setTimeout */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import PgBoss from 'pg-boss';
import { run } from 'graphile-worker';
import pg from 'pg';

const JOBS = Number(process.env.JOBS ?? 1000);
const LIMIT_MS = 60_000;
const within = (promise, what) =>
  Promise.race([
    promise,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: no answer in ${LIMIT_MS / 1000} s (hang)`)), LIMIT_MS),
    ),
  ]);

async function pgBoss(connectionString, max) {
  const boss = new PgBoss({
    connectionString,
    max,
    schema: 'pgboss_measure',
    supervise: false,
    schedule: false,
  });
  boss.on('error', (e) => console.log('  pg-boss error event:', e.message));
  let t = performance.now();
  await within(boss.start(), 'pg-boss start');
  const install = performance.now() - t;
  await boss.createQueue('measure');
  const seen = new Map();
  t = performance.now();
  for (let i = 0; i < JOBS; i += 100)
    await boss.insert(
      Array.from({ length: Math.min(100, JOBS - i) }, (_, k) => ({ name: 'measure', data: { n: i + k } })),
    );
  await boss.work('measure', { batchSize: 50, pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) seen.set(job.data.n, (seen.get(job.data.n) ?? 0) + 1);
  });
  await within(
    new Promise((resolve) => {
      const i = setInterval(() => {
        if (seen.size >= JOBS) {
          clearInterval(i);
          resolve();
        }
      }, 50);
    }),
    'pg-boss work',
  );
  const rate = JOBS / ((performance.now() - t) / 1000);
  await boss.stop({ graceful: false, wait: true });
  return { install, rate, once: [...seen.values()].every((c) => c === 1) && seen.size === JOBS };
}

async function graphile(connectionString, max) {
  const pool = new pg.Pool({ connectionString, max });
  const seen = new Map();
  let t = performance.now();
  const runner = await within(
    run({
      pgPool: pool,
      schema: 'graphile_measure',
      concurrency: 4,
      noHandleSignals: true,
      pollInterval: 500,
      taskList: {
        measure: async (payload) => {
          seen.set(payload.n, (seen.get(payload.n) ?? 0) + 1);
        },
      },
    }),
    'graphile start',
  );
  const install = performance.now() - t;
  t = performance.now();
  const client = await pool.connect();
  try {
    await client.query(
      `select graphile_measure.add_jobs(array(select json_populate_record(null::graphile_measure.job_spec, json_build_object('identifier','measure','payload', json_build_object('n', n))) from generate_series(0, $1 - 1) n))`,
      [JOBS],
    );
  } finally {
    client.release();
  }
  await within(
    new Promise((resolve) => {
      const i = setInterval(() => {
        if (seen.size >= JOBS) {
          clearInterval(i);
          resolve();
        }
      }, 50);
    }),
    'graphile work',
  );
  const rate = JOBS / ((performance.now() - t) / 1000);
  await runner.stop();
  await pool.end();
  return { install, rate, once: [...seen.values()].every((c) => c === 1) && seen.size === JOBS };
}

async function dropSchemas(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(
    'drop schema if exists pgboss_measure cascade; drop schema if exists graphile_measure cascade',
  );
  await c.end();
}

async function attempt(label, fn) {
  try {
    const r = await fn();
    console.log(
      `| ${label} | works | ${r.install.toFixed(0)} ms | ${r.rate.toFixed(0)} jobs/s | ${r.once ? 'yes' : 'NO'} |`,
    );
  } catch (error) {
    console.log(
      `| ${label} | fails | | | | ${String(error.message ?? error)
        .split('\n')[0]
        .slice(0, 200)}`,
    );
  }
}

const PG = 'postgres://root@127.0.0.1:5432/test';
console.log(`Node ${process.version}, ${JOBS} jobs, concurrency 4`);
console.log('| library × database | result | schema install | throughput | each job once | failure |');
await dropSchemas(PG);
await attempt('pg-boss 10.4.2 × PostgreSQL (pool 4)', () => pgBoss(PG, 4));
await attempt('graphile-worker 0.17.3 × PostgreSQL (pool 4)', () => graphile(PG, 4));
await dropSchemas(PG);
for (const [max, conns] of [
  [1, 1],
  [4, 4],
]) {
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, port: 55432 + max, maxConnections: conns });
  await server.start();
  const url = `postgres://postgres@127.0.0.1:${55432 + max}/postgres`;
  await attempt(`pg-boss 10.4.2 × PGlite over pglite-socket (pool ${max}, server connections ${conns})`, () =>
    pgBoss(url, max),
  );
  await attempt(
    `graphile-worker 0.17.3 × PGlite over pglite-socket (pool ${max}, server connections ${conns})`,
    () => graphile(url, max),
  );
  await server.stop();
  await db.close();
}
process.exit(0);
