import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountDeleteResultSchema,
  AccountIngestResultSchema,
  AccountIngestSchema,
  CarIngestResultSchema,
  CarIngestSchema,
  CarUnbindResultSchema,
} from '@cmp/domain/accounts/account-ingest';
import { AccountIdSchema } from '@cmp/domain/accounts/account-contracts';
import { trimmedText } from '@cmp/domain/shared/input';
import type { AccountIngestService } from './account-ingest.service.js';

const tags = ['app: accounts'];
const SIGNED =
  'Signed with the app back end’s secret (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); ' +
  'the tenant is the client’s.';

/** What the tenant's account and vehicle services send, under /api/app, registered through `signedRoutes`. */
export const accountAppRoutes: FastifyPluginAsyncZod<{ ingest: AccountIngestService }> = async (
  app,
  { ingest },
) => {
  app.post(
    '/app/accounts',
    {
      schema: {
        tags,
        summary: 'Create or update an account',
        description: `An account, by its accountId: 201 when new, 200 when it updated it (or was older). ${SIGNED}`,
        body: AccountIngestSchema,
        response: { 200: AccountIngestResultSchema, 201: AccountIngestResultSchema },
      },
    },
    async (request, reply) => {
      const { created } = await ingest.upsertAccount(request.signedClient!, request.body);
      return reply.status(created ? 201 : 200).send({ accountId: request.body.accountId, created });
    },
  );

  app.delete(
    '/app/accounts/:accountId',
    {
      schema: {
        tags,
        summary: 'Mark an account deleted',
        description: `The account was deleted: kept, marked isDelete; 404 user_not_found if never sent. ${SIGNED}`,
        params: z.object({ accountId: AccountIdSchema }),
        response: { 200: AccountDeleteResultSchema },
      },
    },
    async (request) => {
      await ingest.deleteAccount(request.signedClient!, request.params.accountId);
      return { accountId: request.params.accountId, isDelete: true as const };
    },
  );

  app.post(
    '/app/cars',
    {
      schema: {
        tags,
        summary: 'Create or update a personal car',
        description: `A personal car, by its vehicleId; its account must have been sent. ${SIGNED}`,
        body: CarIngestSchema,
        response: { 200: CarIngestResultSchema, 201: CarIngestResultSchema },
      },
    },
    async (request, reply) => {
      const { created } = await ingest.upsertCar(request.signedClient!, request.body);
      return reply.status(created ? 201 : 200).send({ vehicleId: request.body.vehicleId, created });
    },
  );

  app.delete(
    '/app/cars/:vehicleId',
    {
      schema: {
        tags,
        summary: 'Unbind a personal car',
        description: `The user unbound the car: kept, bindingStatus unbound. ${SIGNED}`,
        params: z.object({ vehicleId: trimmedText(64).min(1) }),
        response: { 200: CarUnbindResultSchema },
      },
    },
    async (request) => {
      await ingest.unbindCar(request.signedClient!, request.params.vehicleId);
      return { vehicleId: request.params.vehicleId, bindingStatus: 'unbound' as const };
    },
  );
};
