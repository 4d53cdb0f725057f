import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PowerAroundQuerySchema,
  PowerAroundResponseSchema,
  PowerSearchQuerySchema,
  PowerSearchResponseSchema,
  RoadBookDetailSchema,
  RoadBookFilterSchema,
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
import type { ListExports } from '../../platform/export/export-route.js';
import { PlannerLoadingSchema, plannerReady } from './planner-loading.js';
import type { RoadBookActing, RoadBooksService } from './road-books.service.js';

const tags = ['road-books'];

const acting = (request: FastifyRequest): RoadBookActing => ({
  actor: actorOf(request),
  displayName: request.auth!.user.displayName,
});

interface RoadBookRouteOptions {
  roadBooks: RoadBooksService;
  listExports: ListExports;
  /** How long a plan waits for the planner's station index while it is built (ROUTE_PLANNER_WAIT_MS). */
  plannerWaitMs: number;
}

/**
 * Road books under /api/{tenant}/road-books (the spec's /chargingRoadBook calls; mapping in
 * docs/decisions.md "Road books"). Planning is a POST with the filter in the body: like every tenant POST
 * it needs the operator role, except where a route says viewers may plan. Every route that plans (or
 * searches the planner's index) answers 503 `planner_loading` while the index is being built.
 */
export const roadBookRoutes: FastifyPluginAsyncZod<RoadBookRouteOptions> = async (
  app,
  { roadBooks, listExports, plannerWaitMs },
) => {
  const preHandler = plannerReady(roadBooks, plannerWaitMs);

  app.get(
    '/road-books',
    {
      schema: {
        tags,
        summary: 'List road books',
        querystring: RoadBookListQuerySchema,
        response: { 200: RoadBookPageSchema },
      },
    },
    (request) => roadBooks.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/road-books/export',
    tags,
    summary: 'Export road books',
    filter: RoadBookFilterSchema,
    list: roadBooks.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.post(
    '/road-books',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Create a road book',
        body: RoadBookSaveSchema,
        response: { 201: RoadBookDetailSchema, 503: PlannerLoadingSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await roadBooks.create(request.tenant!, request.body, acting(request))),
  );

  app.get(
    '/road-books/routes',
    {
      schema: {
        tags,
        summary: 'List road book routes',
        querystring: RoadBookRouteListQuerySchema,
        response: { 200: RoadBookRoutePageSchema },
      },
    },
    (request) => roadBooks.routes(request.tenant!, request.query),
  );

  app.post(
    '/road-books/route/options',
    {
      // Planning only computes; POST carries the request, and viewers may plan as they may read.
      config: { access: { tenantRole: 'viewer' } },
      preHandler,
      schema: {
        tags,
        summary: 'Plan route options',
        body: RoutePlanningRequestSchema,
        response: { 200: RoutePlanListResponseSchema, 503: PlannerLoadingSchema },
      },
    },
    (request) => roadBooks.options(request.body),
  );

  app.post(
    '/road-books/route/preview',
    {
      // Planning only computes; POST carries the request, and viewers may plan as they may read.
      config: { access: { tenantRole: 'viewer' } },
      preHandler,
      schema: {
        tags,
        summary: 'Preview a route through chosen stations',
        body: RoutePlanningRequestSchema,
        response: { 200: RoutePlanListResponseSchema, 503: PlannerLoadingSchema },
      },
    },
    (request) => roadBooks.preview(request.body),
  );

  app.get(
    '/road-books/power/search',
    {
      schema: {
        tags,
        summary: 'Search stations by place or name',
        querystring: PowerSearchQuerySchema,
        response: { 200: PowerSearchResponseSchema },
      },
    },
    (request) => roadBooks.powerSearch(request.query),
  );

  app.get(
    '/road-books/power/around',
    {
      preHandler,
      schema: {
        tags,
        summary: 'List plannable stations around a point',
        querystring: PowerAroundQuerySchema,
        response: { 200: PowerAroundResponseSchema, 503: PlannerLoadingSchema },
      },
    },
    (request) => roadBooks.powerAround(request.query),
  );

  app.get(
    '/road-books/:roadBookId',
    {
      schema: {
        tags,
        summary: 'Get a road book',
        params: RoadBookIdParams,
        response: { 200: RoadBookDetailSchema },
      },
    },
    (request) => roadBooks.get(request.tenant!, request.params.roadBookId),
  );

  app.put(
    '/road-books/:roadBookId',
    {
      schema: {
        tags,
        summary: 'Update a road book',
        params: RoadBookIdParams,
        body: RoadBookSaveSchema,
        response: { 200: RoadBookDetailSchema, 503: PlannerLoadingSchema },
      },
      preHandler,
    },
    (request) => roadBooks.update(request.tenant!, request.params.roadBookId, request.body, acting(request)),
  );

  app.get(
    '/road-books/:roadBookId/route',
    {
      schema: {
        tags,
        summary: "Get a road book's route",
        params: RoadBookIdParams,
        response: { 200: RoadBookRouteSchema },
      },
    },
    (request) => roadBooks.route(request.tenant!, request.params.roadBookId),
  );

  app.delete(
    '/road-books/:roadBookId/route',
    {
      schema: {
        tags,
        summary: "Delete a road book's route",
        params: RoadBookIdParams,
        response: { 200: RoadBookDetailSchema },
      },
    },
    (request) => roadBooks.deleteRoute(request.tenant!, request.params.roadBookId, acting(request)),
  );

  app.get(
    '/road-books/:roadBookId/share',
    {
      schema: {
        tags,
        summary: "Get a road book's share link",
        params: RoadBookIdParams,
        response: { 200: RoadBookShareSchema },
      },
    },
    (request) => roadBooks.currentShare(request.tenant!, request.params.roadBookId),
  );

  app.post(
    '/road-books/:roadBookId/share',
    {
      schema: {
        tags,
        summary: 'Share a road book',
        params: RoadBookIdParams,
        response: { 200: RoadBookShareSchema },
      },
    },
    (request) => roadBooks.share(request.tenant!, request.params.roadBookId, acting(request)),
  );

  app.delete(
    '/road-books/:roadBookId/share',
    {
      schema: {
        tags,
        summary: "Revoke a road book's share link",
        params: RoadBookIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await roadBooks.revokeShare(request.tenant!, request.params.roadBookId, acting(request));
      return reply.status(204).send(null);
    },
  );
};
