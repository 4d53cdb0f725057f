/**
 * A list export as a durable job at scale: how fast, how much memory, and what it costs the list
 * requests of everyone else meanwhile.
 *
 *   npx tsx bench/export-job.ts [--database=postgres|pglite] [--stations=1000000] [--callers=4]
 *     [--idle-seconds=10] [--format=xlsx|csv] [--keep] [--job-process=off]
 *
 * The bench process seeds the station network (`seedStationNetwork`, 1 in 20 swap stations) into a fresh
 * database (`cmp_bench_export` on BENCH_DATABASE_URL's server, or a file-backed PGlite in a temporary
 * directory), then starts the portal (`buildApp`, default settings: exports above 10,000 rows are jobs)
 * in a child process and signs in a nio viewer. It measures the operations list's first page (`callers`
 * sessions in a loop, no think time) for `idle-seconds`, then starts the export of every station and
 * keeps the same list load running until the job has succeeded, polling the job every second. It prints
 * the job's rows per second (rows over its start-to-finish time), the server's RSS before and at its peak
 * during the job (read from /proc every 100 ms), the list's p50/p95 idle and during the export, and the
 * size of the file. With `--keep` the seeded database stays (`cmp_bench_export_<stations>`, or
 * `cmp-bench-export-<stations>` in the temporary directory) and a later run with `--keep` reuses it.
 * On PostgreSQL the export runs in the job process, as `npm start` runs it there; `--job-process=off` runs
 * it in the server, as on the embedded database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { seedStationNetwork } from '../apps/server/src/demo/stations.demo.js';
import { resources } from '../apps/server/src/modules/stations/stations.tables.js';
import { jobs } from '../apps/server/src/platform/jobs/jobs.tables.js';
import { ensureDictionaries } from '../apps/server/src/modules/dictionaries/dictionaries.bootstrap.js';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/platform/db/database.js';
import { benchArgs } from './bench-args.js';
import { benchSignIn, serveBenchApp, startBenchServer } from './bench-server.js';
import { freshPostgresDatabase } from './bench-database.js';

const args = benchArgs();
const DRIVER = args.database ?? 'postgres';
if (DRIVER !== 'pglite' && DRIVER !== 'postgres') throw new Error('--database is pglite or postgres');
const STATIONS = Number(args.stations ?? 1_000_000);
const CALLERS = Number(args.callers ?? 4);
const IDLE_SECONDS = Number(args['idle-seconds'] ?? 10);
const FORMAT = args.format ?? 'xlsx';
const KEEP = args.keep !== undefined;
const JOB_PROCESS = args['job-process'] !== 'off';
const USER = 'bench-viewer';
const PASSWORD = 'bench-password-1';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const rssMb = (pid: number): number => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    // A process that has exited has no VmRSS line any more.
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
/** The server's RSS and its job process's (its child), which runs the export on PostgreSQL. */
const serverRssMb = (pid: number): number => {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  return rssMb(pid) + children.reduce((sum, child) => sum + rssMb(Number(child)), 0);
};

