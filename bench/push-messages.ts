/**
 * Push messages benchmark (issue #34): a batch of 1,000,000 recipients pushed to the local Mosquitto on
 * PostgreSQL, then the same push killed with kill -9 mid-way and finished by a restarted server.
 *
 *   flock /tmp/cmp-bench.lock npx tsx bench/push-messages.ts [--recipients=1000000] [--rate=100000]
 *                                                            [--kill-at=0.4] [--keep]
 *
 * A fresh database `cmp_bench_push` on BENCH_DATABASE_URL's server, migrated, and the portal in a
 * child process with MQTT_URL = BENCH_MQTT_URL, default mqtt://127.0.0.1:1883). The batch and its recipients
 * are written with SQL in bulk (generate_series), not through the API, and its push job is queued as the
 * push route queues it. Figures:
 *   - the push: from the job's queueing to its end (the last broker PUBACK recorded), messages per second,
 *     and the server's peak resident memory (VmHWM);
 *   - the killed push: every recipient back to pending, pushed again; once `kill-at` of them are recorded
 *     sent the server is killed with SIGKILL and a new one started; the job is taken up when its lease (60 s)
 *     runs out. The figures: recipients sent before the kill, time to the end after the restart, the
 *     recipients left pending (must be 0) and the duplicates counted (recipients in flight at the kill).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { freshPostgresDatabase } from './bench-database.js';
import { benchArgs } from './bench-args.js';
import { runBench } from './bench-run.js';
import { serveBenchApp, startBenchServer, type BenchServer } from './bench-server.js';

const args = benchArgs();
const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

if (process.argv[2] === 'serve') {
  await serveBenchApp({ mqttUrl: MQTT_URL, jobProcess: false });
} else {
  const RECIPIENTS = Number(args.recipients ?? 1_000_000);
  const RATE = Number(args.rate ?? 100_000);
  const KILL_AT = Number(args['kill-at'] ?? 0.4);
  const KEEP = args.keep !== undefined;
  const script = new URL(import.meta.url).pathname;

  const peakMb = (pid: number): number => {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };

  await runBench(
    `push messages: ${RECIPIENTS} recipients to ${MQTT_URL} at most ${RATE}/s, PostgreSQL`,
    async () => {
      const { options, drop } = await freshPostgresDatabase('cmp_bench_push');
      if (options.kind !== 'postgres') throw new Error('PostgreSQL only');
      const migrating = await openDatabase(options);
      await migrating.migrate();
      await migrating.close();
      let server: BenchServer = await startBenchServer(script, options);
      const pool = new pg.Pool({ connectionString: options.url, max: 2 });
      const one = async <T>(text: string, values: unknown[] = []): Promise<T> =>
        (await pool.query(text, values)).rows[0] as T;
      try {
        const seeded = performance.now();
        const { batch_id: batchId } = await one<{ batch_id: number }>(
          `insert into push_batches (tenant, title, content, landing_page, target_clients, rate_per_second, recipients, creator)
         values ('rsc', '压测推送', '一百万接收人的推送', 'https://example.com/bench', '["rsc_feishu_mini"]', $1, $2, 'bench')
         returning batch_id`,
          [RATE, RECIPIENTS],
        );
        await pool.query(
          `insert into push_recipients (batch_id, account_id)
         select $1, 'B' || lpad(i::text, 7, '0') from generate_series(1, $2::int) as i`,
          [batchId, RECIPIENTS],
        );
        await pool.query('vacuum analyze push_recipients');
        console.log(
          `seeded ${RECIPIENTS} recipients with SQL in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
        );

        const queue = async (): Promise<number> => {
          const { id } = await one<{ id: number }>(
            `insert into jobs (kind, tenant, created_by, created_by_name, params)
           values ('push-messages.push', 'rsc', 0, 'bench', $1) returning id`,
            [JSON.stringify({ batchId })],
          );
          await pool.query(`update push_batches set status = 'pushing', job_id = $1 where batch_id = $2`, [
            id,
            batchId,
          ]);
          return id;
        };
        const jobState = async (id: number) =>
          one<{ state: string; error: string | null }>('select state, error from jobs where id = $1', [id]);
        const sentCount = async () =>
          Number(
            (
              await one<{ n: string }>(
                `select count(*) as n from push_recipients where batch_id = $1 and state = 'sent'`,
                [batchId],
              )
            ).n,
          );
        const ended = async (id: number) => {
          for (;;) {
            const job = await jobState(id);
            if (['succeeded', 'failed', 'cancelled'].includes(job.state)) return job;
            await sleep(200);
          }
        };
        const totals = async () =>
          one<{ sent: string; pending: string; failed: string; duplicates: string }>(
            `select count(*) filter (where state = 'sent') as sent, count(*) filter (where state = 'pending') as pending,
                  count(*) filter (where state = 'failed') as failed, coalesce(sum(duplicates), 0) as duplicates
           from push_recipients where batch_id = $1`,
            [batchId],
          );

        // The push.
        const started = performance.now();
        const job = await queue();
        const result = await ended(job);
        const seconds = (performance.now() - started) / 1000;
        const first = await totals();
        console.log(
          `push: job ${result.state}${result.error ? ` (${result.error})` : ''} in ${seconds.toFixed(1)} s, ` +
            `${first.sent} acknowledged by the broker, ${first.failed} failed, ${(Number(first.sent) / seconds).toFixed(0)} messages/s, ` +
            `server peak RSS ${peakMb(server.pid).toFixed(0)} MB`,
        );

        // The same push killed mid-way and resumed.
        await pool.query(
          `update push_recipients set state = 'pending', attempts = 0, duplicates = 0, sent_at = null, channel = null
         where batch_id = $1`,
          [batchId],
        );
        const again = performance.now();
        const second = await queue();
        while ((await sentCount()) < RECIPIENTS * KILL_AT) await sleep(100);
        process.kill(server.pid, 'SIGKILL');
        const killedAt = performance.now();
        const beforeKill = await sentCount();
        const inFlight = Number(
          (
            await one<{ n: string }>(
              `select count(*) as n from push_recipients where batch_id = $1 and in_flight_at is not null`,
              [batchId],
            )
          ).n,
        );
        console.log(
          `killed with SIGKILL after ${((killedAt - again) / 1000).toFixed(1)} s: ${beforeKill} recorded sent, ${inFlight} in flight`,
        );
        server = await startBenchServer(script, options);
        const restarted = performance.now();
        const resumed = await ended(second);
        const end = performance.now();
        const after = await totals();
        console.log(
          `resumed: job ${resumed.state} ${((end - restarted) / 1000).toFixed(1)} s after the restart ` +
            `(the lease of the killed server runs out first, 60 s), ${((end - again) / 1000).toFixed(1)} s in all; ` +
            `${after.sent} sent, ${after.pending} pending, ${after.failed} failed, ${after.duplicates} duplicates counted`,
        );
      } finally {
        await pool.end();
        await server.stop().catch(() => undefined);
        if (!KEEP) await drop();
      }
    },
  );
}
