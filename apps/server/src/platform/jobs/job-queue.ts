import { and, eq, inArray, isNotNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Job, JobResult, JobState, Tenant } from '@cmp/domain';
import type { Db, DbOrTx } from '../db/database.js';
import { jobs } from './jobs.tables.js';

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  kind: string;
  tenant: Tenant | null;
  createdBy: { userId: number; userName: string };
  params: unknown;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toJob(row: JobRow): Job {
  return {
    jobId: row.id,
    kind: row.kind,
    tenant: row.tenant as Tenant | null,
    createdBy: { userId: row.createdBy, userName: row.createdByName },
    params: row.params,
    state: row.state as JobState,
    progress: { done: row.progressDone, total: row.progressTotal, message: row.progressMessage },
    result: row.result as JobResult | null,
    error: row.error,
    attempts: row.attempts,
    cancelRequested: row.cancelRequested,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The jobs table: what runners and the task center do with jobs, each in one statement. */
export class JobQueue {
  constructor(private readonly db: Db) {}

  async enqueue(job: NewJob, db: DbOrTx = this.db): Promise<JobRow> {
    const [row] = await db
      .insert(jobs)
      .values({
        kind: job.kind,
        tenant: job.tenant,
        createdBy: job.createdBy.userId,
        createdByName: job.createdBy.userName,
        params: job.params,
      })
      .returning();
    return row!;
  }

  /**
   * Takes the oldest job that may run now, of the given kinds: a queued one past its backoff, or a running
   * one whose runner's lease ran out. `SKIP LOCKED` lets runners in several processes take different jobs.
   */
  async claim(
    owner: string,
    kinds: string[],
    leaseMs: number,
    busyKeys: { kind: string; path: string[]; keys: string[] }[] = [],
    inWork: number[] = [],
    ordered: { kind: string; path: string[] }[] = [],
  ): Promise<JobRow | undefined> {
    if (kinds.length === 0) return undefined;
    const next = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.state, ['queued', 'running']),
          lte(jobs.runAfter, sql`now()`),
          or(eq(jobs.state, 'queued'), lt(jobs.leaseUntil, sql`now()`)),
          inArray(jobs.kind, kinds),
          // A job this runner works on, whose lease ran out under a long chunk, is not this runner's to take twice.
          inWork.length > 0 ? notInArray(jobs.id, inWork) : undefined,
          ...ordered.map(
            ({ kind, path }) =>
              sql`not (${jobs.kind} = ${kind} and exists (select 1 from ${jobs} as earlier where earlier.kind = ${kind} and earlier.id < ${jobs.id} and earlier.state in ('queued', 'running') and earlier.params #>> ${`{${path.join(',')}}`} = ${jobs.params} #>> ${`{${path.join(',')}}`}))`,
          ),
          ...busyKeys.map(
            ({ kind, path, keys }) =>
              sql`not (${jobs.kind} = ${kind} and coalesce(${jobs.params} #>> ${`{${path.join(',')}}`}, '') in (${sql.join(
                keys.map((key) => sql`${key}`),
                sql`, `,
              )}))`,
          ),
        ),
      )
      .orderBy(jobs.runAfter, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(jobs)
      .set({
        state: 'running',
        leaseOwner: owner,
        leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(inArray(jobs.id, next))
      .returning();
    return row;
  }

  /** Whether a job of the kind for the tenant waits to start: it will read whatever was queued before it runs. */
  async hasWaiting(kind: string, tenant: Tenant, db: DbOrTx = this.db): Promise<boolean> {
    const [row] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.tenant, tenant), eq(jobs.state, 'queued')))
      .limit(1);
    return row !== undefined;
  }

  async get(jobId: number, db: DbOrTx = this.db): Promise<JobRow | undefined> {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    return row;
  }

  /**
   * Records a chunk's checkpoint and progress and extends the lease, in the chunk's transaction. Answers
   * false when this runner no longer holds the job (its lease ran out and another took it): the chunk's
   * transaction must then roll back.
   */
  async checkpoint(
    tx: DbOrTx,
    jobId: number,
    owner: string,
    leaseMs: number,
    update: { checkpoint: unknown; done: number; total?: number | null; message?: string | null },
  ): Promise<{ held: boolean; cancelRequested: boolean }> {
    const rows = await tx
      .update(jobs)
      .set({
        checkpoint: update.checkpoint,
        progressDone: update.done,
        ...(update.total !== undefined && { progressTotal: update.total }),
        ...(update.message !== undefined && { progressMessage: update.message }),
        attempts: 0,
        leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(jobs.id, jobId), eq(jobs.leaseOwner, owner), eq(jobs.state, 'running')))
      .returning({ cancelRequested: jobs.cancelRequested });
    return { held: rows.length === 1, cancelRequested: rows[0]?.cancelRequested ?? false };
  }

  /** Ends a job this runner holds: succeeded with its result, cancelled, or failed with a readable error. */
  async finish(
    db: DbOrTx,
    jobId: number,
    owner: string,
    end:
      | { state: 'succeeded'; result: JobResult; message?: string | null }
      | { state: 'cancelled' | 'failed'; error?: string },
  ): Promise<boolean> {
    const rows = await db
      .update(jobs)
      .set({
        state: end.state,
        ...(end.state === 'succeeded'
          ? {
              result: end.result,
              error: null,
              ...(end.message !== undefined && { progressMessage: end.message }),
              progressDone: sql`coalesce(${jobs.progressTotal}, ${jobs.progressDone})`,
            }
          : { error: end.error ?? null }),
        leaseOwner: null,
        leaseUntil: null,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(jobs.id, jobId), eq(jobs.leaseOwner, owner)))
      .returning({ id: jobs.id });
    return rows.length === 1;
  }

  /** A failed chunk: back to the queue after `backoffMs`, its attempt counted, the error kept for the screen. */
  async retryLater(
    jobId: number,
    owner: string,
    error: string,
    attempts: number,
    backoffMs: number,
  ): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        state: 'queued',
        attempts,
        error,
        runAfter: sql`now() + make_interval(secs => ${backoffMs / 1000})`,
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(jobs.id, jobId), eq(jobs.leaseOwner, owner)));
  }

  /** Gives a job back to the queue at once (this process is stopping), from its last checkpoint. */
  async release(jobId: number, owner: string): Promise<void> {
    await this.db
      .update(jobs)
      .set({ state: 'queued', leaseOwner: null, leaseUntil: null, updatedAt: sql`now()` })
      .where(and(eq(jobs.id, jobId), eq(jobs.leaseOwner, owner), eq(jobs.state, 'running')));
  }

  /**
   * Asks a job to stop: a queued one is cancelled at once, a running one at its next chunk. Answers the
   * job as it is afterwards; a finished job is left as it is.
   */
  async requestCancel(jobId: number): Promise<JobRow | undefined> {
    await this.db
      .update(jobs)
      .set({
        cancelRequested: true,
        state: sql`case when ${jobs.state} = 'queued' then 'cancelled' else ${jobs.state} end`,
        finishedAt: sql`case when ${jobs.state} = 'queued' then now() else ${jobs.finishedAt} end`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(jobs.id, jobId), inArray(jobs.state, ['queued', 'running'])));
    return this.get(jobId);
  }

  /** Removes finished jobs older than the retention; answers their ids, whose files the caller removes. */
  async removeFinishedBefore(retentionDays: number): Promise<number[]> {
    const rows = await this.db
      .delete(jobs)
      .where(
        and(
          isNotNull(jobs.finishedAt),
          lt(jobs.finishedAt, sql`now() - make_interval(days => ${retentionDays})`),
        ),
      )
      .returning({ id: jobs.id });
    return rows.map((row) => row.id);
  }
}
