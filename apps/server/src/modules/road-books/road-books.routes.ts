import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PowerAroundQuerySchema,
  PowerAroundResponseSchema,
  PowerSearchQuerySchema,
  PowerSearchResponseSchema,
  RoadBookDetailSchema,
  RoadBookIdParams,
  RoadBookListQuerySchema,
  RoadBookPageSchema,
  RoadBookRouteListQuerySchema,
  RoadBookRoutePageSchema,
  RoadBookRouteSchema,
  RoadBookSaveSchema,
  RoadBookShareSchema,
  RoutePlanListResponseSchema,
  RoutePlanningRequestSchema,
} from '@cmp/domain/road-books/road-book';
import { actorOf } from '../../platform/audit/audit.js';
import type { RoadBookActing, RoadBooksService } from './road-books.service.js';

const tags = ['road-books'];

const acting = (request: FastifyRequest): RoadBookActing => ({
  actor: actorOf(request),
  displayName: request.auth!.user.displayName,
});

/**
 * Road books under /api/{tenant}/road-books (the spec's /chargingRoadBook calls; mapping in
 * docs/decisions.md "Road books"). Planning is a POST with the filter in the body: like every tenant POST
 * it needs the operator role.
 */
export const roadBookRoutes: FastifyPluginAsyncZod<{ roadBooks: RoadBooksService }> = async (
  app,
  { roadBooks },
) => {
  app.get(
    '/road-books',
    { schema: { tags, querystring: RoadBookListQuerySchema, response: { 200: RoadBookPageSchema } } },
    (request) => roadBooks.list(request.tenant!, request.query),
  );

  app.post(
    '/road-books',
    { schema: { tags, body: RoadBookSaveSchema, response: { 201: RoadBookDetailSchema } } },
    async (request, reply) =>
      reply.status(201).send(await roadBooks.create(request.tenant!, request.body, acting(request))),
  );

  app.get(
    '/road-books/routes',
    {
      schema: { tags, querystring: RoadBookRouteListQuerySchema, response: { 200: RoadBookRoutePageSchema } },
    },
    (request) => roadBooks.routes(request.tenant!, request.query),
  );

  app.post(
    '/road-books/route/options',
    {
      // Planning only computes; POST carries the request, and viewers may plan as they may read.
      config: { access: { tenantRole: 'viewer' } },
      schema: { tags, body: RoutePlanningRequestSchema, response: { 200: RoutePlanListResponseSchema } },
    },
    (request) => roadBooks.options(request.body),
  );

  app.post(
    '/road-books/route/preview',
    {
      // Planning only computes; POST carries the request, and viewers may plan as they may read.
      config: { access: { tenantRole: 'viewer' } },
      schema: { tags, body: RoutePlanningRequestSchema, response: { 200: RoutePlanListResponseSchema } },
    },
    (request) => roadBooks.preview(request.body),
  );

  app.get(
    '/road-books/power/search',
    { schema: { tags, querystring: PowerSearchQuerySchema, response: { 200: PowerSearchResponseSchema } } },
    (request) => roadBooks.powerSearch(request.query),
  );

  app.get(
    '/road-books/power/around',
    { schema: { tags, querystring: PowerAroundQuerySchema, response: { 200: PowerAroundResponseSchema } } },
    (request) => roadBooks.powerAround(request.query),
  );

  app.get(
    '/road-books/:roadBookId',
    { schema: { tags, params: RoadBookIdParams, response: { 200: RoadBookDetailSchema } } },
    (request) => roadBooks.get(request.tenant!, request.params.roadBookId),
  );

  app.put(
    '/road-books/:roadBookId',
    {
      schema: {
        tags,
        params: RoadBookIdParams,
        body: RoadBookSaveSchema,
        response: { 200: RoadBookDetailSchema },
      },
    },
    (request) => roadBooks.update(request.tenant!, request.params.roadBookId, request.body, acting(request)),
  );

  app.get(
    '/road-books/:roadBookId/route',
    { schema: { tags, params: RoadBookIdParams, response: { 200: RoadBookRouteSchema } } },
    (request) => roadBooks.route(request.tenant!, request.params.roadBookId),
  );

  app.delete(
    '/road-books/:roadBookId/route',
    { schema: { tags, params: RoadBookIdParams, response: { 200: RoadBookDetailSchema } } },
    (request) => roadBooks.deleteRoute(request.tenant!, request.params.roadBookId, acting(request)),
  );

  app.get(
    '/road-books/:roadBookId/share',
    { schema: { tags, params: RoadBookIdParams, response: { 200: RoadBookShareSchema } } },
    (request) => roadBooks.currentShare(request.tenant!, request.params.roadBookId),
  );

  app.post(
    '/road-books/:roadBookId/share',
    { schema: { tags, params: RoadBookIdParams, response: { 200: RoadBookShareSchema } } },
    (request) => roadBooks.share(request.tenant!, request.params.roadBookId, acting(request)),
  );

  app.delete(
    '/road-books/:roadBookId/share',
    { schema: { tags, params: RoadBookIdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await roadBooks.revokeShare(request.tenant!, request.params.roadBookId, acting(request));
      return reply.status(204).send(null);
    },
  );
};
