import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BulkPostMarkSchema,
  BulkReplyHideSchema,
  BulkResultSchema,
  ForumOperationListSchema,
  ForumPostDetailSchema,
  ForumPostFilterSchema,
  ForumPostListQuerySchema,
  ForumPostPageSchema,
  ForumPostSchema,
  ForumReplyFilterSchema,
  ForumReplyListQuerySchema,
  ForumReplyPageSchema,
  ForumReplySchema,
  PostMarkParamsSchema,
  PostParamsSchema,
  ReplyMarkParamsSchema,
  SensitiveWordBulkResultSchema,
  SensitiveWordBulkSchema,
  SensitiveWordCreateSchema,
  SensitiveWordFilterSchema,
  SensitiveWordListQuerySchema,
  SensitiveWordPageSchema,
  SensitiveWordParamsSchema,
  SensitiveWordRuleChangeSchema,
  SensitiveWordRuleSchema,
  SensitiveWordSchema,
  type PostMark,
} from '@cmp/domain/forum/forum-contracts';
import { revealsMobiles } from '../../platform/auth/mobile-reveal.js';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { ForumReader, ForumService } from './forum.service.js';

const tags = ['forum'];
const MASKED = 'Mobiles are whole for operators and masked for viewers.';

const readerOf = (request: FastifyRequest): ForumReader => ({
  revealMobile: revealsMobiles(request),
  actor: actorOf(request),
});

/** The spec's moderation calls, each `{postId}/{flag}` (docs/decisions.md "Forum"). */
const MARK_ROUTES: { path: string; mark: PostMark; summary: string }[] = [
  { path: 'post-have-read', mark: 'have-read', summary: 'Mark a post read (1) or unread (0)' },
  { path: 'publish-post', mark: 'publish', summary: 'Publish a post (1) or withdraw it (0)' },
  { path: 'recommend-post', mark: 'recommend', summary: 'Recommend a post (1) or not (0)' },
  { path: 'hide-post', mark: 'hide', summary: 'Hide a post from the apps (1) or show it again (0)' },
];

/**
 * Forum moderation under /api/{tenant}/forum (spec peuds forum/v1, the same for every tenant): viewers
 * read, operators moderate and keep the sensitive words.
 */
