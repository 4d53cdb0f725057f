import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { SERVER_ROOT } from '../server-root.js';
import type { JobKind } from './job-kind.js';
import type { JobPlacement } from './jobs.js';

/** What the server sends the job process: first the portal's settings, then a word per job queued. */
export type JobProcessMessage = { config: Config } | { queued: string };

/** The job process's share of the kinds: those marked `apart`. */
export const APART_KINDS: JobPlacement = { runsHere: (kind) => kind.apart === true };

/** Waits before starting a job process that died again, by how many times in a row it did. */
const RESTART_WAITS_MS = [1_000, 5_000, 30_000];

/** A process that ran this long before it died starts its count of failures afresh. */
const HEALTHY_MS = 60_000;

/** How long a job process may take to finish its chunk and close before it is killed. */
const STOP_GRACE_MS = 15_000;

/**
 * The job process beside a server on PostgreSQL: a second Node process, at the lowest CPU priority, whose
 * runner takes the kinds marked `apart` (list exports) while the server's takes the rest. An export then
 * costs the server's event loop nothing, and the operating system gives the cores to requests first. It
 * restarts when it dies; its job goes back to the queue when its lease runs out. The embedded database
 * lives inside the server's process, so there every kind runs in the server.
 */
export class JobProcess {
  private child: ChildProcess | undefined;
  private restart: NodeJS.Timeout | undefined;
  private stopping = false;
  private failures = 0;

  /** The server's share: every kind but the job process's, whose jobs wake it when queued. */
  readonly placement: JobPlacement = {
    runsHere: (kind) => !APART_KINDS.runsHere(kind),
    queuedElsewhere: (kind: JobKind) => this.send({ queued: kind.kind }),
  };

  /** The process's id while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process with the server's settings; it runs until `stop`, started again when it dies. */
  start(config: Config, log: Pick<FastifyBaseLogger, 'warn'>): void {
    if (this.stopping || this.child) return;
    // From the build (`npm start`) the program is the built `jobs-main.js`; from the sources, the TypeScript
    // through tsx. Found from the server's root, since the build may put this code in a chunk of its own.
    const fromSources = import.meta.url.endsWith('.ts');
    const script = path.join(SERVER_ROOT, fromSources ? 'src/jobs-main.ts' : 'dist/jobs-main.js');
    const startedAt = Date.now();
    const child = fork(script, [], {
      execArgv: fromSources ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    // A message to a process that just died is lost with it; its runner looks for queued jobs at start.
    child.on('error', () => undefined);
    this.send({ config });
    child.once('exit', (code, signal) => {
      this.child = undefined;
      if (this.stopping) return;
      this.failures = Date.now() - startedAt > HEALTHY_MS ? 1 : this.failures + 1;
      const wait = RESTART_WAITS_MS[Math.min(this.failures, RESTART_WAITS_MS.length) - 1]!;
      log.warn({ code, signal, restartInMs: wait }, 'the job process stopped; it starts again');
      this.restart = setTimeout(() => this.start(config, log), wait);
    });
  }

  /** Stops the process after its current chunk (killed if it takes longer than the grace). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restart);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(killer);
  }

  private send(message: JobProcessMessage): void {
    if (this.child?.connected) this.child.send(message);
  }
}
