import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { isTenant } from '@cmp/domain';
import type { Db } from '../db/database.js';
import type { FileStorage } from '../storage/file-storage.js';
import { JobRefused, type JobKind, type StepResult } from './job-kind.js';
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
  /** Jobs one runner works on at once, each chunk by chunk. */
  slots: number;
}

export const DEFAULT_RUNNER_OPTIONS: JobRunnerOptions = {
  leaseMs: 60_000,
  pollMs: 1_000,
  maxAttempts: 5,
  backoffMs: (attempt) => Math.min(60_000, 1_000 * 2 ** (attempt - 1)),
  slots: 4,
};

/** Thrown inside a chunk's transaction when another runner took the job: the chunk must not commit. */
class LeaseLost extends Error {}

/**
 * Runs jobs in this process, `slots` at a time, each chunk by chunk: each chunk's rows and its checkpoint
 * commit in one transaction, and the event loop gets a turn between chunks. A kind may take at most its
 * `concurrency` of the slots, and one job per `concurrencyKey` (a client), so that jobs waiting on a
 * client that hangs hold that client's slot only. Several processes on one PostgreSQL each run one; a job
 * is held by one runner at a time through its lease.
 */
export class JobRunner {
  private readonly kinds = new Map<string, JobKind>();
  private readonly owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly waiting = new Set<() => void>();
  /** The jobs in work, by kind, with the key each was claimed under. */
  private readonly working = new Map<string, string[]>();
  private readonly inWork = new Set<number>();
  /** Whether an idle slot is polling; the other idle slots only wait to be woken. */
  private polling = false;
  /** Claims one at a time, so that a kind's count is right when the next slot claims. */
  private claiming: Promise<unknown> = Promise.resolve();

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

  kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = Promise.all(Array.from({ length: this.options.slots }, () => this.run())).then(
      () => undefined,
    );
  }

  /** Stops after the current chunk; a job cut off so goes back to the queue for the next start. */
  async stop(): Promise<void> {
    this.running = false;
    this.notify();
    await this.loop;
  }

  /** Work was queued in this process, or a slot came free: look now rather than at the next poll. */
  notify(): void {
    for (const wake of this.waiting) wake();
  }

  /** The kinds a slot may claim now: this runner's, and those under their concurrency. */
  private taken(): string[] {
    return [...this.kinds.values()]
      .filter((kind) => this.takes(kind))
      .filter((kind) => (this.working.get(kind.kind)?.length ?? 0) < (kind.concurrency ?? Infinity))
      .map((kind) => kind.kind);
  }

  /** Of kinds with a concurrency key, the keys whose job is in work, which no slot may claim again. */
  private busyKeys(): { kind: string; path: string[]; keys: string[] }[] {
    return [...this.kinds.values()].flatMap((kind) => {
      const keys = (this.working.get(kind.kind) ?? []).filter(Boolean);
      return kind.concurrencyKey && keys.length > 0
        ? [{ kind: kind.kind, path: kind.concurrencyKey, keys }]
        : [];
    });
  }

  private ordered(): { kind: string; path: string[] }[] {
    return [...this.kinds.values()].flatMap((kind) =>
      kind.orderKey ? [{ kind: kind.kind, path: kind.orderKey }] : [],
    );
  }

  private keyOf(row: JobRow): string {
    const path = this.kinds.get(row.kind)?.concurrencyKey;
    let value: unknown = row.params;
    for (const step of path ?? []) value = (value as Record<string, unknown> | null)?.[step];
    return path && typeof value === 'string' ? value : '';
  }

  private claim(): Promise<JobRow | undefined> {
    const claimed = this.claiming.then(async () => {
      const row = await this.queue.claim(
        this.owner,
        this.taken(),
        this.options.leaseMs,
        this.busyKeys(),
        [...this.inWork],
        this.ordered(),
      );
      if (row) {
        this.working.set(row.kind, [...(this.working.get(row.kind) ?? []), this.keyOf(row)]);
        this.inWork.add(row.id);
      }
      return row;
    });
    this.claiming = claimed.catch(() => undefined);
    return claimed;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let job: JobRow | undefined;
      try {
        job = await this.claim();
      } catch (error) {
        this.log.warn({ err: error }, 'looking for queued jobs failed; trying again');
      }
      if (!job) {
        await this.idle();
        continue;
      }
      // There may be more: the idle slots look too.
      this.notify();
      try {
        await this.work(job);
      } finally {
        const working = this.working.get(job.kind) ?? [];
        working.splice(working.indexOf(this.keyOf(job)), 1);
        this.inWork.delete(job.id);
        // A slot came free: a kind that was at its concurrency may be claimed again.
        this.notify();
      }
    }
  }

  private idle(): Promise<void> {
    // A slot whose claim was under way when stop() woke the waiting slots must not wait for a wake-up that
    // already happened.
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      // One idle slot looks again after the poll interval; the others wait to be woken, by it or by work.
      const polls = !this.polling;
      if (polls) this.polling = true;
      const done = () => {
        clearTimeout(timer);
        if (polls) this.polling = false;
        this.waiting.delete(done);
        resolve();
      };
      const timer = polls ? setTimeout(done, this.options.pollMs) : undefined;
      this.waiting.add(done);
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
        attempts = error instanceof JobRefused ? Infinity : attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        this.log.warn({ err: error, jobId: row.id, kind: row.kind, attempts }, 'a job chunk failed');
        if (attempts >= (kind.maxAttempts ?? this.options.maxAttempts)) {
          await this.queue.finish(this.db, row.id, this.owner, {
            state: 'failed',
            error: error instanceof JobRefused ? message : `${message} (failed ${attempts} times)`,
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
