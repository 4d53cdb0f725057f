import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ExportOptionsSchema, Job } from '@cmp/domain';
import { OperationListPageSchema, OperationListQuerySchema } from '@cmp/domain/stations/operation-list-item';
import type { Db } from '../../platform/db/database.js';
import { answerExport } from '../../platform/export/export-route.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { OperationListService } from './operation-list.service.js';

const tags = ['stations'];

interface OperationListRouteOptions {
  operationList: OperationListService;
  db: Db;
  jobs: Jobs;
  exportStreamLimit: number;
}

/** The operations list of charge and swap stations and its export, under /api/{tenant}. */
export const operationListRoutes: FastifyPluginAsyncZod<OperationListRouteOptions> = async (
  app,
  { operationList, db, jobs, exportStreamLimit },
) => {
  app.get(
    '/stations',
    {
      schema: { tags, querystring: OperationListQuerySchema, response: { 200: OperationListPageSchema } },
    },
    (request) => operationList.list(request.query),
  );

  app.get(
    '/stations/export',
    {
      schema: {
        tags,
        description: 'The file at once (200) up to the stream limit of rows, else an export job (202).',
        querystring: OperationListQuerySchema.extend(ExportOptionsSchema.shape),
        response: { 202: Job },
      },
    },
    async (request, reply) => {
      const { format, columns, timeZone, ...query } = request.query;
      return answerExport(
        request,
        reply,
        { query, format, columns, timeZone },
        { db, jobs, list: operationList.export, streamLimit: exportStreamLimit },
      );
    },
  );
};
