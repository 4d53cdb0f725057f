import { z } from 'zod';
import { integerParam, text } from '../shared/input.js';
import { PageQuery } from './paging.js';
import { TENANTS } from './tenants.js';

/** A job is queued, then running, and ends succeeded, failed or cancelled; a failed chunk puts it back in the queue. */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const FINISHED_JOB_STATES: readonly JobState[] = ['succeeded', 'failed', 'cancelled'];
export const isFinishedJobState = (state: JobState): boolean => FINISHED_JOB_STATES.includes(state);

/** A file a job made, downloaded through the job. */
export const JobFile = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
});
export type JobFile = z.infer<typeof JobFile>;

export const JobResult = z.object({
  counts: z.record(z.string(), z.number()),
  files: z.array(JobFile),
});
export type JobResult = z.infer<typeof JobResult>;

export const Job = z.object({
  jobId: z.number().int(),
  kind: z.string(),
  tenant: z.enum(TENANTS).nullable(),
  createdBy: z.object({ userId: z.number().int(), userName: z.string() }),
  /** The parameters the job was started with, as its kind took them. */
  params: z.unknown(),
  state: z.enum(JOB_STATES),
  progress: z.object({
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative().nullable(),
    message: z.string().nullable(),
  }),
  result: JobResult.nullable(),
  error: z.string().nullable(),
  /** Failed tries of the current chunk; reset by a chunk that succeeds. */
  attempts: z.number().int().nonnegative(),
  cancelRequested: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof Job>;

/** What the task center sorts jobs by: the newest first unless asked. */
export const JOB_SORTABLE = ['jobId', 'createdAt'] as const;

export const JobListQuery = PageQuery.extend({
  /** `mine` (the default) or, for a tenant's admins, `tenant`: every job of the tenant. */
  scope: z.enum(['mine', 'tenant']).default('mine'),
  state: z.enum(JOB_STATES).optional(),
  kind: text(64).optional(),
});
export type JobListQuery = z.infer<typeof JobListQuery>;

export const JobIdParams = z.object({ jobId: integerParam({ min: 1, max: 2_147_483_647 }) });
export const JobFileParams = JobIdParams.extend({ fileIndex: integerParam({ min: 0, max: 99 }) });
