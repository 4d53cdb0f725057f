import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Long work that outlives a request, done in checkpointed chunks by the portal's own processes. A runner
 * holds a job by its lease (`leaseOwner` until `leaseUntil`); a lease that ran out (a process that died)
 * lets another runner take the job from its last checkpoint.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    tenant: text('tenant'),
    createdBy: integer('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    params: jsonb('params').notNull(),
    state: text('state').notNull().default('queued'),
    /** Where the next chunk starts, as the kind wrote it; null before the first. */
    checkpoint: jsonb('checkpoint'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    progressMessage: text('progress_message'),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** Not before this time (a retry's backoff). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_runnable_idx')
      .on(t.runAfter, t.id)
      .where(sql`state in ('queued', 'running')`),
    index('jobs_creator_idx').on(t.createdBy, t.id),
    index('jobs_tenant_idx').on(t.tenant, t.id),
    index('jobs_finished_idx').on(t.finishedAt),
  ],
);
