import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { Job } from '@cmp/domain';
import {
  ChargingPathExportQuerySchema,
  ChargingPathIdParams,
  ChargingPathInfoSchema,
  ChargingPathListQuerySchema,
  ChargingPathPageSchema,
  ChargingPathRouteSchema,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import { actorOf } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { answerExport } from '../../platform/export/export-route.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { revealsMobiles } from '../accounts/mobile-reveal.js';
import type { ChargingPathsService, PathReader } from './charging-paths.service.js';

const tags = ['charging-paths'];

const readerOf = (request: FastifyRequest): PathReader => ({
  actor: actorOf(request),
  revealMobile: revealsMobiles(request),
});

interface ChargingPathRouteOptions {
  paths: ChargingPathsService;
  db: Db;
  jobs: Jobs;
  exportStreamLimit: number;
}

/**
 * The tenant's charging paths under /api/{tenant}/charging-paths (the spec's /chargingPaths calls; mapping
 * in docs/decisions.md "Charging paths"). The around search is the road books' `power/around`.
 */
export const chargingPathRoutes: FastifyPluginAsyncZod<ChargingPathRouteOptions> = async (
  app,
  { paths, db, jobs, exportStreamLimit },
) => {
  app.get(
    '/charging-paths',
    {
      schema: { tags, querystring: ChargingPathListQuerySchema, response: { 200: ChargingPathPageSchema } },
    },
    (request) => paths.list(request.tenant!, request.query, readerOf(request)),
  );

  app.get(
    '/charging-paths/export',
    {
      schema: {
        tags,
        description: 'The file at once (200) up to the stream limit of rows, else an export job (202).',
        querystring: ChargingPathExportQuerySchema,
        response: { 202: Job },
      },
    },
    async (request, reply) => {
      const { format, columns, timeZone, ...filter } = request.query;
      const reader = readerOf(request);
      await paths.auditExport(request.tenant!, filter, reader);
      const query = { ...filter, tenant: request.tenant!, revealMobile: reader.revealMobile };
      return answerExport(
        request,
        reply,
        { query, format, columns, timeZone },
        { db, jobs, list: paths.export, streamLimit: exportStreamLimit },
      );
    },
  );

  app.get(
    '/charging-paths/:pathId',
    { schema: { tags, params: ChargingPathIdParams, response: { 200: ChargingPathInfoSchema } } },
    (request) => paths.get(request.tenant!, request.params.pathId, readerOf(request)),
  );

  app.get(
    '/charging-paths/:pathId/route',
    { schema: { tags, params: ChargingPathIdParams, response: { 200: ChargingPathRouteSchema } } },
    (request) => paths.route(request.tenant!, request.params.pathId),
  );
};
