import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { kindOfPath } from '@cmp/domain/invitations/invitation-codes';
import {
  InvitationKindParamsSchema,
  InviteFilterSchema,
  InviteListQuerySchema,
  InvitePageSchema,
  InviteRecordSchema,
  InviteTreeQuerySchema,
  InviteTreeSchema,
} from '@cmp/domain/invitations/invitations';
import { trimmedText } from '@cmp/domain/shared/input';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { revealsMobiles } from '../../platform/auth/mobile-reveal.js';
import type { InvitationReader, InvitationsService } from './invitations.service.js';

const RecordParams = InvitationKindParamsSchema.extend({ userId: trimmedText(64).min(1) });
const tags = ['invitations'];

const readerOf = (request: FastifyRequest): InvitationReader => ({
  revealMobile: revealsMobiles(request),
  actor: actorOf(request),
});
const scopeOf = (request: FastifyRequest, params: z.infer<typeof InvitationKindParamsSchema>) => ({
  tenant: request.tenant!,
  kind: kindOfPath(params.kind),
});

interface InvitationRouteOptions {
  invitations: InvitationsService;
  listExports: ListExports;
}

/**
 * Invitations of the tenant under /api/{tenant}/invitations/{register|car-purchase}: the spec's
 * invite-register-relations (list and a user's record) and invite-car-purchase list, each kind's export,
 * and an inviter's tree of invitees.
 */
export const invitationRoutes: FastifyPluginAsyncZod<InvitationRouteOptions> = async (
  app,
  { invitations, listExports },
) => {
  app.get(
    '/invitations/:kind',
    {
      schema: {
        tags,
        summary: 'List invitations',
        description:
          'The invite list of a kind (spec: GET invite-register-relations, GET invite-car-purchase/list), ' +
          'newest first, 20 a page; the mobile filter is the invitee’s, whole.',
        params: InvitationKindParamsSchema,
        querystring: InviteListQuerySchema,
        response: { 200: InvitePageSchema },
      },
    },
    (request) => invitations.list(scopeOf(request, request.params), request.query, readerOf(request)),
  );

  listExports.route(app, {
    url: '/invitations/:kind/export',
    tags,
    summary: 'Export invitations',
    params: InvitationKindParamsSchema,
    filter: InviteFilterSchema,
    list: invitations.export,
    query: async (filter, request) => {
      const query = { ...filter, ...scopeOf(request, request.params), revealMobile: revealsMobiles(request) };
      await invitations.auditExport(query, actorOf(request));
      return query;
    },
  });

  app.get(
    '/invitations/:kind/tree',
    {
      schema: {
        tags,
        summary: "Get an inviter's invitee tree",
        description:
          'The invitees of an inviter level by level (depth 1–3, at most 50 under each, 1,000 in all), ' +
          'each with how many it invited; a screen expands a node by asking again with its account id.',
        params: InvitationKindParamsSchema,
        querystring: InviteTreeQuerySchema,
        response: { 200: InviteTreeSchema },
      },
    },
    (request) => invitations.tree(scopeOf(request, request.params), request.query, readerOf(request)),
  );

  app.get(
    '/invitations/:kind/:userId/info',
    {
      schema: {
        tags,
        summary: "Get a user's invite record",
        description:
          'A user’s invite record (spec: GET invite-register-relations/{id}/info): who invited them, how ' +
          'many they invited, their account.',
        params: RecordParams,
        response: { 200: InviteRecordSchema },
      },
    },
    (request) =>
      invitations.record(scopeOf(request, request.params), request.params.userId, readerOf(request)),
  );
};
