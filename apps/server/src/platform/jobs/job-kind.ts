import type { z } from 'zod';
import type { JobResult, Tenant } from '@cmp/domain';
import type { DbOrTx } from '../db/database.js';
import type { FileStorage } from '../storage/file-storage.js';

/** A job as its kind sees it while working. */
export interface JobInfo {
  jobId: number;
  tenant: Tenant | null;
  createdBy: number;
}

export interface StepContext<P, C> {
  job: JobInfo;
  params: P;
  /** What the previous chunk answered; null before the first. */
  checkpoint: C | null;
  /** For reading; a chunk's writes go in its answer's `write`, outside any transaction while it works. */
  db: DbOrTx;
  /** Where the job keeps its files (under `jobs/<jobId>/`); a file written again under a key replaces it. */
  storage: FileStorage;
}

export type StepResult<C> = {
  /**
   * The chunk's rows, written in the transaction that records its checkpoint, so a chunk is done once
   * or, when the process dies first, not at all.
   */
  write?: (tx: DbOrTx) => Promise<void>;
} & (
  | { checkpoint: C; done: number; total?: number | null; message?: string | null }
  | { result: JobResult; message?: string | null }
);

/**
 * One kind of job, registered by the module it belongs to. `step` does the next chunk of work from the
 * checkpoint and answers the next checkpoint with the progress, or the result when there is no more. It
 * holds no transaction while it works (the embedded database has one connection for every request). A
 * chunk must be idempotent outside the database too: a chunk that fails or is cut off is done again, so
 * a file it writes is written again under the same key.
 */
export interface JobKind<P = unknown, C = unknown> {
  kind: string;
  params: z.ZodType<P>;
  /** Tries of one chunk before the job fails, when the kind needs other than the runner's. */
  maxAttempts?: number;
  /**
   * At most this many of the kind's jobs at once in one runner, so that a kind whose jobs wait on others
   * (a vendor's callback) never takes every slot from the other kinds.
   */
  concurrency?: number;
  /**
   * Where the parameters name whom a job works for (a vendor's application id): one job per name at once,
   * so one client that hangs holds one slot and its own jobs, never another client's.
   */
  concurrencyKey?: string[];
  /**
   * Where the parameters name what a job's order matters for (a comment a vendor is told about): jobs with
   * the same value run in the order they were queued, a later one waiting while an earlier one is unfinished
   * (retried after a failure included).
   */
  orderKey?: string[];
  /**
   * Heavy on the CPU and needing nothing of this process but the database and the files: where the portal
   * runs a job process beside the server (on PostgreSQL), that process runs it, so that requests never
   * wait behind it (`job-process.ts`).
   */
  apart?: boolean;
  step(context: StepContext<P, C>): Promise<StepResult<C>>;
}

/**
 * A chunk's failure that trying again cannot change (a file that cannot be read): the job fails at once
 * with this message instead of after every try.
 */
export class JobRefused extends Error {}

export const storageKeyOfJob = (jobId: number, name: string): string => `jobs/${jobId}/${name}`;

/** Types a kind by its parameters and checkpoint, then hands it over as the platform keeps every kind. */
export const defineJobKind = <P, C>(kind: JobKind<P, C>): JobKind => kind as unknown as JobKind;
