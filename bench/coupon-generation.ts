/**
 * Coupon generation at scale: a million codes generated through the generation job, then downloaded.
 *
 *   npx tsx bench/coupon-generation.ts [--database=postgres|pglite] [--codes=1000000]
 *
 * The bench makes a fresh database (`cmp_bench_coupons` on BENCH_DATABASE_URL's server, or a file-backed
 * PGlite in a temporary directory), starts the portal (`buildApp`, default settings) in a child process,
 * signs in a nio operator, creates a batch of `codes` coupons and one generate record of all of them
 * (claimable codes), and polls the job every 250 ms until it has succeeded. It prints the job's time
 * (its start to its end) and rate, then downloads every code as CSV (GET coupon-batches/{id}/codes),
 * counting the bytes and lines as they arrive, and prints its time and size. The server's RSS is read
 * from /proc every 100 ms: before, and its peak during each phase.
 */
import fs from 'node:fs';
import os from 'node:os';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/platform/db/database.js';
import { benchArgs } from './bench-args.js';
import { freshBenchDatabase } from './bench-database.js';
import { benchSignIn, serveBenchApp, startBenchServer } from './bench-server.js';

const args = benchArgs();
const DRIVER = (args.database ?? 'postgres') as 'pglite' | 'postgres';
if (DRIVER !== 'pglite' && DRIVER !== 'postgres') throw new Error('--database is pglite or postgres');
const CODES = Number(args.codes ?? 1_000_000);
const USER = 'bench-operator';
const PASSWORD = 'bench-password-1';

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** The server's peak RSS while `work` runs. */
async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  try {
    return { value: await work(), peak };
  } finally {
    clearInterval(sampler);
  }
}

async function prepare(options: DatabaseOptions) {
  const database = await openDatabase(options);
  await database.migrate();
  const userId = await staffRepo.insertStaffUser(database.db, {
    userName: USER,
    displayName: USER,
    passwordHash: await hashPassword(PASSWORD),
    mustChangePassword: false,
  });
  await staffRepo.replaceRoles(database.db, userId, [{ tenant: 'nio', role: 'operator' }]);
  await database.close();
}

async function post(url: string, cookie: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 201) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

interface JobState {
  state: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

async function main() {
  const target = await freshBenchDatabase(DRIVER, 'cmp_bench_coupons');
  try {
    console.log(
      `coupon generation on ${DRIVER}: ${CODES} codes; ${os.cpus().length} cores, Node ${process.version}`,
    );
    await prepare(target.options);
    const server = await startBenchServer(import.meta.filename, target.options);
    try {
      const cookie = await benchSignIn(server.url, USER, PASSWORD);
      const api = `${server.url}/api/nio`;
      const batch = await post(`${api}/coupon-batches`, cookie, {
        couponName: 'bench',
        batchName: 'bench',
        couponBizCode: 'charging_external',
        couponTypeCode: 'voucher',
        amount: CODES,
        expireTypeCode: 'fixed_date',
        effectiveDate: '2026-11-01',
        expireDate: '2026-12-31',
        effectiveDays: null,
        couponValue: 10,
      });
      const rssBefore = rssMb(server.pid);
      const wallStart = performance.now();
      const generation = await peakRss(server.pid, async () => {
        const record = await post(`${api}/coupon-batches/${batch.couponBatchId}/generate-records`, cookie, {
          generateType: 'generate',
          amount: CODES,
        });
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          const job = (await (
            await fetch(`${api}/jobs/${record.jobId}`, { headers: { cookie } })
          ).json()) as JobState;
          if (job.state === 'succeeded' || job.state === 'failed') return job;
        }
      });
      const wall = (performance.now() - wallStart) / 1000;
      const job = generation.value;
      if (job.state !== 'succeeded') throw new Error(`the generation failed: ${job.error}`);
      const seconds = (Date.parse(job.finishedAt!) - Date.parse(job.startedAt!)) / 1000;

      const rssBeforeDownload = rssMb(server.pid);
      const downloadStart = performance.now();
      const download = await peakRss(server.pid, async () => {
        const response = await fetch(`${api}/coupon-batches/${batch.couponBatchId}/codes?format=csv`, {
          headers: { cookie },
        });
        if (response.status !== 200) throw new Error(`download: ${response.status}`);
        let bytes = 0;
        let lines = 0;
        for await (const chunk of response.body!) {
          const data = chunk as Uint8Array;
          bytes += data.length;
          for (const byte of data) if (byte === 10) lines += 1;
        }
        return { bytes, lines };
      });
      const downloadSeconds = (performance.now() - downloadStart) / 1000;

      console.log(`\n| figure | value |\n|---|---|`);
      console.log(`| codes generated | ${CODES.toLocaleString('en-US')} |`);
      console.log(`| generation job time (start → end) | ${seconds.toFixed(1)} s |`);
      console.log(`| request → job succeeded, seen by polling | ${wall.toFixed(1)} s |`);
      console.log(`| codes per second | ${Math.round(CODES / seconds).toLocaleString('en-US')} |`);
      console.log(
        `| server RSS before → peak, generation | ${rssBefore.toFixed(0)} → ${generation.peak.toFixed(0)} MB |`,
      );
      console.log(`| CSV download time | ${downloadSeconds.toFixed(1)} s |`);
      console.log(
        `| CSV size, lines | ${(download.value.bytes / 1024 / 1024).toFixed(1)} MB, ${download.value.lines.toLocaleString('en-US')} |`,
      );
      console.log(
        `| server RSS before → peak, download | ${rssBeforeDownload.toFixed(0)} → ${download.peak.toFixed(0)} MB |`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await target.drop();
  }
}

if (process.argv[2] === 'serve') await serveBenchApp();
else await main();
