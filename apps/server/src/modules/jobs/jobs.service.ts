import type { Readable } from 'node:stream';
import {
  ERROR_CODES,
  isFinishedJobState,
  type Job,
  type JobListQuery,
  type Page,
  type Tenant,
} from '@cmp/domain';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { hasRole, type AuthenticatedUser } from '../../platform/http/route-access.js';
import { storageKeyOfJob } from '../../platform/jobs/job-kind.js';
import { toJob, type JobQueue, type JobRow } from '../../platform/jobs/job-queue.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { jobList } from './jobs.repo.js';

const notFound = () => new AppError(404, ERROR_CODES.notFound, 'no such job');

/**
 * The task center's view of jobs: a user sees the jobs they started in the tenant, and those they started
 * outside every tenant (a staff export), in whichever area they are; the tenant's admins see every job of
 * the tenant. A job of another tenant, or another user's for a non-admin, is not found.
 */
export class JobsService {
  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly storage: FileStorage,
  ) {}

  async list(tenant: Tenant, user: AuthenticatedUser, query: JobListQuery): Promise<Page<Job>> {
    if (query.scope === 'tenant' && !hasRole(user, tenant, 'admin')) {
      throw new AppError(403, ERROR_CODES.forbidden, "only the tenant's admins see every job of the tenant");
    }
    const mine = query.scope === 'mine';
    const { rows, total } = await jobList.page(
      this.db,
      {
        tenant,
        orNoTenant: mine,
        createdBy: mine ? user.id : undefined,
        state: query.state,
        kind: query.kind,
        sort: query.sort,
      },
      { pageNo: query.pageNo, pageSize: query.pageSize },
    );
    return { items: rows.map((row) => toJob(row.job)), total };
  }

  async get(tenant: Tenant, user: AuthenticatedUser, jobId: number): Promise<Job> {
    return toJob(await this.visible(tenant, user, jobId));
  }

  /** A queued job is cancelled at once, a running one at its next chunk; a finished one answers 409. */
  async cancel(tenant: Tenant, user: AuthenticatedUser, jobId: number): Promise<Job> {
    const row = await this.visible(tenant, user, jobId);
    if (isFinishedJobState(row.state as Job['state'])) {
      throw new AppError(409, ERROR_CODES.conflict, `the job has already ended (${row.state})`);
    }
    return toJob((await this.queue.requestCancel(jobId)) ?? row);
  }

  async openFile(
    tenant: Tenant,
    user: AuthenticatedUser,
    jobId: number,
    fileIndex: number,
  ): Promise<{ name: string; size: number; contentType: string; stream: Readable }> {
    const job = toJob(await this.visible(tenant, user, jobId));
    const file = job.result?.files[fileIndex];
    if (job.state !== 'succeeded' || !file)
      throw new AppError(404, ERROR_CODES.notFound, 'the job has no such file');
    return { ...file, stream: await this.storage.open(storageKeyOfJob(jobId, file.name)) };
  }

  private async visible(tenant: Tenant, user: AuthenticatedUser, jobId: number): Promise<JobRow> {
    const row = await this.queue.get(jobId);
    if (row?.tenant === null && row.createdBy === user.id) return row;
    if (!row || row.tenant !== tenant) throw notFound();
    if (row.createdBy !== user.id && !hasRole(user, tenant, 'admin')) throw notFound();
    return row;
  }
}
