import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppIntakeResultSchema,
  AppPostCreateSchema,
  AppPostListQuerySchema,
  AppPostPageSchema,
  AppPostSchema,
  AppReplyCreateSchema,
  AppReplyListQuerySchema,
  AppReplyPageSchema,
  AppThumbResultSchema,
  AppThumbSchema,
  PostParamsSchema,
} from '@cmp/domain/forum/forum-contracts';
import type { ForumService } from './forum.service.js';

const tags = ['app: forum'];
const SIGNED =
  'Signed by the app back end (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); the tenant ' +
  "is the client's.";
const ACCOUNT = '422 user_not_found when the account is not a live account of the tenant.';
const HIDDEN =
  '404 forum_post_not_found for a post the apps do not see (unpublished, hidden or private) or do not have.';

/** The apps' forum calls, registered through `signedRoutes(APP_BACKEND_CLIENT)`. */
export const forumAppRoutes: FastifyPluginAsyncZod<{ forum: ForumService }> = async (app, { forum }) => {
  app.post(
    '/app/forum/posts',
    {
      schema: {
        tags,
        summary: 'An account posts (a share or an article)',
        description:
          `${SIGNED} postType 0 carries its text as postContent, 1 its article (sections, cover, videoList) ` +
          'as JSON. Matched against the tenant’s sensitive words: `shown` false when its rule holds the post ' +
          `for review. ${ACCOUNT}`,
        body: AppPostCreateSchema,
        response: { 201: AppIntakeResultSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await forum.createPost(request.signedClient!.tenant, request.body)),
  );

  app.get(
    '/app/forum/posts',
    {
      schema: {
        tags,
        summary: 'Posts the apps show',
        description:
          `${SIGNED} Published, not hidden and not private posts, the latest first; recommended ones first ` +
          'with recommendedFirst=1.',
        querystring: AppPostListQuerySchema,
        response: { 200: AppPostPageSchema },
      },
    },
    (request) => forum.appPosts(request.signedClient!.tenant, request.query),
  );

  app.get(
    '/app/forum/posts/:postId',
    {
      schema: {
        tags,
        summary: 'A post the apps show',
        description: `${SIGNED} ${HIDDEN}`,
        params: PostParamsSchema,
        response: { 200: AppPostSchema },
      },
    },
    (request) => forum.appPost(request.signedClient!.tenant, request.params.postId),
  );

  app.get(
    '/app/forum/posts/:postId/replies',
    {
      schema: {
        tags,
        summary: 'A post’s replies the apps show',
        description: `${SIGNED} Not hidden, not private; the earliest first. ${HIDDEN}`,
        params: PostParamsSchema,
        querystring: AppReplyListQuerySchema,
        response: { 200: AppReplyPageSchema },
      },
    },
    (request) => forum.appReplies(request.signedClient!.tenant, request.params.postId, request.query),
  );

  app.post(
    '/app/forum/posts/:postId/replies',
    {
      schema: {
        tags,
        summary: 'An account replies to a post or to a reply',
        description:
          `${SIGNED} With parentReplyId a second-level reply to its author (or toAccount); 404 ` +
          'forum_reply_not_found for a parent not of this post, 422 forum_reply_target for toAccount without ' +
          `a parent. Matched against the sensitive words as a post is; a held reply waits hidden. ${ACCOUNT} ` +
          '404 forum_post_not_found.',
        params: PostParamsSchema,
        body: AppReplyCreateSchema,
        response: { 201: AppIntakeResultSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await forum.createReply(request.signedClient!.tenant, request.params.postId, request.body)),
  );

  app.post(
    '/app/forum/posts/:postId/thumbs',
    {
      schema: {
        tags,
        summary: 'An account thumbs a post up',
        description: `${SIGNED} Once per account: again changes nothing (added false). ${ACCOUNT} ${HIDDEN}`,
        params: PostParamsSchema,
        body: AppThumbSchema,
        response: { 200: AppThumbResultSchema },
      },
    },
    (request) => forum.thumb(request.signedClient!.tenant, request.params.postId, request.body.accountId),
  );
};
