import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppShareTemplateQuerySchema,
  AppShareTemplateSchema,
} from '@cmp/domain/share-templates/share-templates';
import { portalBaseUrl } from '../../platform/http/public-url.js';
import type { ShareTemplatesService } from './share-templates.service.js';

const tags = ['app: share'];

/** The apps' share template read, registered through `signedRoutes(APP_BACKEND_CLIENT)`. */
export const shareTemplateAppRoutes: FastifyPluginAsyncZod<{
  templates: ShareTemplatesService;
  publicUrl: string | undefined;
}> = async (app, { templates, publicUrl }) => {
  app.get(
    '/app/share-templates',
    {
      schema: {
        tags,
        summary: 'A share template by type and id',
        description:
          'Signed by the app back end (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); the tenant ' +
          "is the client's. The post share info of the template (spec share/templet with share_type and " +
          'share_templet_id): sharePic are public picture addresses. 404 when the tenant has no template of ' +
          'that type and id.',
        querystring: AppShareTemplateQuerySchema,
        response: { 200: AppShareTemplateSchema },
      },
    },
    (request) =>
      templates.forApp(
        request.signedClient!.tenant,
        request.query.share_type,
        request.query.share_templet_id,
        portalBaseUrl(publicUrl, request.server.server),
      ),
  );
};
