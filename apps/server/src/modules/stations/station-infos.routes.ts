import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ResourceIdParam } from '@cmp/domain/stations/contract-fields';
import {
  ResourceOperatorInfoSaveSchema,
  ResourceOperatorInfoSchema,
} from '@cmp/domain/stations/operator-info';
import { EquipmentListSchema } from '@cmp/domain/stations/resource-basic-info';
import { tenantActing } from '../../platform/audit/audit.js';
import type { StationInfosService } from './station-infos.service.js';

const tags = ['stations'];
const params = ResourceIdParam;

/** Operator info and equipment of any station, under /api/{tenant}/stations/{resourceId}. */
export const stationInfoRoutes: FastifyPluginAsyncZod<{ stationInfos: StationInfosService }> = async (
  app,
  { stationInfos },
) => {
  app.get(
    '/stations/:resourceId/infos',
    {
      schema: {
        tags,
        summary: "Get a station's operator info",
        params,
        response: { 200: ResourceOperatorInfoSchema },
      },
    },
    (request) => stationInfos.operatorInfo(request.params.resourceId),
  );

  app.put(
    '/stations/:resourceId/infos',
    {
      schema: {
        tags,
        summary: "Save a station's operator info",
        params,
        body: ResourceOperatorInfoSaveSchema,
        response: { 200: ResourceOperatorInfoSchema },
      },
    },
    (request) =>
      stationInfos.saveOperatorInfo(request.params.resourceId, request.body, tenantActing(request)),
  );

  app.get(
    '/stations/:resourceId/equipments',
    {
      schema: { tags, summary: "List a station's equipment", params, response: { 200: EquipmentListSchema } },
    },
    (request) => stationInfos.equipments(request.params.resourceId),
  );
};
