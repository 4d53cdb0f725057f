import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EquipmentOwnerListQuerySchema,
  EquipmentOwnerPageSchema,
  OperatorListQuerySchema,
  OperatorPageSchema,
  SubOperatorListQuerySchema,
  SubOperatorPageSchema,
  SubOperatorSyncRequestSchema,
  SubOperatorSyncResultSchema,
} from '@cmp/domain/stations/operators';
import { actorOf } from '../../platform/audit/audit.js';
import type { OperatorsService } from './operators.service.js';

const tags = ['operators'];

export const operatorRoutes: FastifyPluginAsyncZod<{ operators: OperatorsService }> = async (
  app,
  { operators },
) => {
  app.get(
    '/operators',
    {
      schema: {
        tags,
        summary: 'List operators',
        querystring: OperatorListQuerySchema,
        response: { 200: OperatorPageSchema },
      },
    },
    (request) => operators.listOperators(request.query),
  );

  app.get(
    '/equipment-owners',
    {
      schema: {
        tags,
        summary: 'List equipment owners',
        querystring: EquipmentOwnerListQuerySchema,
        response: { 200: EquipmentOwnerPageSchema },
      },
    },
    (request) => operators.listEquipmentOwners(request.query),
  );

  app.get(
    '/sub-operators',
    {
      schema: {
        tags,
        summary: 'List sub-operators',
        querystring: SubOperatorListQuerySchema,
        response: { 200: SubOperatorPageSchema },
      },
    },
    (request) => operators.listSubOperators(request.query),
  );

  app.post(
    '/sub-operators/batch-sync',
    {
      config: { access: { tenantRole: 'operator' } },
      schema: {
        tags,
        summary: 'Sync sub-operators by name',
        body: SubOperatorSyncRequestSchema,
        response: { 200: SubOperatorSyncResultSchema },
      },
    },
    (request) => operators.batchSync(request.body, { tenant: request.tenant!, actor: actorOf(request) }),
  );
};
