import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ReportedStationDeleteQuerySchema,
  ReportedStationFieldsSchema,
  ReportedStationFilterSchema,
  ReportedStationListQuerySchema,
  ReportedStationPageSchema,
  ReportedStationParamsSchema,
  ReportedStationSchema,
  ReportedStationUpdateSchema,
} from '@cmp/domain/stations/reported-stations';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { ReportedStationsService } from './reported-stations.service.js';

const tags = ['reported-stations'];

interface ReportedStationRouteOptions {
  stations: ReportedStationsService;
  listExports: ListExports;
}

/**
 * The tenant's reported stations under /api/{tenant}/reported-stations (the spec's /pe-oss/v1/vpc/stations:
 * its POST …/{id} is a PUT here and its GET …/{id}/remove a DELETE).
 */
export const reportedStationRoutes: FastifyPluginAsyncZod<ReportedStationRouteOptions> = async (
  app,
  { stations, listExports },
) => {
  app.get(
    '/reported-stations',
    {
      schema: {
        tags,
        summary: 'List reported stations',
        querystring: ReportedStationListQuerySchema,
        response: { 200: ReportedStationPageSchema },
      },
    },
    (request) => stations.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/reported-stations/export',
    tags,
    summary: 'Export reported stations',
    filter: ReportedStationFilterSchema,
    list: stations.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.get(
    '/reported-stations/:connectorId',
    {
      schema: {
        tags,
        summary: 'Get a reported station',
        description: '404 for a connector the tenant has no reported station on.',
        params: ReportedStationParamsSchema,
        response: { 200: ReportedStationSchema },
      },
    },
    (request) => stations.get(request.tenant!, request.params.connectorId),
  );

  app.post(
    '/reported-stations',
    {
      schema: {
        tags,
        summary: 'Create a reported station',
        description:
          'Creates a reported station: 409 for a connector the tenant has one on, 422 for an operator, ' +
          'equipment owner or sub-operator that does not exist.',
        body: ReportedStationFieldsSchema,
        response: { 201: ReportedStationSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await stations.create(request.tenant!, request.body, actorOf(request))),
  );

  app.put(
    '/reported-stations/:connectorId',
    {
      schema: {
        tags,
        summary: 'Update a reported station',
        description:
          'Replaces the fields from the version read: 409 when it was saved since, 404 for an unknown one, ' +
          '422 for an unknown operator, equipment owner or sub-operator.',
        params: ReportedStationParamsSchema,
        body: ReportedStationUpdateSchema,
        response: { 200: ReportedStationSchema },
      },
    },
    (request) => stations.update(request.tenant!, request.params.connectorId, request.body, actorOf(request)),
  );

  app.delete(
    '/reported-stations/:connectorId',
    {
      schema: {
        tags,
        summary: 'Delete a reported station',
        description: 'Deletes the station as of the version read: 409 when it was saved since.',
        params: ReportedStationParamsSchema,
        querystring: ReportedStationDeleteQuerySchema,
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
