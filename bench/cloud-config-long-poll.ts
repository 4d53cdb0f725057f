/**
 * Configuration long polls (issue 33): `clients` app connections hold the signed
 * `GET /api/app/cloud-config/notifications` at once, over real sockets, then a release is made and every poll
 * must be answered with it; on PostgreSQL and on PGlite.
 *
 *   npx tsx bench/cloud-config-long-poll.ts [--clients=2000] [--rounds=3] [--batch=250] [--drivers=postgres,pglite]
 *
 * For each driver: a fresh database (on PostgreSQL `cmp_bench_config` on BENCH_DATABASE_URL's server, dropped
 * afterwards; a temporary directory for PGlite), migrations, a namespace with one item released once, then
 * the app listening on a local port. Each round opens `clients` polls holding the latest notification id
 * (each signed afresh, its own socket, `batch` at a time, from a process of their own), waits until the server holds them all, then releases through a
 * service of its own, as another process of the portal would (its announcement goes over the message bus:
 * LISTEN/NOTIFY on PostgreSQL). It prints how long the polls took to be held, the server's heap per held
 * poll, and the time from the release's start to each answer (median, p95, max), failing (exit code 1)
 * unless every poll was answered 200 with the new release.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Tenant } from '@cmp/domain';
import type { Notifications } from '@cmp/domain/cloud-config/cloud-config';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { CloudConfigService } from '../apps/server/src/modules/cloud-config/cloud-config.service.js';
import {
  configItems,
  configNamespaces,
} from '../apps/server/src/modules/cloud-config/cloud-config.tables.js';
import { ReleaseNotifier } from '../apps/server/src/modules/cloud-config/release-notifier.js';
import { SYSTEM_ACTOR } from '../apps/server/src/platform/audit/audit.js';
import { messageBusOf } from '../apps/server/src/platform/bus/message-bus.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { percentile, registerBenchAppClient } from './bench-app-client.js';
import { benchArgs } from './bench-args.js';
import { freshBenchDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';

type Driver = 'pglite' | 'postgres';

const TENANT = Tenant.parse('nio');
const NAMESPACE = 'application';
const PG_DATABASE = 'cmp_bench_config';

const args = benchArgs();
const CLIENTS = Number(args.clients ?? 2000);
const ROUNDS = Number(args.rounds ?? 3);
const OPEN_BATCH = Number(args.batch ?? 250);
const DRIVERS = (args.drivers ?? 'postgres,pglite').split(',') as Driver[];

interface Answer {
  status: number;
  body: string;
  /** Epoch milliseconds (fractional) the answer's last byte arrived: both processes read the same clock. */
  at: number;
}

const now = () => performance.timeOrigin + performance.now();

/** One poll over its own socket: resolves with the status, the body and when the answer arrived. */
function poll(port: number, pathAndQuery: string, headers: Record<string, string>, agent: http.Agent) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathAndQuery, headers, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, at: now() }));
    });
    request.on('error', reject);
  });
}

type ToClients =
  { open: { port: number; url: string; headers: Record<string, string>[] } } | { collect: true };
type FromClients = { ready: true } | { opened: number } | { answers: Answer[] };

/**
 * The apps' side, in a process of its own so that reading 2,000 answers does not share the server's event
 * loop: opens the polls it is handed, and hands back every answer once all have come.
 */
function runClients(): void {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let pending: Promise<Answer>[] = [];
  process.on('message', (message: ToClients) => {
    if ('open' in message) {
      const { port, url, headers } = message.open;
      pending.push(...headers.map((h) => poll(port, url, h, agent)));
      process.send!({ opened: headers.length } satisfies FromClients);
      return;
    }
    const answering = pending;
    pending = [];
    void Promise.all(answering).then(
      (answers) => process.send!({ answers } satisfies FromClients),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  process.on('disconnect', () => {
    agent.destroy();
    process.exit(0);
  });
  process.send!({ ready: true } satisfies FromClients);
}

/** The clients' process, and a way to wait for its next message of a kind. */
function startClients() {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'clients' },
    execArgv: ['--import', 'tsx'],
  });
  const next = <K extends string>(key: K) =>
    new Promise<Extract<FromClients, Record<K, unknown>>>((resolve) => {
      const on = (message: FromClients) => {
        if (key in message) {
          child.off('message', on);
          resolve(message as Extract<FromClients, Record<K, unknown>>);
        }
      };
      child.on('message', on);
    });
  return { child, next };
}

