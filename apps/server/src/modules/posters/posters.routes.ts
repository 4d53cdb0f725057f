import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMessage, ruleMessage } from '@cmp/domain/messages/format';
import {
  POSTER_STATION_HEADERS,
  PosterBindingCreateSchema,
  PosterBindingSwitchSchema,
  PosterBindTypeSchema,
  PosterCreateSchema,
  PosterDeleteQuerySchema,
  PosterFilterSchema,
  PosterListQuerySchema,
  PosterPageSchema,
  PosterParamsSchema,
  PosterResourceFilterSchema,
  PosterResourceListQuerySchema,
  PosterResourcePageSchema,
  PosterResourcesBindSchema,
  PosterResourcesBoundSchema,
  PosterResourcesDeleteQuerySchema,
  PosterSchema,
  PosterTriggerRulesSchema,
  PosterUpdateSchema,
  PosterVideosSchema,
} from '@cmp/domain/posters/poster-contracts';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { contentDisposition } from '../../platform/export/list-export.js';
import { CONTENT_TYPES } from '../../platform/export/table-file.js';
import { localeOf } from '../../platform/http/error-handler.js';
import { readUploadForm } from '../../platform/http/upload-form.js';
import { writeRecipientTemplate } from '../../platform/spreadsheet/recipient-sheet.js';
import type { PosterResourcesService } from './poster-resources.service.js';
import type { PostersService } from './posters.service.js';

const tags = ['posters'];

/**
 * The tenant's posters under /api/{tenant} (the spec's cmo act v1, docs/decisions.md "Posters"): its GET
 * poster list is `GET /posters`, poster/add `POST /posters`, poster/update `PUT /posters/{posterId}`,
 * poster/delete `DELETE /posters/{posterId}`; the binding calls hang under the poster
 * (`/posters/{posterId}/bind-type`, `/posters/{posterId}/resources`), the resource list is `/poster-resources`
 * and the video list `/poster-videos`.
 */
