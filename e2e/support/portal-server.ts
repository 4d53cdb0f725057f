import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const READY = /Portal ready at (http:\/\/\S+)/;
// Only an upper bound: a fresh data directory's demo data takes about 30 s here and three times that on a
// machine busy with other work.
const START_TIMEOUT_MS = 240_000;
/** What the portal logs (warnings and errors) through the whole run: a failed test's cause is often there. */
const LOG_FILE = resolve(import.meta.dirname, '../artifacts/portal.log');

/** Known passwords of the accounts the tests sign in with. */
export const PASSWORDS = {
  adminFirst: 'e2e-admin-first-2026',
  adminChanged: 'e2e-admin-changed-2026',
  demo: 'e2e-demo-password',
} as const;

export interface PortalServer {
  /** Where the portal answers, e.g. http://127.0.0.1:41234 (without /cmp-app). */
  origin: string;
  stop: () => Promise<void>;
}

/** Starts the real server on a free loopback port with a fresh data directory and demo data. */
export async function startPortal(): Promise<PortalServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cmp-e2e-'));
  // What `npm start` runs, without npm in between: one process, so stopping it stops the server.
  const child = spawn(process.execPath, ['apps/server/dist/start.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORDS.adminFirst,
      DEMO_DATA: 'on',
      DEMO_PASSWORD: PASSWORDS.demo,
      LOG_LEVEL: 'warn',
      // Below the demo network's 3,300 stations, so that exporting all of them runs as a job.
      EXPORT_STREAM_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await mkdir(resolve(LOG_FILE, '..'), { recursive: true });
  const log = createWriteStream(LOG_FILE);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stop = async () => {
    await stopProcess(child);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const url = await waitForReady(child);
    return { origin: new URL(url).origin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function waitForReady(child: ChildProcess): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`the portal did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolvePromise(match[1]);
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the portal exited with code ${code} before it was ready:\n${output}`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}
