import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PostParamsSchema, PublicPostQuerySchema, PublicPostSchema } from '@cmp/domain/forum/forum-contracts';
import type { ForumService } from './forum.service.js';

/**
 * The in-app post page's read (the H5 bundle the apps open, docs/decisions.md "Forum"): public, as the page
 * opens in the app's web view without a portal session, and only what the apps show anyway.
 */
export const forumPublicRoutes: FastifyPluginAsyncZod<{ forum: ForumService }> = async (app, { forum }) => {
  app.get(
    '/public/forum/posts/:postId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public: H5 post page'],
        summary: 'A post and its first replies for the in-app post page',
        description:
          'Only a published, shown, public post of the tenant, with its first 50 shown replies; 404 ' +
          'forum_post_not_found for any other.',
        params: PostParamsSchema,
        querystring: PublicPostQuerySchema,
        response: { 200: PublicPostSchema },
      },
    },
    (request) => forum.publicPost(request.query.tenant, request.params.postId),
  );
};
