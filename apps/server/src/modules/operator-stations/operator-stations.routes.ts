import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VirtualStationDeleteQuerySchema,
  VirtualStationFieldsSchema,
  VirtualStationFilterSchema,
  VirtualStationListQuerySchema,
  VirtualStationPageSchema,
  VirtualStationParamsSchema,
  VirtualStationSchema,
  VirtualStationUpdateSchema,
} from '@cmp/domain/stations/virtual-stations';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { OperatorStationsService } from './operator-stations.service.js';

const tags = ['operator-stations'];

interface OperatorStationRouteOptions {
  stations: OperatorStationsService;
  listExports: ListExports;
}

/**
 * The tenant's operator stations under /api/{tenant}/operator-stations (the spec's /pe-oss/v1/vpc/stations:
 * its POST …/{id} is a PUT here and its GET …/{id}/remove a DELETE).
 */
export const operatorStationRoutes: FastifyPluginAsyncZod<OperatorStationRouteOptions> = async (
  app,
  { stations, listExports },
) => {
  app.get(
    '/operator-stations',
    {
      schema: {
        tags,
        querystring: VirtualStationListQuerySchema,
        response: { 200: VirtualStationPageSchema },
      },
    },
    (request) => stations.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/operator-stations/export',
    tags,
    filter: VirtualStationFilterSchema,
    list: stations.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.get(
    '/operator-stations/:connectorId',
    {
      schema: {
        tags,
        description: '404 for a connector the tenant has no operator station on.',
        params: VirtualStationParamsSchema,
        response: { 200: VirtualStationSchema },
      },
    },
    (request) => stations.get(request.tenant!, request.params.connectorId),
  );

  app.post(
    '/operator-stations',
    {
      schema: {
        tags,
        description:
          'Creates an operator station: 409 for a connector the tenant has one on, 422 for an operator, ' +
          'equipment owner or sub-operator that does not exist.',
        body: VirtualStationFieldsSchema,
        response: { 201: VirtualStationSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await stations.create(request.tenant!, request.body, actorOf(request))),
  );

  app.put(
    '/operator-stations/:connectorId',
    {
      schema: {
        tags,
        description:
          'Replaces the fields from the version read: 409 when it was saved since, 404 for an unknown one, ' +
          '422 for an unknown operator, equipment owner or sub-operator.',
        params: VirtualStationParamsSchema,
        body: VirtualStationUpdateSchema,
        response: { 200: VirtualStationSchema },
      },
    },
    (request) => stations.update(request.tenant!, request.params.connectorId, request.body, actorOf(request)),
  );

  app.delete(
    '/operator-stations/:connectorId',
    {
      schema: {
        tags,
        description: 'Deletes the station as of the version read: 409 when it was saved since.',
        params: VirtualStationParamsSchema,
        querystring: VirtualStationDeleteQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await stations.remove(
        request.tenant!,
        request.params.connectorId,
        request.query.version,
        actorOf(request),
      );
      return reply.status(204).send(null);
    },
  );
};
