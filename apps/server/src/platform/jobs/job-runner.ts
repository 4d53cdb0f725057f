import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { isTenant } from '@cmp/domain';
import type { Db } from '../db/database.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { JobKind, StepResult } from './job-kind.js';
import type { JobQueue, JobRow } from './job-queue.js';

export interface JobRunnerOptions {
  /** How long a runner holds a job without a checkpoint before another may take it. */
  leaseMs: number;
  /** How often an idle runner looks for work queued by another process. */
  pollMs: number;
  /** Tries of one chunk before the job fails. */
  maxAttempts: number;
  /** The wait before try `attempt` + 1 of a chunk that failed `attempt` times. */
  backoffMs: (attempt: number) => number;
}

export const DEFAULT_RUNNER_OPTIONS: JobRunnerOptions = {
  leaseMs: 60_000,
  pollMs: 1_000,
  maxAttempts: 5,
  backoffMs: (attempt) => Math.min(60_000, 1_000 * 2 ** (attempt - 1)),
};

/** Thrown inside a chunk's transaction when another runner took the job: the chunk must not commit. */
class LeaseLost extends Error {}

/**
 * Runs jobs in this process, one at a time, chunk by chunk: each chunk's rows and its checkpoint commit
 * in one transaction, and the event loop gets a turn between chunks. Several processes on one
 * PostgreSQL each run one; a job is held by one runner at a time through its lease.
 */
export class JobRunner {
  private readonly kinds = new Map<string, JobKind>();
  private readonly owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly storage: FileStorage,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly options: JobRunnerOptions = DEFAULT_RUNNER_OPTIONS,
    /** Whether this runner takes jobs of a kind; the others are registered only to be queued. */
    private readonly takes: (kind: JobKind) => boolean = () => true,
  ) {}

  register(kind: JobKind): void {
    if (this.kinds.has(kind.kind)) throw new Error(`job kind ${kind.kind} is registered twice`);
    this.kinds.set(kind.kind, kind);
  }

  kindOf(name: string): JobKind | undefined {
    return this.kinds.get(name);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops after the current chunk; a job cut off so goes back to the queue for the next start. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Work was queued in this process: look now rather than at the next poll. */
  notify(): void {
    this.wake?.();
  }

  private taken(): string[] {
    return [...this.kinds.values()].filter(this.takes).map((kind) => kind.kind);
  }

  private async run(): Promise<void> {
    while (this.running) {
      let job: JobRow | undefined;
      try {
        job = await this.queue.claim(this.owner, this.taken(), this.options.leaseMs);
      } catch (error) {
        this.log.warn({ err: error }, 'looking for queued jobs failed; trying again');
      }
      if (job) await this.work(job);
      else await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async work(row: JobRow): Promise<void> {
    const kind = this.kinds.get(row.kind)!;
    const parsed = kind.params.safeParse(row.params);
    if (!parsed.success) {
      await this.queue.finish(this.db, row.id, this.owner, {
        state: 'failed',
        error: `the job's parameters are not valid: ${parsed.error.issues.map((i) => i.message).join('; ')}`,
      });
      return;
    }
    if (row.cancelRequested) {
      await this.queue.finish(this.db, row.id, this.owner, { state: 'cancelled' });
      return;
    }
    const job = { jobId: row.id, tenant: isTenant(row.tenant) ? row.tenant : null, createdBy: row.createdBy };
    let checkpoint: unknown = row.checkpoint;
    let attempts = row.attempts;
    while (this.running) {
      try {
        const step: StepResult<unknown> = await kind.step({
          job,
          params: parsed.data,
          checkpoint,
          db: this.db,
          storage: this.storage,
        });
        const outcome = await this.db.transaction(async (tx) => {
          await step.write?.(tx);
          if ('result' in step) {
            const held = await this.queue.finish(tx, row.id, this.owner, {
              state: 'succeeded',
              result: step.result,
              message: step.message,
            });
            if (!held) throw new LeaseLost();
            return { finished: true as const };
          }
          const { held, cancelRequested } = await this.queue.checkpoint(
            tx,
            row.id,
            this.owner,
            this.options.leaseMs,
            step,
          );
          if (!held) throw new LeaseLost();
          return { finished: false as const, checkpoint: step.checkpoint, cancelRequested };
        });
        if (outcome.finished) return;
        checkpoint = outcome.checkpoint;
        attempts = 0;
        if (outcome.cancelRequested) {
          await this.queue.finish(this.db, row.id, this.owner, { state: 'cancelled' });
          return;
        }
        await nextTurn();
      } catch (error) {
        if (error instanceof LeaseLost) {
          this.log.warn({ jobId: row.id }, 'another runner took the job over; this one lets it go');
          return;
        }
        attempts += 1;
        const message = error instanceof Error ? error.message : String(error);
        this.log.warn({ err: error, jobId: row.id, kind: row.kind, attempts }, 'a job chunk failed');
        if (attempts >= (kind.maxAttempts ?? this.options.maxAttempts)) {
          await this.queue.finish(this.db, row.id, this.owner, {
            state: 'failed',
            error: `${message} (failed ${attempts} times)`,
          });
        } else {
          await this.queue.retryLater(
            row.id,
            this.owner,
            message,
            attempts,
            this.options.backoffMs(attempts),
          );
        }
        return;
      }
    }
    await this.queue.release(row.id, this.owner);
  }
}
