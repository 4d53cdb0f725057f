import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  WorksheetCloseSchema,
  WorksheetCreateSchema,
  WorksheetFilterSchema,
  WorksheetListQuerySchema,
  WorksheetPageSchema,
  WorksheetSchema,
} from '@cmp/domain/stations/worksheets';
import { idParam, INT8 } from '@cmp/domain/shared/input';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { ActingStaff, WorksheetsService } from './worksheets.service.js';

const WorksheetParams = z.object({ worksheetId: idParam(INT8) });
const tags = ['worksheets'];

const acting = (request: FastifyRequest): ActingStaff => ({
  actor: actorOf(request),
  displayName: request.auth!.user.displayName,
});

interface WorksheetRouteOptions {
  worksheets: WorksheetsService;
  listExports: ListExports;
}

/** Worksheets (work orders) on stations and the list's export, under /api/{tenant}. */
export const worksheetRoutes: FastifyPluginAsyncZod<WorksheetRouteOptions> = async (
  app,
  { worksheets, listExports },
) => {
  app.get(
    '/worksheets',
    {
      schema: {
        tags,
        summary: 'List worksheets',
        querystring: WorksheetListQuerySchema,
        response: { 200: WorksheetPageSchema },
      },
    },
    (request) => worksheets.list(request.query),
  );

  listExports.route(app, {
    url: '/worksheets/export',
    tags,
    summary: 'Export worksheets',
    filter: WorksheetFilterSchema,
    list: worksheets.export,
    query: (filter) => filter,
  });

  app.get(
    '/worksheets/:worksheetId',
    {
      schema: {
        tags,
        summary: 'Get a worksheet',
        params: WorksheetParams,
        response: { 200: WorksheetSchema },
      },
    },
    (request) => worksheets.get(request.params.worksheetId),
  );

  app.post(
    '/worksheets',
    {
      schema: {
        tags,
        summary: 'Create a worksheet',
        body: WorksheetCreateSchema,
        response: { 201: WorksheetSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await worksheets.create(request.tenant!, request.body, acting(request))),
  );

  app.post(
    '/worksheets/:worksheetId/close',
    {
      schema: {
        tags,
        summary: 'Close a worksheet',
        params: WorksheetParams,
        body: WorksheetCloseSchema,
        response: { 200: WorksheetSchema },
      },
    },
    (request) => worksheets.close(request.tenant!, request.params.worksheetId, request.body, acting(request)),
  );
};
