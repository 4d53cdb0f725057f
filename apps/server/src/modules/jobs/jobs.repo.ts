import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { JOB_SORTABLE, JobState, Tenant } from '@cmp/domain';
import { defineList } from '../../platform/lists/define-list.js';
import { jobs } from '../../platform/jobs/jobs.tables.js';

/** The jobs the task center shows: of the tenant, and whose. */
export interface JobListFilter {
  tenant: Tenant;
  /** Jobs of no tenant too (work outside the areas, such as staff administration). */
  orNoTenant: boolean;
  createdBy?: number;
  state?: JobState;
  kind?: string;
}

function jobWhere(filter: JobListFilter): SQL {
  const ofTenant = eq(jobs.tenant, filter.tenant);
  return and(
    filter.orNoTenant ? or(ofTenant, isNull(jobs.tenant)) : ofTenant,
    filter.createdBy === undefined ? undefined : eq(jobs.createdBy, filter.createdBy),
    filter.state ? eq(jobs.state, filter.state) : undefined,
    filter.kind ? eq(jobs.kind, filter.kind) : undefined,
  )!;
}

/** The task center's jobs, the newest first by default (`jobs_tenant_idx` and `jobs_creator_idx` read backwards). */
export const jobList = defineList({
  table: jobs,
  id: jobs.id,
  sort: {
    keys: { jobId: jobs.id, createdAt: jobs.createdAt } satisfies Record<
      (typeof JOB_SORTABLE)[number],
      AnyPgColumn
    >,
    default: 'jobId:desc',
  },
  where: jobWhere,
  select: (db, cursor) =>
    db
      .select({ job: jobs, ...cursor })
      .from(jobs)
      .$dynamic(),
});
