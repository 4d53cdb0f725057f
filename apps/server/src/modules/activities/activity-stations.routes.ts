import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActivityParamsSchema } from '@cmp/domain/activities/activity-contracts';
import {
  ActivityStationPageSchema,
  ActivityStationParamsSchema,
  ActivityStationQuerySchema,
  ActivityStationsAddedSchema,
  ActivityStationsAddSchema,
  ActivityStationsByOperatorAddedSchema,
  ActivityStationsByOperatorSchema,
  BindAwardsSchema,
  ResourceAwardSchema,
} from '@cmp/domain/activities/activity-stations';
import { STATION_IMPORT_HEADERS } from '@cmp/domain/activities/activity-station-import';
import { formatMessage, ruleMessage } from '@cmp/domain/messages/format';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { contentDisposition } from '../../platform/export/list-export.js';
import { CONTENT_TYPES } from '../../platform/export/table-file.js';
import { localeOf } from '../../platform/http/error-handler.js';
import { readUploadForm } from '../../platform/http/upload-form.js';
import { writeRecipientTemplate } from '../../platform/spreadsheet/recipient-sheet.js';
import type { ActivityStationsService } from './activity-stations.service.js';

const tags = ['activities'];

/**
 * The stations of activities under /api/{tenant} (the spec's resource calls: its POST resource/list is
 * `GET /activity-stations`, resource/add `POST …/stations`, resource/add/operator `POST …/stations/by-operator`,
 * resource/active and resource/inactive `POST …/stations/{resourceId}/active|inactive`).
 */
export const activityStationRoutes: FastifyPluginAsyncZod<{
  stations: ActivityStationsService;
  listExports: ListExports;
}> = async (app, { stations, listExports }) => {
  app.get(
    '/activity-stations',
    {
      schema: {
        tags,
        summary: 'List stations with their part in activities',
        description:
          'The operations list filter with activityId (the stations of that activity, each with its relation; ' +
          '`active` then means active in it), activityIdExclude and hasActivity. 404 for an activity the ' +
          'tenant does not have.',
        querystring: ActivityStationQuerySchema,
        response: { 200: ActivityStationPageSchema },
      },
    },
    (request) => stations.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/activity-stations/export',
    tags,
    summary: 'Export stations with their part in activities',
    filter: ActivityStationQuerySchema,
    list: stations.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.post(
    '/activities/:activityId/stations',
    {
      schema: {
        tags,
        summary: 'Add stations to an activity',
        description:
          'Adds the stations named (at most 1,000), active, and says which were added, already in, unknown, or ' +
          'of an operator the activity is not limited to. 409 for a finished activity.',
        params: ActivityParamsSchema,
        body: ActivityStationsAddSchema,
        response: { 200: ActivityStationsAddedSchema },
      },
    },
    (request) =>
      stations.add(request.tenant!, request.params.activityId, request.body.resourceIds, actorOf(request)),
  );

  app.post(
    '/activities/:activityId/stations/by-operator',
    {
      schema: {
        tags,
        summary: 'Add every station of an operator to an activity',
        description: '409 for a finished activity, or an operator outside those the activity is limited to.',
        params: ActivityParamsSchema,
        body: ActivityStationsByOperatorSchema,
        response: { 200: ActivityStationsByOperatorAddedSchema },
      },
    },
    (request) =>
      stations.addOperator(
        request.tenant!,
        request.params.activityId,
        request.body.operatorId,
        actorOf(request),
      ),
  );

  for (const [path, active] of [
    ['active', true],
    ['inactive', false],
  ] as const) {
    app.post(
      `/activities/:activityId/stations/:resourceId/${path}`,
      {
        schema: {
          tags,
          summary: active ? 'Activate a station in an activity' : 'Deactivate a station in an activity',
          description: '404 for a station that does not take part; 409 for a finished activity.',
          params: ActivityStationParamsSchema,
          response: { 200: z.object({ resourceId: z.string(), active: z.boolean() }) },
        },
      },
      (request) =>
        stations.setActive(
          request.tenant!,
          request.params.activityId,
          request.params.resourceId,
          active,
          actorOf(request),
        ),
    );
  }

  app.post(
    '/activities/:activityId/stations/:resourceId/awards',
    {
      schema: {
        tags,
        summary: 'Bind awards to a station in an activity',
        description:
          "resource/bind_awards: the station's awards, replacing those it had: per charged degree (kWh), " +
          'totalAmount coupons of a coupon batch of the tenant; the answer adds issueAmount and remainAmount. ' +
          '422 for an unknown batch or an award below what it gave; 404 for a station not in the activity; ' +
          '409 for a finished activity.',
        params: ActivityStationParamsSchema,
        body: BindAwardsSchema,
        response: { 200: z.object({ resourceId: z.string(), resourceAwards: z.array(ResourceAwardSchema) }) },
      },
    },
    (request) =>
      stations.bindAwards(
        request.tenant!,
        request.params.activityId,
        request.params.resourceId,
        request.body,
        actorOf(request),
      ),
  );

  app.get(
    '/activity-stations/import-template',
    {
      schema: {
        tags,
        summary: 'Download the station import template',
        description:
          'An empty .xlsx whose first column is headed 站点ID, formatted as text: one station id per row.',
        produces: [CONTENT_TYPES.xlsx],
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', CONTENT_TYPES.xlsx)
        .header(
          'content-disposition',
          contentDisposition({
            name: `${formatMessage(localeOf(request), ruleMessage('activityStations.template'))}.xlsx`,
            ascii: 'activity-stations.xlsx',
          }),
        )
        .send(await writeRecipientTemplate(STATION_IMPORT_HEADERS[0])),
  );

  app.post(
    '/activities/:activityId/stations/upload',
    {
      config: { upload: { file: 'file' } },
      schema: {
        tags,
        summary: 'Add the stations of a sheet to an activity',
        description:
          'multipart/form-data: `file` (.xlsx, first column headed 站点ID or resourceId, one id per row). A durable ' +
          'job (202) checks every row; any wrong row (empty, repeated, unknown, of an operator outside the ' +
          "activity's) adds nothing and the job ends with the sheet, each row marked, as its file. 409 for a " +
          'finished activity, 415 for a file that is not a spreadsheet.',
        params: ActivityParamsSchema,
        response: { 202: z.object({ jobId: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const { file } = await readUploadForm(request);
      const accepted = await stations.startImport(
        request.tenant!,
        request.params.activityId,
        file,
        actorOf(request),
        localeOf(request),
      );
      return reply.status(202).send(accepted);
    },
  );

  app.delete(
    '/activities/:activityId/stations/:resourceId',
    {
      schema: {
        tags,
        summary: 'Remove a station from an activity',
        description: '404 for a station that does not take part; 409 for a finished activity.',
        params: ActivityStationParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await stations.remove(
        request.tenant!,
        request.params.activityId,
        request.params.resourceId,
        actorOf(request),
      );
      return reply.status(204).send(null);
    },
  );
};
