import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AroundQuerySchema,
  AroundResponseSchema,
  BatchBasicInfoRequestSchema,
  BatchBasicInfoResponseSchema,
} from '@cmp/domain/stations/resource-basic-info';
import type { StationBasicInfosService } from './station-basic-infos.service.js';

const tags = ['stations'];

/** Resource basic infos by id and around a location, under /api/{tenant}/stations. */
export const stationBasicInfoRoutes: FastifyPluginAsyncZod<{ basicInfos: StationBasicInfosService }> = async (
  app,
  { basicInfos },
) => {
  // POST, as the spec's batch call, so a long id list travels in the body. It only reads, so viewers may
  // call it as they may read each station.
  app.post(
    '/stations/basic-infos/batch',
    {
      config: { access: { tenantRole: 'viewer' } },
      schema: {
        tags,
        summary: 'Look up station basic infos by ids',
        body: BatchBasicInfoRequestSchema,
        response: { 200: BatchBasicInfoResponseSchema },
      },
    },
    (request) => basicInfos.basicInfos(request.body.resourceIds),
  );

  app.get(
    '/stations/around',
    {
      schema: {
        tags,
        summary: 'List stations around a location',
        querystring: AroundQuerySchema,
        response: { 200: AroundResponseSchema },
      },
    },
    (request) => basicInfos.around(request.query),
  );
};
