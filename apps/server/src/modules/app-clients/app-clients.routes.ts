import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppClientListSchema,
  AppClientSaveSchema,
  AppClientSchema,
  AppClientSecretSchema,
} from '@cmp/domain/platform/app-clients';
import { text } from '@cmp/domain/shared/input';
import { actorOf } from '../../platform/audit/audit.js';
import type { AppClientsService } from './app-clients.service.js';

const ClientParams = z.object({ clientId: text(64).min(1) });
const tags = ['app clients'];
/** App back ends hold keys into the portal: only the tenant's admins see and change them. */
const ADMIN = { access: { tenantRole: 'admin' as const } };

/** The tenant's app back ends under /api/{tenant}/app-clients. */
export const appClientRoutes: FastifyPluginAsyncZod<{ clients: AppClientsService }> = async (
  app,
  { clients },
) => {
  app.get(
    '/app-clients',
    { config: ADMIN, schema: { tags, summary: 'List app clients', response: { 200: AppClientListSchema } } },
    async (request) => ({ items: await clients.list(request.tenant!) }),
  );

  app.post(
    '/app-clients',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Create an app client',
        description:
          'Answers the secret code once, with the portal public key; the secret is not stored and cannot be read again.',
        body: AppClientSaveSchema,
        response: { 201: AppClientSecretSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await clients.create(request.tenant!, request.body, actorOf(request))),
  );

  app.put(
    '/app-clients/:clientId',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Update an app client',
        description: 'Name, description and state: a disabled client’s requests are refused.',
        params: ClientParams,
        body: AppClientSaveSchema,
        response: { 200: AppClientSchema },
      },
    },
    (request) => clients.update(request.tenant!, request.params.clientId, request.body, actorOf(request)),
  );

  app.delete(
    '/app-clients/:clientId',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Delete an app client',
        description: 'Its secret stops working at once.',
        params: ClientParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await clients.remove(request.tenant!, request.params.clientId, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/app-clients/:clientId/rotate-secret',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Rotate an app client secret',
        description: 'A new secret code, answered once; the old one stops working at once.',
        params: ClientParams,
        response: { 200: AppClientSecretSchema },
      },
    },
    (request) => clients.rotateSecret(request.tenant!, request.params.clientId, actorOf(request)),
  );
};
