import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ResourceIdParam } from '@cmp/domain/stations/contract-fields';
import {
  SwapParkingInfoSaveSchema,
  SwapQueueAdjustSaveSchema,
  SwapStationBasicInfoSaveSchema,
  SwapStationBasicInfoSchema,
} from '@cmp/domain/stations/swap-station-info';
import { tenantActing } from '../../platform/audit/audit.js';
import type { SwapStationsService } from './swap-stations.service.js';

const tags = ['stations'];
const params = ResourceIdParam;
const response = { 200: SwapStationBasicInfoSchema };

/** A swap station's basic info, parking info and queue adjustment, under /api/{tenant}/stations/swap-stations. */
export const swapStationRoutes: FastifyPluginAsyncZod<{ swapStations: SwapStationsService }> = async (
  app,
  { swapStations },
) => {
  app.get(
    '/stations/swap-stations/:resourceId/basic-info',
    { schema: { tags, summary: 'Get swap station basic info', params, response } },
    (request) => swapStations.basicInfo(request.params.resourceId),
  );

  app.put(
    '/stations/swap-stations/:resourceId/basic-info',
    {
      schema: {
        tags,
        summary: 'Save swap station basic info',
        params,
        body: SwapStationBasicInfoSaveSchema,
        response,
      },
    },
    (request) => swapStations.saveBasicInfo(request.params.resourceId, request.body, tenantActing(request)),
  );

  app.put(
    '/stations/swap-stations/:resourceId/parking-info',
    {
      schema: {
        tags,
        summary: 'Save swap station parking info',
        params,
        body: SwapParkingInfoSaveSchema,
        response,
      },
    },
    (request) => swapStations.saveParkingInfo(request.params.resourceId, request.body, tenantActing(request)),
  );

  app.put(
    '/stations/swap-stations/:resourceId/queue-adjust',
    {
      schema: {
        tags,
        summary: 'Save swap station queue adjustment',
        params,
        body: SwapQueueAdjustSaveSchema,
        response,
      },
    },
    (request) => swapStations.saveQueueAdjust(request.params.resourceId, request.body, tenantActing(request)),
  );
};
