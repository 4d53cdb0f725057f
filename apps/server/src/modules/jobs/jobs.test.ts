import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { JOB_KINDS, type Tenant } from '@cmp/domain';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { jobs as jobsTable } from '../../platform/jobs/jobs.tables.js';
import { LocalFileStorage } from '../../platform/storage/file-storage.js';

describe('the task center API', () => {
  let sut: TestContext;
  let queue: JobQueue;
  const ids: Record<string, number> = {};

  const enqueue = (tenant: Tenant | null, userId: number, userName: string) =>
    queue.enqueue({
      kind: 'stations.export',
      tenant,
      createdBy: { userId, userName },
      params: { format: 'xlsx' },
    });
  const get = (url: string, cookie: string) => sut.app.inject({ method: 'GET', url, headers: { cookie } });

  beforeEach(async () => {
    sut = await createTestContext();
    queue = new JobQueue(sut.database.db);
    ids.op = await sut.createUser({ userName: 'nio-op', roles: [{ tenant: 'nio', role: 'operator' }] });
    ids.viewer = await sut.createUser({ userName: 'nio-viewer', roles: [{ tenant: 'nio', role: 'viewer' }] });
    ids.admin = await sut.createUser({ userName: 'nio-admin', roles: [{ tenant: 'nio', role: 'admin' }] });
    ids.peAdmin = await sut.createUser({
      userName: 'both',
      roles: [
        { tenant: 'pe', role: 'admin' },
        { tenant: 'nio', role: 'viewer' },
      ],
    });
  });
  afterEach(async () => sut.app.close());

  it('should know every kind of job the portal runs, so that each is shown by its label', () => {
    expect([...sut.app.jobs.runner.kindNames()].sort()).toEqual([...JOB_KINDS].sort());
  });

  it("should list a user's own jobs, and every job of the tenant only to its admins", async () => {
    const mine = await enqueue('nio', ids.op!, 'nio-op');
    const viewers = await enqueue('nio', ids.viewer!, 'nio-viewer');
    const peJob = await enqueue('pe', ids.peAdmin!, 'both');
    const op = await sut.signIn('nio-op');
    const admin = await sut.signIn('nio-admin');
    const both = await sut.signIn('both');

    const own = await get('/api/nio/jobs', op);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      total: 1,
      items: [
        {
          jobId: mine.id,
          kind: 'stations.export',
          tenant: 'nio',
          createdBy: { userId: ids.op, userName: 'nio-op' },
          state: 'queued',
          progress: { done: 0, total: null, message: null },
          result: null,
          cancelRequested: false,
        },
      ],
    });
    expect((await get('/api/nio/jobs?scope=tenant', op)).statusCode).toBe(403);

    const tenantWide = (await get('/api/nio/jobs?scope=tenant', admin)).json();
    expect(tenantWide.items.map((j: { jobId: number }) => j.jobId)).toEqual([viewers.id, mine.id]);
    const oldestFirst = (await get('/api/nio/jobs?scope=tenant&sort=jobId:asc&pageSize=1', admin)).json();
    expect({
      ids: oldestFirst.items.map((j: { jobId: number }) => j.jobId),
      total: oldestFirst.total,
    }).toEqual({
      ids: [mine.id],
      total: 2,
    });
    expect((await get('/api/nio/jobs?sort=state:asc', admin)).statusCode).toBe(400);
    // Admin in pe, viewer in nio: the pe job is visible in pe only, nio's jobs not at all.
    expect(
      (await get('/api/pe/jobs?scope=tenant', both)).json().items.map((j: { jobId: number }) => j.jobId),
    ).toEqual([peJob.id]);
    expect((await get('/api/nio/jobs?scope=tenant', both)).statusCode).toBe(403);
    expect((await get(`/api/nio/jobs/${peJob.id}`, both)).statusCode).toBe(404);
  });

  it("should answer 404 for another user's job to a non-admin, and show it to the tenant's admin", async () => {
    const job = await enqueue('nio', ids.op!, 'nio-op');
    const viewer = await sut.signIn('nio-viewer');
    const admin = await sut.signIn('nio-admin');

    const hidden = await get(`/api/nio/jobs/${job.id}`, viewer);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('not_found');
    expect((await get(`/api/nio/jobs/${job.id}`, admin)).json()).toMatchObject({
      jobId: job.id,
      state: 'queued',
    });
    expect((await get('/api/nio/jobs/999999', admin)).statusCode).toBe(404);
  });

  it('should show a job of no tenant (a staff export) to its creator in every area, and to nobody else', async () => {
    const staffExport = await enqueue(null, ids.peAdmin!, 'both');
    const inNio = await enqueue('nio', ids.peAdmin!, 'both');
    const both = await sut.signIn('both');
    const admin = await sut.signIn('nio-admin');

    const idsOf = (items: { jobId: number }[]) => items.map((j) => j.jobId);
    expect(idsOf((await get('/api/nio/jobs', both)).json().items)).toEqual([inNio.id, staffExport.id]);
    expect(idsOf((await get('/api/pe/jobs', both)).json().items)).toEqual([staffExport.id]);
    expect((await get(`/api/pe/jobs/${staffExport.id}`, both)).json()).toMatchObject({ tenant: null });
    // Not the tenant's: its admins see neither it in the tenant's jobs nor the job itself.
    expect(idsOf((await get('/api/nio/jobs?scope=tenant', admin)).json().items)).toEqual([inNio.id]);
    expect((await get(`/api/nio/jobs/${staffExport.id}`, admin)).statusCode).toBe(404);
  });

  it('should cancel a queued job, and refuse to cancel one that ended', async () => {
    const job = await enqueue('nio', ids.viewer!, 'nio-viewer');
    const viewer = await sut.signIn('nio-viewer');
    const cancel = () =>
      sut.app.inject({ method: 'POST', url: `/api/nio/jobs/${job.id}/cancel`, headers: { cookie: viewer } });

    const cancelled = await cancel();
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', cancelRequested: true });
    expect(cancelled.json().finishedAt).not.toBeNull();

    const again = await cancel();
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('the job has already ended (cancelled)');
  });

  it('should mark a running job for cancelling at its next chunk', async () => {
    const job = await enqueue('nio', ids.op!, 'nio-op');
    await sut.database.db.execute(sql`update ${jobsTable} set state = 'running' where id = ${job.id}`);
    const op = await sut.signIn('nio-op');

    const response = await sut.app.inject({
      method: 'POST',
      url: `/api/nio/jobs/${job.id}/cancel`,
      headers: { cookie: op },
    });
    expect(response.json()).toMatchObject({ state: 'running', cancelRequested: true, finishedAt: null });
  });

  it("should download a succeeded job's file as an attachment, and nothing of a job that has none", async () => {
    const job = await enqueue('nio', ids.op!, 'nio-op');
    const storage = new LocalFileStorage(path.join(sut.config.dataDir, 'files'));
    await storage.put(`jobs/${job.id}/场站运营列表.csv`, Buffer.from('a,b\n1,2\n'));
    const op = await sut.signIn('nio-op');
    expect((await get(`/api/nio/jobs/${job.id}/files/0`, op)).statusCode).toBe(404);

    await sut.database.db
      .update(jobsTable)
      .set({
        state: 'succeeded',
        result: {
          counts: { rows: 1 },
          files: [{ name: '场站运营列表.csv', size: 8, contentType: 'text/csv' }],
        },
      })
      .where(sql`id = ${job.id}`);
    const file = await get(`/api/nio/jobs/${job.id}/files/0`, op);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('a,b\n1,2\n');
    expect(file.headers['content-type']).toBe('text/csv');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('场站运营列表.csv')}`,
    );
    expect((await get(`/api/nio/jobs/${job.id}/files/1`, op)).statusCode).toBe(404);
    const viewer = await sut.signIn('nio-viewer');
    expect((await get(`/api/nio/jobs/${job.id}/files/0`, viewer)).statusCode).toBe(404);
  });
});
