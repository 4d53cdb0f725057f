import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppRelationBindSchema,
  RelationRecordSchema,
  RelationUnbindSchema,
} from '@cmp/domain/accounts/relation-contracts';
import type { Actor } from '../../platform/audit/audit.js';
import type { FastifyRequest } from 'fastify';
import type { RelationsService } from './relations.service.js';

const tags = ['app: relations'];
const SIGNED =
  'Signed by the app back end (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); the tenant ' +
  "is the client's.";

/** The app back end acts as itself: its client id is who bound or unbound, in the station's history too. */
const appActor = (request: FastifyRequest): Actor => ({
  userId: null,
  userName: request.signedClient!.clientId,
  type: 'system',
  requestId: request.id,
});

/** The app side's relation calls, POST /api/app/relations/bind and /unbind, registered through `signedRoutes`. */
export const relationAppRoutes: FastifyPluginAsyncZod<{ relations: RelationsService }> = async (
  app,
  { relations },
) => {
  app.post(
    '/app/relations/bind',
    {
      schema: {
        tags,
        summary: 'Bind an account to a station from the app',
        description: `${SIGNED} Binds an account to a station with source app; 404 user_not_found, 409 as the portal's.`,
        body: AppRelationBindSchema,
        response: { 201: RelationRecordSchema },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const bound = await relations.bind(
        request.signedClient!.tenant,
        {
          resourceId: body.resource_id,
          resourceType: body.resource_type,
          resourceOriginId: body.resource_origin_id,
          accountId: body.account_id,
          relationType: body.relation_type,
          bindReason: body.bind_reason,
          source: 'app',
        },
        appActor(request),
      );
      return reply.status(201).send(bound);
    },
  );

  app.post(
    '/app/relations/unbind',
    {
      schema: {
        tags,
        summary: 'Unbind a station relation from the app',
        description: `${SIGNED} Unbinds a relation of the tenant with a reason; 422 when already unbound.`,
        body: RelationUnbindSchema,
        response: { 200: RelationRecordSchema },
      },
    },
    (request) =>
      relations.unbind(
        request.signedClient!.tenant,
        { relationId: request.body.relation_id, unbindReason: request.body.unbind_reason },
        appActor(request),
      ),
  );
};
