import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ChargingPathFilterSchema,
  ChargingPathIdParams,
  ChargingPathInfoSchema,
  ChargingPathListQuerySchema,
  ChargingPathPageSchema,
  ChargingPathRouteSchema,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { revealsMobiles } from '../../platform/auth/mobile-reveal.js';
import type { ChargingPathsService, PathReader } from './charging-paths.service.js';

const tags = ['charging-paths'];

const readerOf = (request: FastifyRequest): PathReader => ({
  actor: actorOf(request),
  revealMobile: revealsMobiles(request),
});

interface ChargingPathRouteOptions {
  paths: ChargingPathsService;
  listExports: ListExports;
}

/**
 * The tenant's charging paths under /api/{tenant}/charging-paths (the spec's /chargingPaths calls; mapping
 * in docs/decisions.md "Charging paths"). The around search is the road books' `power/around`.
 */
export const chargingPathRoutes: FastifyPluginAsyncZod<ChargingPathRouteOptions> = async (
  app,
  { paths, listExports },
) => {
  app.get(
    '/charging-paths',
    {
      schema: {
        tags,
        summary: 'List charging paths',
        querystring: ChargingPathListQuerySchema,
        response: { 200: ChargingPathPageSchema },
      },
    },
    (request) => paths.list(request.tenant!, request.query, readerOf(request)),
  );

  listExports.route(app, {
    url: '/charging-paths/export',
    tags,
    summary: 'Export charging paths',
    filter: ChargingPathFilterSchema,
    list: paths.export,
    query: async (filter, request) => {
      const reader = readerOf(request);
      await paths.auditExport(request.tenant!, filter, reader);
      return { ...filter, tenant: request.tenant!, revealMobile: reader.revealMobile };
    },
  });

  app.get(
    '/charging-paths/:pathId',
    {
      schema: {
        tags,
        summary: 'Get a charging path',
        params: ChargingPathIdParams,
        response: { 200: ChargingPathInfoSchema },
      },
    },
    (request) => paths.get(request.tenant!, request.params.pathId, readerOf(request)),
  );

  app.get(
    '/charging-paths/:pathId/route',
    {
      schema: {
        tags,
        summary: "Get a charging path's route",
        params: ChargingPathIdParams,
        response: { 200: ChargingPathRouteSchema },
      },
    },
    (request) => paths.route(request.tenant!, request.params.pathId),
  );
};
