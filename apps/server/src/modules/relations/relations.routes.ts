import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RelationBindSchema,
  RelationFilterSchema,
  RelationListQuerySchema,
  RelationPageSchema,
  RelationSchema,
  RelationUnbindSchema,
} from '@cmp/domain/accounts/relation-contracts';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { revealsMobiles } from '../../platform/auth/mobile-reveal.js';
import type { RelationsService } from './relations.service.js';

const tags = ['relations'];
/** The spec's list takes its filter in a body; it only reads, so a viewer may make it. */
const READING = { access: { tenantRole: 'viewer' as const } };

interface RelationRouteOptions {
  relations: RelationsService;
  listExports: ListExports;
}

/** Relations of the tenant's app accounts to stations under /api/{tenant}/relations: list, bind, unbind. */
export const relationRoutes: FastifyPluginAsyncZod<RelationRouteOptions> = async (
  app,
  { relations, listExports },
) => {
  app.post(
    '/relations/search',
    {
      config: READING,
      schema: {
        tags,
        summary: 'Search station relations',
        body: RelationListQuerySchema,
        response: { 200: RelationPageSchema },
      },
    },
    (request) =>
      relations.list(
        request.tenant!,
        request.body,
        { revealMobile: revealsMobiles(request) },
        actorOf(request),
      ),
  );

  listExports.route(app, {
    url: '/relations/export',
    tags,
    summary: 'Export station relations',
    filter: RelationFilterSchema,
    list: relations.export,
    query: async (filter, request) => {
      const query = { ...filter, tenant: request.tenant!, revealMobile: revealsMobiles(request) };
      await relations.auditExport(request.tenant!, query, actorOf(request));
      return query;
    },
  });

  app.post(
    '/relations/bind',
    {
      schema: {
        tags,
        summary: 'Bind an account to a station',
        description:
          'Binds an account of the tenant to a station: 404 user_not_found for an account the tenant does ' +
          'not have, 404 for an unknown station, 409 for a second live relation of the same type.',
        body: RelationBindSchema,
        response: { 201: RelationSchema },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const bound = await relations.bind(
        request.tenant!,
        {
          resourceId: body.resource_id,
          resourceType: body.resource_type,
          resourceOriginId: body.resource_origin_id,
          accountId: body.account_id,
          relationType: body.relation_type,
          bindReason: body.bind_reason,
          source: 'portal',
        },
        actorOf(request),
      );
      const relation = await relations.get(request.tenant!, bound.relationId, {
        revealMobile: revealsMobiles(request),
      });
      return reply.status(201).send(relation);
    },
  );

  app.post(
    '/relations/unbind',
    {
      schema: {
        tags,
        summary: 'Unbind a station relation',
        description: 'Unbinds a relation with a reason: 404 for an unknown one, 422 when already unbound.',
        body: RelationUnbindSchema,
        response: { 200: RelationSchema },
      },
    },
    async (request) => {
      const { relation_id: relationId, unbind_reason: unbindReason } = request.body;
      await relations.unbind(request.tenant!, { relationId, unbindReason }, actorOf(request));
      return relations.get(request.tenant!, relationId, { revealMobile: revealsMobiles(request) });
    },
  );
};