export const forumRoutes: FastifyPluginAsyncZod<{ forum: ForumService; listExports: ListExports }> = async (
  app,
  { forum, listExports },
) => {
  app.get(
    '/forum/posts',
    {
      schema: {
        tags,
        summary: 'List posts (post-list)',
        description: `The post filter; sort public_time:desc unless asked. ${MASKED}`,
        querystring: ForumPostListQuerySchema,
        response: { 200: ForumPostPageSchema },
      },
    },
    (request) => forum.posts(request.tenant!, request.query, readerOf(request)),
  );

  listExports.route(app, {
    url: '/forum/posts/export',
    tags,
    summary: 'Export posts',
    filter: ForumPostFilterSchema,
    list: forum.exportPosts,
    query: (filter, request) => ({
      ...filter,
      tenant: request.tenant!,
      revealMobile: revealsMobiles(request),
    }),
  });

  app.post(
    '/forum/posts/marks',
    {
      schema: {
        tags,
        summary: 'Set one moderation mark on a selection of posts',
        description:
          'All in one change: 404 forum_post_not_found naming the first post the tenant does not have, and ' +
          'then nothing is changed. Each post changed is audited; those that had the mark already are counted ' +
          'as unchanged.',
        body: BulkPostMarkSchema,
        response: { 200: BulkResultSchema },
      },
    },
    (request) =>
      forum.markPosts(
        request.tenant!,
        request.body.postIds,
        request.body.mark,
        request.body.flag,
        actorOf(request),
      ),
  );

  app.get(
    '/forum/posts/:postId',
    {
      schema: {
        tags,
        summary: 'A post with its article (post-detail)',
        description: `404 forum_post_not_found. ${MASKED}`,
        params: PostParamsSchema,
        response: { 200: ForumPostDetailSchema },
      },
    },
    (request) => forum.post(request.tenant!, request.params.postId, readerOf(request)),
  );

  app.get(
    '/forum/posts/:postId/operations',
    {
      schema: {
        tags,
        summary: 'A post’s operation history',
        description: 'The marks set on it and the hiding of its replies, newest first (the latest 100).',
        params: PostParamsSchema,
        response: { 200: ForumOperationListSchema },
      },
    },
    (request) => forum.operations(request.tenant!, request.params.postId),
  );

  for (const { path, mark, summary } of MARK_ROUTES) {
    app.post(
      `/forum/${path}/:postId/:flag`,
      {
        schema: {
          tags,
          summary,
          description: 'Any mark may be set or taken back at any time; setting what is set changes nothing.',
          params: PostMarkParamsSchema,
          response: { 200: ForumPostSchema },
        },
      },
      (request) =>
        forum.markPost(
          request.tenant!,
          request.params.postId,
          mark,
          request.params.flag as 0 | 1,
          actorOf(request),
          readerOf(request),
        ),
    );
  }

  app.get(
    '/forum/replies',
    {
      schema: {
        tags,
        summary: 'List replies (reply-list)',
        description: `The reply filter; sort reply_time:desc unless asked. ${MASKED}`,
        querystring: ForumReplyListQuerySchema,
        response: { 200: ForumReplyPageSchema },
      },
    },
    (request) => forum.replies(request.tenant!, request.query, readerOf(request)),
  );

  listExports.route(app, {
    url: '/forum/replies/export',
    tags,
    summary: 'Export replies',
    filter: ForumReplyFilterSchema,
    list: forum.exportReplies,
    query: (filter, request) => ({
      ...filter,
      tenant: request.tenant!,
      revealMobile: revealsMobiles(request),
    }),
  });

  app.post(
    '/forum/hide-reply/:replyId/:flag',
    {
      schema: {
        tags,
        summary: 'Hide a reply from the apps (1) or show it again (0)',
        description: '404 forum_reply_not_found. A reply held for its sensitive words is shown with 0.',
        params: ReplyMarkParamsSchema,
        response: { 200: ForumReplySchema },
      },
    },
    async (request) => {
      const { replyId, flag } = request.params;
      await forum.hideReplies(request.tenant!, [replyId], flag as 0 | 1, actorOf(request), false);
      return forum.reply(request.tenant!, replyId, readerOf(request));
    },
  );

  app.post(
    '/forum/replies/hide',
    {
      schema: {
        tags,
        summary: 'Hide or show a selection of replies',
        description:
          'All in one change: 404 forum_reply_not_found naming the first reply the tenant does not have.',
        body: BulkReplyHideSchema,
        response: { 200: BulkResultSchema },
      },
    },
    (request) =>
      forum.hideReplies(request.tenant!, request.body.replyIds, request.body.flag, actorOf(request), true),
  );

  app.get(
    '/forum/sensitive-words',
    {
      schema: {
        tags,
        summary: 'List sensitive words',
        description: 'The latest added first; `word` finds words holding the text.',
        querystring: SensitiveWordListQuerySchema,
        response: { 200: SensitiveWordPageSchema },
      },
    },
    (request) => forum.sensitiveWords(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/forum/sensitive-words/export',
    tags,
    summary: 'Export sensitive words',
    filter: SensitiveWordFilterSchema,
    list: forum.exportWords,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.post(
    '/forum/sensitive-words',
    {
      schema: {
        tags,
        summary: 'Add a sensitive word',
        description:
          '409 when the list has it already (in any letter case). Matched from the next intake on.',
        body: SensitiveWordCreateSchema,
        response: { 201: SensitiveWordSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await forum.addWord(request.tenant!, request.body.word, actorOf(request))),
  );

  app.post(
    '/forum/sensitive-words/bulk',
    {
      schema: {
        tags,
        summary: 'Add sensitive words in bulk',
        description: 'Words the list has already are skipped and counted as existing.',
        body: SensitiveWordBulkSchema,
        response: { 200: SensitiveWordBulkResultSchema },
      },
    },
    (request) => forum.addWords(request.tenant!, request.body.words, actorOf(request)),
  );

  app.delete(
    '/forum/sensitive-words/:wordId',
    {
      schema: {
        tags,
        summary: 'Delete a sensitive word',
        description: '404 forum_word_not_found. Posts and replies keep the words found in them.',
        params: SensitiveWordParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await forum.deleteWord(request.tenant!, request.params.wordId, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/forum/sensitive-word-rule',
    {
      schema: {
        tags,
        summary: 'What a sensitive word found on intake does',
        response: { 200: SensitiveWordRuleSchema },
      },
    },
    (request) => forum.rule(request.tenant!),
  );

  app.put(
    '/forum/sensitive-word-rule',
    {
      schema: {
        tags,
        summary: 'Change what a sensitive word found on intake does',
        description:
          'hold: kept unpublished (a reply hidden) until staff publish it; flag: published, only marked.',
        body: SensitiveWordRuleChangeSchema,
        response: { 200: SensitiveWordRuleSchema },
      },
    },
    (request) => forum.changeRule(request.tenant!, request.body.matchRule, actorOf(request)),
  );
};
