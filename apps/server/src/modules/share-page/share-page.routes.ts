import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GroupBasicInfoSchema } from '@cmp/domain/chats/group-chats';
import {
  PublicGroupInfoRequestSchema,
  PublicShareTemplateQuerySchema,
  WechatSignatureSchema,
  WechatSignRequestSchema,
} from '@cmp/domain/share-page/share-page';
import { AppShareTemplateSchema } from '@cmp/domain/share-templates/share-templates';
import { portalBaseUrl } from '../../platform/http/public-url.js';
import type { SharePageService } from './share-page.service.js';

const tags = ['public: H5 share page'];
/** The form the spec's wechat/sign posts is small: an address and three short fields. */
const FORM_LIMIT = 4096;

/**
 * The H5 share page's calls, public because whoever a share reaches opens the page without an account
 * (docs/decisions.md "The H5 share page"): each reads only what the share shows anyway.
 */
export const sharePageRoutes: FastifyPluginAsyncZod<{
  page: SharePageService;
  publicUrl: string | undefined;
}> = async (app, { page, publicUrl }) => {
  // The spec's wechat/sign sends a form; parsed here only, so no other route takes one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    '/public/share/template',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A share template for the H5 share page',
        description:
          "The spec's share/templet: the post share info of the tenant's template of that type and id (title, " +
          'description, public picture addresses, landing page); 404 when there is none.',
        querystring: PublicShareTemplateQuerySchema,
        response: { 200: AppShareTemplateSchema },
      },
    },
    (request) => page.template(request.query, portalBaseUrl(publicUrl, request.server.server)),
  );

  app.post(
    '/public/share/group-info',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A group invitation's info for the H5 share page",
        description:
          "The spec's group/basic-info/h5: name, cover, intro, member count and the first members' nickname and " +
          'avatar, only with the inviter token (inviterIdEncrypt) the app put in the invitation for that group; ' +
          '404 for any other token or group, 422 when the inviter has left the group.',
        body: PublicGroupInfoRequestSchema,
        response: { 200: GroupBasicInfoSchema },
      },
    },
    (request) => page.groupInfo(request.body),
  );

  app.post(
    '/public/share/wechat-sign',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The messenger JS-SDK's share signature",
        description:
          "The spec's wechat/sign (a form: url, tenant, device_id, terminal; JSON is taken too): appId, timestamp " +
          '(seconds), nonceStr and the SHA-1 signature over the jsapi_ticket of WECHAT_JSAPI_TICKET for the ' +
          "page's address without its fragment. 503 not_configured without WECHAT_APP_ID and WECHAT_JSAPI_TICKET; " +
          '422 for an address outside PUBLIC_URL when that is set.',
        body: WechatSignRequestSchema,
        response: { 200: WechatSignatureSchema },
      },
    },
    (request) => page.sign(request.body),
  );
};
