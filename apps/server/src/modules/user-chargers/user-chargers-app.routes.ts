import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserChargerIngestResultSchema, UserChargerIngestSchema } from '@cmp/domain/accounts/user-chargers';
import { trimmedText } from '@cmp/domain/shared/input';
import type { UserChargersService } from './user-chargers.service.js';

const tags = ['app: user chargers'];
const SIGNED =
  'Signed with the app back end’s secret (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); ' +
  'the tenant is the client’s.';

/** The home chargers the app back end sends, under /api/app, registered through `signedRoutes`. */
export const userChargerAppRoutes: FastifyPluginAsyncZod<{ chargers: UserChargersService }> = async (
  app,
  { chargers },
) => {
  app.post(
    '/app/user-chargers',
    {
      schema: {
        tags,
        summary: 'Create or update a home charger',
        description:
          'A home charger bound to a user (the user resource), by its resourceId: 201 when new, 200 when it ' +
          `updated it (or was older); 404 user_not_found when the owner's account was never sent. ${SIGNED}`,
        body: UserChargerIngestSchema,
        response: { 200: UserChargerIngestResultSchema, 201: UserChargerIngestResultSchema },
      },
    },
    async (request, reply) => {
      const { created } = await chargers.upsert(request.signedClient!, request.body);
      return reply.status(created ? 201 : 200).send({ resourceId: request.body.resourceId, created });
    },
  );

  app.delete(
    '/app/user-chargers/:resourceId',
    {
      schema: {
        tags,
        summary: 'Unbind a home charger',
        description: `The user unbound the charger: 204, or 404 for a charger never sent. ${SIGNED}`,
        params: z.object({ resourceId: trimmedText(64).min(1) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await chargers.remove(request.signedClient!, request.params.resourceId);
      return reply.status(204).send(null);
    },
  );
};
