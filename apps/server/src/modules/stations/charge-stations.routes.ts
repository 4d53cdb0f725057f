import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChargeStationBasicInfoSaveSchema,
  ChargeStationBasicInfoSchema,
  StationOfflineRequestSchema,
} from '@cmp/domain/stations/charge-station-info';
import { ResourceIdParam } from '@cmp/domain/stations/contract-fields';
import type { ChargeStationsService } from './charge-stations.service.js';
import { tenantActing } from '../../platform/audit/audit.js';

const tags = ['stations'];
const response = { 200: ChargeStationBasicInfoSchema };

/** A charge station's basic info and its offline actions, under /api/{tenant}/stations/charge-stations. */
export const chargeStationRoutes: FastifyPluginAsyncZod<{ chargeStations: ChargeStationsService }> = async (
  app,
  { chargeStations },
) => {
  app.get(
    '/stations/charge-stations/:resourceId/basic-info',
    { schema: { tags, summary: 'Get charge station basic info', params: ResourceIdParam, response } },
    (request) => chargeStations.basicInfo(request.params.resourceId),
  );

  app.put(
    '/stations/charge-stations/:resourceId/basic-info',
    {
      schema: {
        tags,
        summary: 'Save charge station basic info',
        params: ResourceIdParam,
        body: ChargeStationBasicInfoSaveSchema,
        response,
      },
    },
    (request) => chargeStations.saveBasicInfo(request.params.resourceId, request.body, tenantActing(request)),
  );

  app.post(
    '/stations/charge-stations/:resourceId/charging-map/offline',
    {
      schema: {
        tags,
        summary: 'Take a charge station off the charging map',
        params: ResourceIdParam,
        body: StationOfflineRequestSchema,
        response,
      },
    },
    (request) =>
      chargeStations.takeOffline(
        request.params.resourceId,
        'chargingMap',
        request.body,
        tenantActing(request),
      ),
  );

  app.post(
    '/stations/charge-stations/:resourceId/one-click-charging/offline',
    {
      schema: {
        tags,
        summary: 'Take a charge station off one-click charging',
        params: ResourceIdParam,
        body: StationOfflineRequestSchema,
        response,
      },
    },
    (request) =>
      chargeStations.takeOffline(
        request.params.resourceId,
        'oneClickCharging',
        request.body,
        tenantActing(request),
      ),
  );
};
