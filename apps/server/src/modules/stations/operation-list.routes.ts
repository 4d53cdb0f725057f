import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OperationListPageSchema, OperationListQuerySchema } from '@cmp/domain/stations/operation-list-item';
import type { ListExports } from '../../platform/export/export-route.js';
import type { OperationListService } from './operation-list.service.js';

const tags = ['stations'];

interface OperationListRouteOptions {
  operationList: OperationListService;
  listExports: ListExports;
}

/** The operations list of charge and swap stations and its export, under /api/{tenant}. */
export const operationListRoutes: FastifyPluginAsyncZod<OperationListRouteOptions> = async (
  app,
  { operationList, listExports },
) => {
  app.get(
    '/stations',
    {
      schema: {
        tags,
        summary: 'List stations for operations',
        querystring: OperationListQuerySchema,
        response: { 200: OperationListPageSchema },
      },
    },
    (request) => operationList.list({ ...request.query, activityTenant: request.tenant! }),
  );

  listExports.route(app, {
    url: '/stations/export',
    tags,
    summary: 'Export the station operations list',
    filter: OperationListQuerySchema,
    list: operationList.export,
    query: (filter, request) => ({ ...filter, activityTenant: request.tenant! }),
  });
};
