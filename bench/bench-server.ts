import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig, type Config } from '../apps/server/src/config.js';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/platform/db/database.js';
import { JobProcess } from '../apps/server/src/platform/jobs/job-process.js';

export interface BenchServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * The portal in a child process, so that the bench's own work is not on its event loop: runs `script`
 * with `serve <options> [...extraArgs]`, which calls `serveBenchApp`, and answers once it listens.
 */
export async function startBenchServer(
  script: string,
  options: DatabaseOptions,
  extraArgs: string[] = [],
): Promise<BenchServer> {
  const child: ChildProcess = fork(script, ['serve', JSON.stringify(options), ...extraArgs], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before listening`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The child's side: the app on the prepared database (`process.argv[3]`), on a free loopback port. */
export async function serveBenchApp(config: Partial<Config> = {}): Promise<void> {
  const options = JSON.parse(process.argv[3]!) as DatabaseOptions;
  const database = await openDatabase(options);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-serve-'));
  const appConfig = defaultConfig({
    dataDir,
    webDist: path.join(dataDir, 'no-web'),
    logLevel: 'silent',
    ...(options.kind === 'postgres' ? { databaseUrl: options.url } : {}),
    ...config,
  });
  // As `npm start` does on PostgreSQL: exports in the job process.
  const jobProcess = options.kind === 'postgres' && appConfig.jobProcess ? new JobProcess() : undefined;
  const app = await buildApp({
    config: appConfig,
    database,
    logger: false,
    jobPlacement: jobProcess?.placement,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  jobProcess?.start(appConfig, app.log);
  process.on('SIGTERM', () => {
    void (async () => {
      await jobProcess?.stop();
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
  process.send!({ url: address });
}

/** Signs a bench user in over HTTP, as the web client does; answers the session cookie. */
export async function benchSignIn(url: string, userName: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ userName, password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('cmp_session='));
  if (response.status !== 200 || !cookie) throw new Error(`sign-in answered ${response.status}`);
  return cookie.split(';')[0]!;
}
