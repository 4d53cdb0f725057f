import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ResourceIdParam } from '@cmp/domain/stations/contract-fields';
import {
  StationOperationRecordPageSchema,
  StationOperationRecordQuerySchema,
} from '@cmp/domain/stations/operation-records';
import type { StationRecordsService } from './station-records.service.js';

/** GET /api/{tenant}/stations/{resourceId}/operation-records: the station's history, newest first. */
export const stationRecordRoutes: FastifyPluginAsyncZod<{ stationRecords: StationRecordsService }> = async (
  app,
  { stationRecords },
) => {
  app.get(
    '/stations/:resourceId/operation-records',
    {
      schema: {
        tags: ['stations'],
        summary: "List a station's operation records",
        params: ResourceIdParam,
        querystring: StationOperationRecordQuerySchema,
        response: { 200: StationOperationRecordPageSchema },
      },
    },
    (request) => stationRecords.records(request.tenant!, request.params.resourceId, request.query),
  );
};