export const posterRoutes: FastifyPluginAsyncZod<{
  posters: PostersService;
  resources: PosterResourcesService;
  listExports: ListExports;
}> = async (app, { posters, resources, listExports }) => {
  app.get(
    '/poster-trigger-rules',
    {
      schema: {
        tags,
        summary: 'List the trigger rules',
        description:
          'The places in the apps where posters show: a fixed catalog, each with its id (the select value), ' +
          "its name in the reader's language (the label) and whether the apps still ask for it.",
        response: { 200: PosterTriggerRulesSchema },
      },
    },
    (request) => posters.triggerRules(localeOf(request)),
  );

  app.get(
    '/posters',
    {
      schema: {
        tags,
        summary: 'List posters',
        querystring: PosterListQuerySchema,
        response: { 200: PosterPageSchema },
      },
    },
    (request) => posters.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/posters/export',
    tags,
    summary: 'Export posters',
    filter: PosterFilterSchema,
    list: posters.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant!, now: Date.now() }),
  });

  app.get(
    '/poster-videos',
    {
      schema: {
        tags,
        summary: 'List the videos posters may play',
        description:
          "The videos of the tenant's posters, one per address (link) with its title (description).",
        response: { 200: PosterVideosSchema },
      },
    },
    (request) => posters.videos(request.tenant!),
  );

  app.get(
    '/posters/:posterId',
    {
      schema: {
        tags,
        summary: 'Get a poster',
        description: '404 for a poster the tenant does not have.',
        params: PosterParamsSchema,
        response: { 200: PosterSchema },
      },
    },
    (request) => posters.get(request.tenant!, request.params.posterId),
  );

  app.post(
    '/posters',
    {
      schema: {
        tags,
        summary: 'Create a poster',
        description:
          'Hidden and at priority 99 unless said otherwise. 400 per field (the window, what the link type and ' +
          'the push need); 422 for an activity the tenant does not have, an unknown scene or region.',
        body: PosterCreateSchema,
        response: { 201: PosterSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await posters.create(request.tenant!, request.body, actorOf(request))),
  );

  app.put(
    '/posters/:posterId',
    {
      schema: {
        tags,
        summary: 'Update a poster',
        description:
          'Replaces the fields from the version read: 409 when it was saved since; the checks of create.',
        params: PosterParamsSchema,
        body: PosterUpdateSchema,
        response: { 200: PosterSchema },
      },
    },
    (request) => posters.update(request.tenant!, request.params.posterId, request.body, actorOf(request)),
  );

  app.delete(
    '/posters/:posterId',
    {
      schema: {
        tags,
        summary: 'Delete a poster',
        description:
          'Deletes the poster and its station bindings as of the version read: 409 when it was saved since.',
        params: PosterParamsSchema,
        querystring: PosterDeleteQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await posters.remove(request.tenant!, request.params.posterId, request.query.version, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/posters/:posterId/bind-type',
    {
      schema: {
        tags,
        summary: "A poster's bind type",
        description:
          'configType (the kind of station) and resourceScope (all: every station of the kind; part: the bound ' +
          'ones), both null for a poster not tied to stations, and how many stations are bound.',
        params: PosterParamsSchema,
        response: { 200: PosterBindTypeSchema },
      },
    },
    (request) => resources.bindType(request.tenant!, request.params.posterId),
  );

  app.put(
    '/posters/:posterId/bind-type',
    {
      schema: {
        tags,
        summary: 'Tie a poster to stations',
        description: 'resources-binding/create: 409 when the poster is tied already (switch it instead).',
        params: PosterParamsSchema,
        body: PosterBindingCreateSchema,
        response: { 200: PosterBindTypeSchema },
      },
    },
    (request) => resources.create(request.tenant!, request.params.posterId, request.body, actorOf(request)),
  );

  app.post(
    '/posters/:posterId/bind-type/switch',
    {
      schema: {
        tags,
        summary: "Switch a poster's binding",
        description:
          'resources-binding/switch: the original config type and scope as read and the new ones (both null: ' +
          'not tied). 409 when the stored ones are no longer the original ones. The bound stations stay only ' +
          'when the poster stays tied to some stations of the same kind.',
        params: PosterParamsSchema,
        body: PosterBindingSwitchSchema,
        response: { 200: PosterBindTypeSchema },
      },
    },
    (request) =>
      resources.switchBinding(request.tenant!, request.params.posterId, request.body, actorOf(request)),
  );

  app.get(
    '/poster-resources',
    {
      schema: {
        tags,
        summary: 'List the stations bound to posters',
        description: '404 for a posterId the tenant does not have.',
        querystring: PosterResourceListQuerySchema,
        response: { 200: PosterResourcePageSchema },
      },
    },
    (request) => resources.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/poster-resources/export',
    tags,
    summary: 'Export the stations bound to posters',
    filter: PosterResourceFilterSchema,
    list: resources.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.put(
    '/posters/:posterId/resources',
    {
      schema: {
        tags,
        summary: 'Bind stations to a poster',
        description:
          'resources/bind: the stations named (at most 1,000), each answered as bound, already bound, unknown ' +
          "or of another kind than the poster's. 409 unless the poster is tied to some stations (part).",
        params: PosterParamsSchema,
        body: PosterResourcesBindSchema,
        response: { 200: PosterResourcesBoundSchema },
      },
    },
    (request) =>
      resources.bind(request.tenant!, request.params.posterId, request.body.resourceIds, actorOf(request)),
  );

  app.delete(
    '/posters/:posterId/resources',
    {
      schema: {
        tags,
        summary: 'Unbind stations from a poster',
        description:
          'DELETE resources: resourceIds comma-joined (at most 1,000); answers those that were bound.',
        params: PosterParamsSchema,
        querystring: PosterResourcesDeleteQuerySchema,
        response: { 200: z.object({ unbound: z.array(z.string()) }) },
      },
    },
    (request) =>
      resources.unbind(request.tenant!, request.params.posterId, request.query.resourceIds, actorOf(request)),
  );

  app.get(
    '/poster-resources/import-template',
    {
      schema: {
        tags,
        summary: 'Download the poster station template',
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
            name: `${formatMessage(localeOf(request), ruleMessage('posterResources.template'))}.xlsx`,
            ascii: 'poster-stations.xlsx',
          }),
        )
        .send(await writeRecipientTemplate(POSTER_STATION_HEADERS[0])),
  );

  app.post(
    '/posters/:posterId/resources/upload',
    {
      config: { upload: { file: 'file' } },
      schema: {
        tags,
        summary: 'Bind the stations of a sheet to a poster',
        description:
          'resources/upload, multipart/form-data: `file` (.xlsx, first column headed 站点ID or resourceId, one ' +
          'id per row). A durable job (202) checks every row; any wrong row (empty, repeated, unknown, of ' +
          "another kind than the poster's) binds nothing and the job ends with the sheet, each row marked, as " +
          'its file. 409 unless the poster is tied to some stations, 415 for a file that is not a spreadsheet.',
        params: PosterParamsSchema,
        response: { 202: z.object({ jobId: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const { file } = await readUploadForm(request);
      const accepted = await resources.startImport(
        request.tenant!,
        request.params.posterId,
        file,
        actorOf(request),
        localeOf(request),
      );
      return reply.status(202).send(accepted);
    },
  );
};
