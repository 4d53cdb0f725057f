import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Job, JobFileParams, JobIdParams, JobListQuery, pageOf } from '@cmp/domain';
import type { JobsService } from './jobs.service.js';

const tags = ['jobs'];

/** The task center under /api/{tenant}: the jobs a user may see, their progress, cancel, result files. */
export const jobRoutes: FastifyPluginAsyncZod<{ jobs: JobsService }> = async (app, { jobs }) => {
  app.get(
    '/jobs',
    { schema: { tags, summary: 'List jobs', querystring: JobListQuery, response: { 200: pageOf(Job) } } },
    (request) => jobs.list(request.tenant!, request.auth!.user, request.query),
  );

  app.get(
    '/jobs/:jobId',
    { schema: { tags, summary: 'Get a job', params: JobIdParams, response: { 200: Job } } },
    (request) => jobs.get(request.tenant!, request.auth!.user, request.params.jobId),
  );

  app.post(
    '/jobs/:jobId/cancel',
    {
      // Viewers start exports; they may stop their own jobs too (the service checks whose the job is).
      config: { access: { tenantRole: 'viewer' } },
      schema: { tags, summary: 'Cancel a job', params: JobIdParams, response: { 200: Job } },
    },
    (request) => jobs.cancel(request.tenant!, request.auth!.user, request.params.jobId),
  );

  app.get(
    '/jobs/:jobId/files/:fileIndex',
    { schema: { tags, summary: "Download a job's result file", params: JobFileParams } },
    async (request, reply) => {
      const { tenant, auth, params } = request;
      const file = await jobs.openFile(tenant!, auth!.user, params.jobId, params.fileIndex);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(file.stream);
    },
  );
};
