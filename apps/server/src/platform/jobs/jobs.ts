import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/database.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { JobKind } from './job-kind.js';
import { JobQueue, type JobRow, type NewJob } from './job-queue.js';
import { DEFAULT_RUNNER_OPTIONS, JobRunner, type JobRunnerOptions } from './job-runner.js';

/**
 * Which kinds this process's runner takes: every kind, or its share when a job process runs the kinds
 * marked `apart` (`job-process.ts`). Every kind is registered either way, so any process can queue any job.
 */
export interface JobPlacement {
  runsHere(kind: JobKind): boolean;
  /** Tells the process that runs a kind this one does not that a job of it was queued. */
  queuedElsewhere?(kind: JobKind): void;
}

export const EVERY_KIND: JobPlacement = { runsHere: () => true };

/** What modules use of the job platform: register their kinds, queue jobs of them. */
export class Jobs {
  readonly queue: JobQueue;
  readonly runner: JobRunner;

  constructor(
    db: Db,
    storage: FileStorage,
    log: Pick<FastifyBaseLogger, 'warn'>,
    options: Partial<JobRunnerOptions> = {},
    private readonly placement: JobPlacement = EVERY_KIND,
  ) {
    this.queue = new JobQueue(db);
    this.runner = new JobRunner(
      db,
      this.queue,
      storage,
      log,
      { ...DEFAULT_RUNNER_OPTIONS, ...options },
      (kind) => placement.runsHere(kind),
    );
  }

  register(kind: JobKind): void {
    this.runner.register(kind);
  }

  /** Queues a job of a registered kind, its parameters checked by the kind; in `tx` when given. */
  async enqueue(job: NewJob, tx?: DbOrTx): Promise<JobRow> {
    const kind = this.runner.kindOf(job.kind);
    if (!kind) throw new Error(`no job kind ${job.kind} is registered`);
    const row = await this.queue.enqueue({ ...job, params: kind.params.parse(job.params) }, tx);
    if (this.placement.runsHere(kind)) this.runner.notify();
    else this.placement.queuedElsewhere?.(kind);
    return row;
  }
}