async function until(condition: () => boolean, withinMs: number): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > withinMs) throw new Error('the polls were not all held in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function benchDriver(driver: Driver): Promise<void> {
  const fresh = await freshBenchDatabase(driver, PG_DATABASE);
  const database = await openDatabase(fresh.options);
  await database.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-config-'));
  const log = pino({ level: 'silent' });
  // The releases come from outside the app under test, as from another process of the portal.
  const releaserBus = messageBusOf(database, log);
  const releaser = new CloudConfigService(database.db, new ReleaseNotifier(releaserBus, log), 60_000);
  try {
    const [namespace] = await database.db
      .insert(configNamespaces)
      .values({ tenant: TENANT, namespaceName: NAMESPACE, createdBy: 'bench' })
      .returning();
    await database.db.insert(configItems).values({
      namespaceId: namespace!.namespaceId,
      key: 'round',
      value: '0',
      createdBy: 'bench',
      modifiedBy: 'bench',
    });
    await releaser.release(TENANT, NAMESPACE, { releaseTitle: 'round 0' }, SYSTEM_ACTOR);
    const sign = await registerBenchAppClient(database.db, TENANT);
    const app = await buildApp({
      config: defaultConfig({
        dataDir,
        webDist: path.join(dataDir, 'no-web'),
        logLevel: 'silent',
        cloudConfigLongPollSeconds: 120,
      }),
      database,
      logger: false,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const clients = startClients();
    await clients.next('ready');
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        const held = round;
        const url = `/api/app/cloud-config/notifications?notifications=${encodeURIComponent(
          JSON.stringify([{ namespaceName: NAMESPACE, notificationId: held }]),
        )}`;
        global.gc?.();
        const heapBefore = process.memoryUsage().heapUsed;
        const opening = performance.now();
        // In batches, as apps reconnect over time: thousands of connects at one instant overflow the listen
        // backlog, which is the kernel's concern, not the portal's.
        let opened = 0;
        while (opened < CLIENTS) {
          const batch = Math.min(OPEN_BATCH, CLIENTS - opened);
          const headers = Array.from({ length: batch }, () => sign('GET', url).headers);
          clients.child.send({ open: { port, url, headers } } satisfies ToClients);
          await clients.next('opened');
          opened += batch;
          await until(() => app.cloudConfigPolls() === opened, 120_000);
        }
        const heldMs = performance.now() - opening;
        const heapPerPoll = (process.memoryUsage().heapUsed - heapBefore) / CLIENTS;

        await database.db.update(configItems).set({ value: String(round) });
        const collected = clients.next('answers');
        clients.child.send({ collect: true } satisfies ToClients);
        const releasing = now();
        await releaser.release(TENANT, NAMESPACE, { releaseTitle: `round ${round}` }, SYSTEM_ACTOR);
        const committedMs = now() - releasing;
        const results = (await collected).answers;
        const latencies = results.map((r) => r.at - releasing).sort((a, b) => a - b);
        const wrong = results.filter(
          (r) => r.status !== 200 || (JSON.parse(r.body) as Notifications)[0]?.notificationId !== held + 1,
        );
        console.log(
          `${driver} round ${round}: ${CLIENTS} polls held in ${heldMs.toFixed(0)} ms ` +
            `(~${(heapPerPoll / 1024).toFixed(1)} KiB of the server's heap each); release committed in ` +
            `${committedMs.toFixed(0)} ms; release → answer median ${percentile(latencies, 50).toFixed(0)} ms, ` +
            `p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms; ` +
            `${CLIENTS - wrong.length} answered with release ${held + 1}, held now ${app.cloudConfigPolls()}`,
        );
        if (wrong.length > 0) {
          console.log(
            `${driver}: ${wrong.length} polls NOT answered with the release: ${wrong[0]!.status} ${wrong[0]!.body}`,
          );
          process.exitCode = 1;
        }
      }
    } finally {
      clients.child.disconnect();
      await app.close();
    }
  } finally {
    await releaserBus.close();
    await database.close();
    await fresh.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_ROLE === 'clients') runClients();
else
  await runBench(`configuration long polls: ${CLIENTS} held, then a release, ${ROUNDS} rounds`, async () => {
    for (const driver of DRIVERS) await benchDriver(driver);
  });
