import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyRateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import {
  NOT_DATA_MESSAGE,
  PublicRoadBookDataSchema,
  PublicRoadBookErrorSchema,
  PublicRoadBookResponseSchema,
} from '@cmp/domain/road-books/road-book';
import { text } from '@cmp/domain/shared/input';
import type { RoadBooksService } from './road-books.service.js';

const tags = ['road-books'];
const config = { access: 'public' } as const;
/** Share tokens are 32 random bytes in base64url; anything else cannot be one. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const TokenParams = z.object({ token: text(256) });
const notData = { result_code: 'error', message: NOT_DATA_MESSAGE } as const;

/** Public calls a client address may make per minute. */
export const PUBLIC_REQUESTS_PER_MINUTE = 120;

/**
 * The mobile view's calls under /api/public: no session, the share token is the only key. Tokens carry
 * 256 random bits, so guessing is hopeless; the rate limit keeps a client from hammering the database.
 */
export const roadBookShareRoutes: FastifyPluginAsyncZod<{ roadBooks: RoadBooksService }> = async (
  app,
  { roadBooks },
) => {
  await app.register(fastifyRateLimit, { max: PUBLIC_REQUESTS_PER_MINUTE, timeWindow: 60_000 });

  const find = (token: string) => (TOKEN.test(token) ? roadBooks.sharedRoadBook(token) : null);

  // The spec's mobile fetch: on success road_book_info and route_info, otherwise 'not data' (§8).
  app.get(
    '/road-books/:token',
    {
      config,
      schema: {
        tags,
        summary: 'Read a shared road book',
        params: TokenParams,
        response: { 200: PublicRoadBookResponseSchema, 404: PublicRoadBookErrorSchema },
      },
    },
    async (request, reply) => {
      const data = await find(request.params.token);
      void reply.header('cache-control', 'no-store');
      if (!data) return reply.status(404).send(notData);
      return { result_code: 'success' as const, data };
    },
  );

  // The spec's static road-book JSON ({id}.json with a timestamp query against caches): the same data
  // without the envelope, cacheable for a minute.
  app.get(
    '/road-books/:token/road-book.json',
    {
      config,
      schema: {
        tags,
        summary: 'Download a shared road book as JSON',
        params: TokenParams,
        querystring: z.object({ t: text(32).optional() }),
        response: { 200: PublicRoadBookDataSchema, 404: PublicRoadBookErrorSchema },
      },
    },
    async (request, reply) => {
      const data = await find(request.params.token);
      if (!data) return reply.status(404).header('cache-control', 'no-store').send(notData);
      return reply.header('cache-control', 'public, max-age=60').send(data);
    },
  );
};
