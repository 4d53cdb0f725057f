import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChargingPathIdParams,
  ChargingPathPlanSchema,
  ChargingPathRatingSchema,
  ChargingPathSchema,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import type { ChargingPathPlanning } from './charging-path-planning.service.js';

const tags = ['app: charging paths'];

/** The app back end's path calls under /api/app, registered through `signedRoutes(APP_BACKEND_CLIENT)`. */
export const chargingPathAppRoutes: FastifyPluginAsyncZod<{ planning: ChargingPathPlanning }> = async (
  app,
  { planning },
) => {
  app.post(
    '/app/charging-paths',
    {
      schema: {
        tags,
        summary: 'Plan and record a charging path',
        description:
          "Plans a user's trip with the portal's route planner and records it as a charging path (201). " +
          '404 user_not_found for an account the tenant does not have; 502 routing_failed when the routing ' +
          'server fails (nothing is recorded). No road between the points is recorded with status no_route.',
        body: ChargingPathPlanSchema,
        response: { 201: ChargingPathSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await planning.plan(request.signedClient!.tenant, request.body)),
  );

  app.post(
    '/app/charging-paths/:pathId/rating',
    {
      schema: {
        tags,
        summary: 'Rate a charging path',
        description:
          "The user's rating of a path of the tenant (1–5 and an optional text); a later one replaces it.",
        params: ChargingPathIdParams,
        body: ChargingPathRatingSchema,
        response: { 200: ChargingPathSchema },
      },
    },
    (request) => planning.rate(request.signedClient!.tenant, request.params.pathId, request.body),
  );
};
