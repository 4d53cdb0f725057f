import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Job } from '@cmp/domain';
import {
  WorksheetCloseSchema,
  WorksheetCreateSchema,
  WorksheetExportQuerySchema,
  WorksheetListQuerySchema,
  WorksheetPageSchema,
  WorksheetSchema,
} from '@cmp/domain/stations/worksheets';
import { idParam, INT8 } from '@cmp/domain/shared/input';
import { actorOf } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { answerExport } from '../../platform/export/export-route.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { ActingStaff, WorksheetsService } from './worksheets.service.js';

const WorksheetParams = z.object({ worksheetId: idParam(INT8) });
const tags = ['worksheets'];

const acting = (request: FastifyRequest): ActingStaff => ({
  actor: actorOf(request),
  displayName: request.auth!.user.displayName,
});

interface WorksheetRouteOptions {
  worksheets: WorksheetsService;
  db: Db;
  jobs: Jobs;
  exportStreamLimit: number;
}

/** Worksheets (work orders) on stations and the list's export, under /api/{tenant}. */
export const worksheetRoutes: FastifyPluginAsyncZod<WorksheetRouteOptions> = async (
  app,
  { worksheets, db, jobs, exportStreamLimit },
) => {
  app.get(
    '/worksheets',
    { schema: { tags, querystring: WorksheetListQuerySchema, response: { 200: WorksheetPageSchema } } },
    (request) => worksheets.list(request.query),
  );

  app.get(
    '/worksheets/export',
    {
      schema: {
        tags,
        description: 'The file at once (200) up to the stream limit of rows, else an export job (202).',
        querystring: WorksheetExportQuerySchema,
        response: { 202: Job },
      },
    },
    async (request, reply) => {
      const { format, columns, timeZone, ...filter } = request.query;
      return answerExport(
        request,
        reply,
        { query: filter, format, columns, timeZone },
        { db, jobs, list: worksheets.export, streamLimit: exportStreamLimit },
      );
    },
  );

  app.get(
    '/worksheets/:worksheetId',
    { schema: { tags, params: WorksheetParams, response: { 200: WorksheetSchema } } },
    (request) => worksheets.get(request.params.worksheetId),
  );

  app.post(
    '/worksheets',
    { schema: { tags, body: WorksheetCreateSchema, response: { 201: WorksheetSchema } } },
    async (request, reply) =>
      reply.status(201).send(await worksheets.create(request.tenant!, request.body, acting(request))),
  );

  app.post(
    '/worksheets/:worksheetId/close',
    {
      schema: {
        tags,
        params: WorksheetParams,
        body: WorksheetCloseSchema,
        response: { 200: WorksheetSchema },
      },
    },
    (request) => worksheets.close(request.tenant!, request.params.worksheetId, request.body, acting(request)),
  );
};
