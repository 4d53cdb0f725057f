import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvitationIngestResultSchema, InvitationIngestSchema } from '@cmp/domain/invitations/invitations';
import type { InvitationIngestService } from './invitation-ingest.service.js';

/** The app back end's call, POST /api/app/invitations, registered through `signedRoutes`. */
export const invitationAppRoutes: FastifyPluginAsyncZod<{ ingest: InvitationIngestService }> = async (
  app,
  { ingest },
) => {
  app.post(
    '/app/invitations',
    {
      schema: {
        tags: ['app: invitations'],
        summary: 'Receive an invitation',
        description:
          'An invitation from the tenant’s app back end, signed with its secret (x-cmp-key-id, x-cmp-timestamp, ' +
          'x-cmp-nonce, x-cmp-signature). 201 when new, 200 when it updated the invitation of the same kind ' +
          'and externalId; 422 when a user invites themself, 409 when the externalId names other parties.',
        body: InvitationIngestSchema,
        response: { 200: InvitationIngestResultSchema, 201: InvitationIngestResultSchema },
      },
    },
    async (request, reply) => {
      const result = await ingest.receive(request.signedClient!, request.body);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );
};
