import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CommentIngestResultSchema, CommentIngestSchema } from '@cmp/domain/comments/comment-ingest';
import type { CommentIngestService } from './comment-ingest.service.js';

/** Pictures come inside the body as base64: six of 2 MB each, a third larger as text, and the rest. */
const INGEST_BODY_LIMIT = 18 * 1024 * 1024;

/** The vendors' ingestion call, POST /api/app/comments, registered through `signedRoutes`. */
export const commentAppRoutes: FastifyPluginAsyncZod<{ ingest: CommentIngestService }> = async (
  app,
  { ingest },
) => {
  app.post(
    '/app/comments',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        tags: ['app: comments'],
        summary: 'Receive a comment from a vendor',
        description:
          'A comment from a vendor, signed with its secret (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, ' +
          'x-cmp-signature). 201 when new, 200 when it updated the comment of the same externalId.',
        body: CommentIngestSchema,
        response: { 200: CommentIngestResultSchema, 201: CommentIngestResultSchema },
      },
    },
    async (request, reply) => {
      const result = await ingest.receive(request.signedClient!, request.body);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );
};
