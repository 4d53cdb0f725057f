import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CommentAccountQuerySchema,
  CommentBatchMarkResultSchema,
  CommentBatchMarkSchema,
  CommentEnvironmentSchema,
  CommenterAccountSchema,
  CommentFilterSchema,
  CommentListQuerySchema,
  CommentMarkSchema,
  CommentOperationPageSchema,
  CommentOperationQuerySchema,
  CommentPageSchema,
  CommentSchema,
  CommentSummaryQuerySchema,
  CommentSummarySchema,
  OfficialReplyCreateSchema,
  OfficialReplyEditSchema,
} from '@cmp/domain/comments/comment-contracts';
import { idParam, INT8, trimmedText } from '@cmp/domain/shared/input';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { hasRole } from '../../platform/http/route-access.js';
import type { CommentActor, CommentReader, CommentsService } from './comments.service.js';

const CommentParams = z.object({ commentaryId: idParam(INT8) });
const ReplyParams = z.object({ replyId: idParam(INT8) });
const AccountParams = z.object({ accountId: trimmedText(64).min(1) });
const tags = ['comments'];
/** Reading calls that take their filter in a body (the spec's POST lists): a viewer may make them. */
const READING = { access: { tenantRole: 'viewer' as const } };

/** Operators see commenters' mobile numbers whole; viewers see them masked. */
const readerOf = (request: FastifyRequest): CommentReader => ({
  revealMobile: hasRole(request.auth!.user, request.tenant!, 'operator'),
});
const actingOf = (request: FastifyRequest): CommentActor => ({
  actor: actorOf(request),
  displayName: request.auth!.user.displayName,
});

interface CommentRouteOptions {
  comments: CommentsService;
  listExports: ListExports;
}

/** Comments of the tenant under /api/{tenant}/comments: the list, marks, official replies, history. */
export const commentRoutes: FastifyPluginAsyncZod<CommentRouteOptions> = async (
  app,
  { comments, listExports },
) => {
  app.post(
    '/comments/search',
    {
      config: READING,
      schema: {
        tags,
        summary: 'Search comments',
        body: CommentListQuerySchema,
        response: { 200: CommentPageSchema },
      },
    },
    (request) => comments.list(request.tenant!, request.body, readerOf(request)),
  );

  listExports.route(app, {
    url: '/comments/export',
    tags,
    summary: 'Export comments',
    filter: CommentFilterSchema,
    list: comments.export,
    query: (filter, request) => ({
      ...filter,
      tenant: request.tenant!,
      revealMobile: readerOf(request).revealMobile,
    }),
  });

  app.get(
    '/comments/environment',
    {
      schema: {
        tags,
        summary: 'Get the comment filter options',
        response: { 200: CommentEnvironmentSchema },
      },
    },
    (request) => comments.environment(request.tenant!),
  );

  app.get(
    '/comments/summary',
    {
      schema: {
        tags,
        summary: "Summarize a station's comment ratings",
        querystring: CommentSummaryQuerySchema,
        response: { 200: CommentSummarySchema },
      },
    },
    (request) => comments.summary(request.tenant!, request.query.resource_id),
  );

  app.post(
    '/comments/operations',
    {
      config: READING,
      schema: {
        tags,
        summary: 'List comment operation history',
        body: CommentOperationQuerySchema,
        response: { 200: CommentOperationPageSchema },
      },
    },
    (request) => comments.operations(request.tenant!, request.body),
  );

  app.get(
    '/comments/accounts/:accountId',
    {
      schema: {
        tags,
        summary: 'Get a commenter account',
        params: AccountParams,
        response: { 200: CommenterAccountSchema },
      },
    },
    (request) => comments.commenter(request.tenant!, request.params.accountId, readerOf(request)),
  );

  app.post(
    '/comments/account',
    {
      config: READING,
      schema: {
        tags,
        summary: "List an account's comments",
        body: CommentAccountQuerySchema,
        response: { 200: CommentPageSchema },
      },
    },
    (request) => {
      const { accountId, ...page } = request.body;
      return comments.list(request.tenant!, { ...page, accountId }, readerOf(request));
    },
  );

  app.post(
    '/comments/batch-mark',
    {
      schema: {
        tags,
        summary: 'Mark comments in bulk',
        body: CommentBatchMarkSchema,
        response: { 200: CommentBatchMarkResultSchema },
      },
    },
    (request) =>
      comments.batchMark(request.tenant!, request.body.commentaryIds, request.body.action, actingOf(request)),
  );

  app.post(
    '/comments/official-replies',
    {
      schema: {
        tags,
        summary: 'Post an official reply',
        body: OfficialReplyCreateSchema,
        response: { 201: CommentSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await comments.reply(request.tenant!, request.body, actingOf(request), readerOf(request))),
  );

  app.put(
    '/comments/official-replies/:replyId',
    {
      schema: {
        tags,
        summary: 'Edit an official reply',
        params: ReplyParams,
        body: OfficialReplyEditSchema,
        response: { 200: CommentSchema },
      },
    },
    (request) =>
      comments.editReply(
        request.tenant!,
        request.params.replyId,
        request.body,
        actingOf(request),
        readerOf(request),
      ),
  );

  app.get(
    '/comments/:commentaryId',
    { schema: { tags, summary: 'Get a comment', params: CommentParams, response: { 200: CommentSchema } } },
    (request) => comments.get(request.tenant!, request.params.commentaryId, readerOf(request)),
  );

  app.post(
    '/comments/:commentaryId/mark',
    {
      schema: {
        tags,
        summary: 'Mark a comment',
        params: CommentParams,
        body: CommentMarkSchema,
        response: { 200: CommentSchema },
      },
    },
    (request) =>
      comments.mark(
        request.tenant!,
        request.params.commentaryId,
        request.body.action,
        actingOf(request),
        readerOf(request),
      ),
  );
};
