import { z } from 'zod';
import { integerParam, text } from '../shared/input.js';
import { PageQuery } from './paging.js';
import { TENANTS } from './tenants.js';

/** A job is queued, then running, and ends succeeded, failed or cancelled; a failed chunk puts it back in the queue. */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const FINISHED_JOB_STATES: readonly JobState[] = ['succeeded', 'failed', 'cancelled'];
export const isFinishedJobState = (state: JobState): boolean => FINISHED_JOB_STATES.includes(state);

/** How a job stands for its user: its state, but a job that succeeded with errors says so. */
export const JOB_OUTCOMES = ['queued', 'running', 'succeeded', 'withErrors', 'failed', 'cancelled'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];
export const jobOutcome = (job: { state: JobState; result: { withErrors?: boolean } | null }): JobOutcome =>
  job.state === 'succeeded' && job.result?.withErrors ? 'withErrors' : job.state;

/** Every kind of job the portal runs; each has its label in both languages (`jobKind` enumeration). */
export const JOB_KINDS = [
  'comment-callback',
  'upgrade-campaign',
  'coupon-generation',
  'coupons.send',
  'coupons.recipient-import',
  'activities.station-import',
  'posters.station-import',
  'rewards.engine',
  'export.staff.list',
  'export.stations.operation-list',
  'export.worksheets.list',
  'export.personal-cars.list',
  'export.comments.list',
  'export.relations.list',
  'export.crowdsourced-stations.list',
  'export.reported-stations.list',
  'export.invitations.list',
  'export.road-books.list',
  'export.charging-paths.list',
  'export.remote-operations.list',
  'export.upgrade-packages.list',
  'export.coupon-batches.list',
  'export.coupon-generate-records.list',
  'export.coupon-records',
  'export.coupon-deliveries',
  'export.coupon-abandon-records',
  'export.operators.list',
  'export.operators.equipment-owners',
  'export.operators.sub-operators',
  'export.tags.catalogue',
  'export.activities.list',
  'export.activities.stations',
  'export.posters.list',
  'export.posters.resources',
  'export.rewards.lottery-draws',
  'export.rewards.point-records',
  'export.rewards.reward-records',
  'export.config-releases.list',
  'export.share-templates.list',
  'export.group-chats.list',
  'export.forum.posts',
  'export.forum.replies',
  'export.forum.sensitive-words',
  'push-messages.push',
  'push-messages.recipient-import',
  'export.push-messages.list',
  'mall.product-upload',
  'mall.delivery',
  'export.mall.products',
  'export.mall.orders',
] as const;
export type JobKindName = (typeof JOB_KINDS)[number];

/** A file a job made, downloaded through the job. */
export const JobFile = z.object({
  name: z.string(),
  /** The file's name in each language, when it has one per language; `name` is the one it is stored under. */
  names: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }).optional(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
});
export type JobFile = z.infer<typeof JobFile>;

export const JobResult = z.object({
  counts: z.record(z.string(), z.number()),
  files: z.array(JobFile),
  /** The job ran to its end but did not do all it was asked (a refused sheet, say); its message says why. */
  withErrors: z.boolean().optional(),
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