async function prepare(options: DatabaseOptions) {
  const database = await openDatabase(options);
  await database.migrate();
  await ensureDictionaries(database.db);
  const started = performance.now();
  const swapStations = Math.round(STATIONS * 0.05);
  await database.db.transaction((tx) =>
    seedStationNetwork(tx, seededRandom(20261125), {
      chargeStations: STATIONS - swapStations,
      swapStations,
      now: new Date('2026-11-01T00:00:00Z'),
    }),
  );
  await database.db.execute(sql`vacuum analyze`);
  const userId = await staffRepo.insertStaffUser(database.db, {
    userName: USER,
    displayName: USER,
    passwordHash: await hashPassword(PASSWORD),
    mustChangePassword: false,
  });
  await staffRepo.replaceRoles(database.db, userId, [{ tenant: 'nio', role: 'viewer' }]);
  console.log(
    `${DRIVER}: ${STATIONS} stations seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await database.close();
}

/** Loops the list's first page with `CALLERS` sessions until `stop` answers true; answers the latencies. */
async function listLoad(url: string, cookie: string, stop: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (!stop()) {
        const t = performance.now();
        const response = await fetch(`${url}/api/nio/stations?pageNo=1&pageSize=20`, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`list: ${response.status}`);
        samples.push(performance.now() - t);
      }
    }),
  );
  return samples.sort((a, b) => a - b);
}

/**
 * The station count a kept database was seeded with, or undefined when it holds none. The jobs of an
 * earlier run go: one that was cut off would otherwise resume beside this run's export.
 */
async function seeded(options: DatabaseOptions): Promise<number | undefined> {
  const database = await openDatabase(options);
  try {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(resources);
    await database.db.delete(jobs);
    return row?.n;
  } catch {
    return undefined;
  } finally {
    await database.close();
  }
}

async function kept(): Promise<{ options: DatabaseOptions; drop: () => Promise<void>; ready: boolean }> {
  const keep = async () => undefined;
  if (DRIVER === 'pglite') {
    const dataDir = path.join(os.tmpdir(), `cmp-bench-export-${STATIONS}`);
    const options: DatabaseOptions = { kind: 'pglite', dataDir };
    if (fs.existsSync(dataDir) && (await seeded(options)) === STATIONS)
      return { options, drop: keep, ready: true };
    fs.rmSync(dataDir, { recursive: true, force: true });
    return { options, drop: keep, ready: false };
  }
  const name = `cmp_bench_export_${STATIONS}`;
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres');
  url.pathname = `/${name}`;
  const options: DatabaseOptions = { kind: 'postgres', url: url.toString(), poolSize: 4 };
  if ((await seeded(options).catch(() => undefined)) === STATIONS)
    return { options, drop: keep, ready: true };
  return { ...(await freshPostgresDatabase(name)), drop: keep, ready: false };
}

async function main() {
  const target = KEEP
    ? await kept()
    : DRIVER === 'postgres'
      ? { ...(await freshPostgresDatabase('cmp_bench_export')), ready: false }
      : (() => {
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-export-'));
          return {
            options: { kind: 'pglite', dataDir } as DatabaseOptions,
            drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
            ready: false,
          };
        })();
  try {
    console.log(
      `export job on ${DRIVER}: ${STATIONS} stations, ${CALLERS} list callers, ${DRIVER === 'postgres' && JOB_PROCESS ? 'in the job process' : 'in the server'}; ${os.cpus().length} cores, Node ${process.version}`,
    );
    if (target.ready) console.log(`${DRIVER}: reusing the kept database of ${STATIONS} stations`);
    else await prepare(target.options);
    const server = await startBenchServer(import.meta.filename, target.options, [
      JOB_PROCESS ? 'job-process' : 'in-server',
    ]);
    try {
      const cookie = await benchSignIn(server.url, USER, PASSWORD);

      const idleUntil = performance.now() + IDLE_SECONDS * 1000;
      const idle = await listLoad(server.url, cookie, () => performance.now() > idleUntil);

      const rssBefore = serverRssMb(server.pid);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, serverRssMb(server.pid))), 100);
      const started = await fetch(`${server.url}/api/nio/stations/export?format=${FORMAT}`, {
        headers: { cookie },
      });
      if (started.status !== 202) throw new Error(`export answered ${started.status}`);
      const { jobId } = (await started.json()) as { jobId: number };
      let job: {
        state: string;
        startedAt: string | null;
        finishedAt: string | null;
        progress: { done: number };
        result: { files: { size: number }[] } | null;
        error: string | null;
      };
      let finished = false;
      const during = listLoad(server.url, cookie, () => finished);
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        job = (await (
          await fetch(`${server.url}/api/nio/jobs/${jobId}`, { headers: { cookie } })
        ).json()) as typeof job;
        if (job.state === 'succeeded' || job.state === 'failed') break;
      }
      finished = true;
      const busy = await during;
      clearInterval(sampler);
      if (job.state !== 'succeeded') throw new Error(`the export failed: ${job.error}`);
      const seconds = (Date.parse(job.finishedAt!) - Date.parse(job.startedAt!)) / 1000;
      const rows = job.progress.done;
      console.log(`\n| figure | value |\n|---|---|`);
      console.log(`| rows exported | ${rows.toLocaleString('en-US')} |`);
      console.log(`| job time | ${seconds.toFixed(1)} s |`);
      console.log(`| rows per second | ${Math.round(rows / seconds).toLocaleString('en-US')} |`);
      console.log(`| file | ${(job.result!.files[0]!.size / 1024 / 1024).toFixed(1)} MB ${FORMAT} |`);
      console.log(
        `| server RSS (with its job process) before → peak | ${rssBefore.toFixed(0)} → ${rssPeak.toFixed(0)} MB (+${(rssPeak - rssBefore).toFixed(0)} MB) |`,
      );
      console.log(
        `| list first page, idle p50 / p95 | ${percentile(idle, 0.5).toFixed(1)} / ${percentile(idle, 0.95).toFixed(1)} ms (${idle.length} requests) |`,
      );
      console.log(
        `| list first page, during the export p50 / p95 | ${percentile(busy, 0.5).toFixed(1)} / ${percentile(busy, 0.95).toFixed(1)} ms (${busy.length} requests) |`,
      );
      console.log(`| p95 during / idle | ${(percentile(busy, 0.95) / percentile(idle, 0.95)).toFixed(2)} |`);
    } finally {
      await server.stop();
    }
  } finally {
    await target.drop();
  }
}

// Without the route planner's index, which a server builds in its first seconds: the idle figures are of
// the list alone, not of the list beside that one-time work.
if (process.argv[2] === 'serve') {
  await serveBenchApp({ routePlannerPreload: false, jobProcess: process.argv[4] === 'job-process' });
} else await main();
