import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyRateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import {
  ShareTemplateDeleteQuerySchema,
  ShareTemplateFieldsSchema,
  ShareTemplateFilterSchema,
  ShareTemplateListQuerySchema,
  ShareTemplatePageSchema,
  ShareTemplateParamsSchema,
  ShareTemplateSchema,
  ShareTemplateUpdateSchema,
} from '@cmp/domain/share-templates/share-templates';
import { text } from '@cmp/domain/shared/input';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { ShareTemplatesService } from './share-templates.service.js';

const tags = ['share-templates'];

/** The tenant's share templates under /api/{tenant}/share-templates: viewers read, operators change. */
export const shareTemplateRoutes: FastifyPluginAsyncZod<{
  templates: ShareTemplatesService;
  listExports: ListExports;
}> = async (app, { templates, listExports }) => {
  app.get(
    '/share-templates',
    {
      schema: {
        tags,
        summary: 'List share templates',
        querystring: ShareTemplateListQuerySchema,
        response: { 200: ShareTemplatePageSchema },
      },
    },
    (request) => templates.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/share-templates/export',
    tags,
    summary: 'Export share templates',
    filter: ShareTemplateFilterSchema,
    list: templates.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.get(
    '/share-templates/:shareTempletId',
    {
      schema: {
        tags,
        summary: 'Get a share template',
        params: ShareTemplateParamsSchema,
        response: { 200: ShareTemplateSchema },
      },
    },
    (request) => templates.get(request.tenant!, request.params.shareTempletId),
  );

  app.post(
    '/share-templates',
    {
      schema: {
        tags,
        summary: 'Create a share template',
        description:
          'Pictures are file ids of images uploaded with POST /api/{tenant}/files (at most 5). 409 for a share ' +
          'info id the tenant has, 422 for a picture that is not an image of the tenant.',
        body: ShareTemplateFieldsSchema,
        response: { 201: ShareTemplateSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await templates.create(request.tenant!, request.body, actorOf(request))),
  );

  app.put(
    '/share-templates/:shareTempletId',
    {
      schema: {
        tags,
        summary: 'Update a share template',
        description: 'Replaces the fields and pictures from the version read: 409 when it was saved since.',
        params: ShareTemplateParamsSchema,
        body: ShareTemplateUpdateSchema,
        response: { 200: ShareTemplateSchema },
      },
    },
    (request) =>
      templates.update(request.tenant!, request.params.shareTempletId, request.body, actorOf(request)),
  );

  app.delete(
    '/share-templates/:shareTempletId',
    {
      schema: {
        tags,
        summary: 'Delete a share template',
        description: 'Deletes the template as of the version read: 409 when it was saved since.',
        params: ShareTemplateParamsSchema,
        querystring: ShareTemplateDeleteQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await templates.remove(
        request.tenant!,
        request.params.shareTempletId,
        request.query.version,
        actorOf(request),
      );
      return reply.status(204).send(null);
    },
  );
};

/** Public calls a client address may make per minute. */
const PUBLIC_REQUESTS_PER_MINUTE = 300;

/**
 * GET /api/public/share-pictures/{fileId}: a picture a share template shows, read by the apps, the H5 page
 * and the messenger that unfurls a shared link, none of which has a session. Only files a template shows
 * are served; an id is 122 random bits.
 */
export const sharePictureRoutes: FastifyPluginAsyncZod<{ templates: ShareTemplatesService }> = async (
  app,
  { templates },
) => {
  await app.register(fastifyRateLimit, { max: PUBLIC_REQUESTS_PER_MINUTE, timeWindow: 60_000 });
  app.get(
    '/public/share-pictures/:fileId',
    {
      // Public: a share card's picture is shown to whoever the card is shared with.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Read a share picture',
        description: 'The picture (image/*); 404 for a file no share template shows.',
        params: z.object({ fileId: text(64) }),
      },
    },
    async (request, reply) => {
      const { file, stream } = await templates.openSharedPicture(request.params.fileId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('cache-control', 'public, max-age=3600')
        .header('content-disposition', 'inline')
        .send(stream);
    },
  );
};
