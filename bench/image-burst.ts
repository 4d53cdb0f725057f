/**
 * Image upload burst: does picture work stall the rest of the portal?
 *
 *   npx tsx bench/image-burst.ts [--uploads=6] [--megapixels=49] [--rounds=3]
 *
 * The portal (buildApp on a file-backed PGlite in a temporary DATA_DIR, as `npm start` runs it) listens
 * on 127.0.0.1 with one charge station. A child process, so that its own work is not on the server's
 * event loop, signs in as an operator, then per round sends `uploads` station pictures at once (PNG
 * images of `megapixels` in flat blocks of random colour, about 1 MB each) while it asks GET /api/health every
 * 20 ms. It prints per round: the wall time of the burst, each upload's status, the health checks'
 * median, 99th percentile and maximum, and the server's RSS growth over the round.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import { insertChargeStation, insertOperator } from '../apps/server/src/test/station-fixtures.js';
import { benchArgs } from './bench-args.js';

const args = benchArgs();
const UPLOADS = Number(args.uploads ?? 6);
const MEGAPIXELS = Number(args.megapixels ?? 49);
const ROUNDS = Number(args.rounds ?? 3);
const USER = 'bench-operator';
const PASSWORD = 'bench-password-1';
const STATION = 'CS_BENCH_1';

interface RoundFigures {
  wallMs: number;
  statuses: number[];
  health: number[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function client(base: string): Promise<void> {
  const side = Math.round(Math.sqrt(MEGAPIXELS * 1_000_000));
  // Flat blocks of random colour: a large image that compresses well, as the flat areas of a photo do.
  const noise = await sharp({
    create: {
      width: Math.round(side / 50),
      height: Math.round(side / 50),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const png = await sharp(noise)
    .resize(side, side, { kernel: 'nearest' })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ userName: USER, password: PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('cmp_session='))!
    .split(';')[0]!;
  process.send!({ kind: 'image', bytes: png.length, side });

  const upload = async () => {
    const form = new FormData();
    form.set('resourceId', STATION);
    form.set('file', new Blob([png], { type: 'image/png' }), 'large.png');
    const response = await fetch(`${base}/api/nio/stations/pictures`, {
      method: 'POST',
      headers: { cookie, origin: base },
      body: form,
    });
    await response.arrayBuffer();
    return response.status;
  };
  for (let round = 0; round < ROUNDS; round++) {
    const health: number[] = [];
    let uploading = true;
    const started = performance.now();
    const uploads = Promise.all(Array.from({ length: UPLOADS }, upload)).finally(() => (uploading = false));
    while (uploading) {
      const asked = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      health.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const statuses = await uploads;
    process.send!({ kind: 'round', wallMs: performance.now() - started, statuses, health });
  }
}

async function server(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-images-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  await insertOperator(database.db);
  await insertChargeStation(database.db, STATION);
  const id = await staffRepo.insertStaffUser(database.db, {
    userName: USER,
    displayName: USER,
    passwordHash: await hashPassword(PASSWORD),
  });
  await staffRepo.replaceRoles(database.db, id, [{ tenant: 'nio', role: 'operator' }]);
  const app = await buildApp({
    config: defaultConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' }),
    database,
    logger: false,
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(
    `${os.cpus().length} cores, ${os.cpus()[0]?.model}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const rss = () => process.memoryUsage().rss / 1024 / 1024;
  let before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
  const child = fork(import.meta.filename, ['--client', base, ...process.argv.slice(2)], {
    execArgv: ['--import', 'tsx'],
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: { kind: string } & RoundFigures & { bytes: number; side: number }) => {
      if (message.kind === 'image') {
        console.log(
          `${UPLOADS} uploads at once of a ${message.side}×${message.side} PNG (${Math.round(message.bytes / 1024)} KB), ${ROUNDS} rounds`,
        );
        console.log(
          'round | wall ms | statuses | health n | health p50 ms | p99 ms | max ms | RSS before → peak MB',
        );
        before = rss();
        peak = before;
        return;
      }
      const sorted = [...message.health].sort((a, b) => a - b);
      console.log(
        [
          message.wallMs.toFixed(0),
          message.statuses.join(' '),
          sorted.length,
          percentile(sorted, 50).toFixed(1),
          percentile(sorted, 99).toFixed(1),
          sorted.at(-1)!.toFixed(1),
          `${before.toFixed(0)} → ${peak.toFixed(0)}`,
        ].join(' | '),
      );
      before = rss();
      peak = before;
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`client exited with ${code}`))));
  });
  clearInterval(sampler);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv[2] === '--client') await client(process.argv[3]!);
else await server();
