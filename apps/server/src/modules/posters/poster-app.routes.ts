import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppPostersSchema, PosterAppQuerySchema } from '@cmp/domain/posters/poster-contracts';
import type { PostersService } from './posters.service.js';

const tags = ['app: posters'];
const SIGNED =
  'Signed by the app back end (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); the tenant ' +
  "is the client's.";

/** The apps' poster read under /api/app/posters, registered through `signedRoutes(APP_BACKEND_CLIENT)`. */
export const posterAppRoutes: FastifyPluginAsyncZod<{ posters: PostersService }> = async (
  app,
  { posters },
) => {
  app.get(
    '/app/posters',
    {
      schema: {
        tags,
        summary: 'The posters a user sees at a trigger',
        description:
          `${SIGNED} The tenant's visible posters of the trigger (ruleId) and the client inside their window at ` +
          '`at` (now when absent); for every region or for the region asked for (a province, city or district ' +
          'code; a poster for a province shows in its cities and districts); not tied to stations, tied to every ' +
          'station of the kind of the station asked for, or bound to it. Priority 0 first, then the oldest; at ' +
          'most 50.',
        querystring: PosterAppQuerySchema,
        response: { 200: AppPostersSchema },
      },
    },
    async (request) => ({ posters: await posters.forApp(request.signedClient!.tenant, request.query) }),
  );
};
