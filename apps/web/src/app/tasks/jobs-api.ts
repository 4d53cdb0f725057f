import type { Job, Page, Tenant } from '@cmp/domain';
import { tenantApi } from '../../api/client';

/** The user's own jobs in the tenant, newest first: what the task center shows. */
export const listMyJobs = (tenant: Tenant, signal?: AbortSignal) =>
  tenantApi(tenant).get<Page<Job>>('/jobs', { query: { scope: 'mine', pageSize: 20 }, signal });

export const cancelJob = (tenant: Tenant, jobId: number) =>
  tenantApi(tenant).post<Job>(`/jobs/${jobId}/cancel`);

export const jobFileUrl = (tenant: Tenant, jobId: number, fileIndex: number) =>
  `/api/${tenant}/jobs/${jobId}/files/${fileIndex}`;

export const jobsQueryKey = (tenant: Tenant) => ['jobs', tenant, 'mine'] as const;

export const isActive = (job: Job) => job.state === 'queued' || job.state === 'running';

export const getJob = (tenant: Tenant, jobId: number, signal?: AbortSignal) =>
  tenantApi(tenant).get<Job>(`/jobs/${jobId}`, { signal });

export const jobQueryKey = (tenant: Tenant, jobId: number) => ['jobs', tenant, 'job', jobId] as const;

/** A job a screen follows (a generation, an import) is read again this often while it runs. */
export const FOLLOW_JOB_MS = 1_500;
