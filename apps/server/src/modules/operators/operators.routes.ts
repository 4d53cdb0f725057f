import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OperationListPageSchema } from '@cmp/domain/stations/operation-list-item';
import {
  EquipmentOwnerFilterSchema,
  EquipmentOwnerListQuerySchema,
  EquipmentOwnerPageSchema,
  OperatorCreateRequestSchema,
  OperatorDetailSchema,
  OperatorFilterSchema,
  OperatorIdParam,
  OperatorListQuerySchema,
  OperatorPageSchema,
  OperatorStationsQuerySchema,
  OperatorUpdateRequestSchema,
  SubOperatorFilterSchema,
  SubOperatorListQuerySchema,
  SubOperatorPageSchema,
  SubOperatorSyncRequestSchema,
  SubOperatorSyncResultSchema,
} from '@cmp/domain/stations/operators';
import { actorOf, tenantActing } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { OperatorsService } from './operators.service.js';

const tags = ['operators'];

const OPERATOR = { access: { tenantRole: 'operator' as const } };

export const operatorRoutes: FastifyPluginAsyncZod<{
  operators: OperatorsService;
  listExports: ListExports;
}> = async (app, { operators, listExports }) => {
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

  listExports.route(app, {
    url: '/operators/export',
    tags,
    summary: 'Export operators',
    filter: OperatorFilterSchema,
    list: operators.operatorExport,
    query: (filter) => filter,
  });

  app.post(
    '/operators',
    {
      config: OPERATOR,
      schema: {
        tags,
        summary: 'Create an operator',
        body: OperatorCreateRequestSchema,
        response: { 200: OperatorDetailSchema },
      },
    },
    (request) => operators.createOperator(request.body, tenantActing(request)),
  );

  app.get(
    '/operators/:operatorId',
    {
      schema: {
        tags,
        summary: 'Get an operator with its equipment owner and station counts',
        params: OperatorIdParam,
        response: { 200: OperatorDetailSchema },
      },
    },
    (request) => operators.getOperator(request.params.operatorId),
  );

  app.put(
    '/operators/:operatorId',
    {
      config: OPERATOR,
      schema: {
        tags,
        summary: 'Update an operator',
        params: OperatorIdParam,
        body: OperatorUpdateRequestSchema,
        response: { 200: OperatorDetailSchema },
      },
    },
    (request) => operators.updateOperator(request.params.operatorId, request.body, tenantActing(request)),
  );

  app.get(
    '/operators/:operatorId/stations',
    {
      schema: {
        tags,
        summary: "List an operator's stations",
        params: OperatorIdParam,
        querystring: OperatorStationsQuerySchema,
        response: { 200: OperationListPageSchema },
      },
    },
    (request) => operators.listStationsOf(request.params.operatorId, request.query),
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

  listExports.route(app, {
    url: '/equipment-owners/export',
    tags,
    summary: 'Export equipment owners',
    filter: EquipmentOwnerFilterSchema,
    list: operators.equipmentOwnerExport,
    query: (filter) => filter,
  });

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

  listExports.route(app, {
    url: '/sub-operators/export',
    tags,
    summary: 'Export sub-operators',
    filter: SubOperatorFilterSchema,
    list: operators.subOperatorExport,
    query: (filter) => filter,
  });

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
