import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PriceQuoteRequestSchema,
  PriceQuoteSchema,
  StationActivitiesQuerySchema,
  StationActivitySchema,
} from '@cmp/domain/activities/price-quote';
import type { ActivityQuotesService } from './activity-quotes.service.js';

const tags = ['app: activities'];
const SIGNED =
  'Signed by the app back end (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); the tenant ' +
  "is the client's.";

/** The apps' activity calls under /api/app/activities, registered through `signedRoutes(APP_BACKEND_CLIENT)`. */
export const activityAppRoutes: FastifyPluginAsyncZod<{ quotes: ActivityQuotesService }> = async (
  app,
  { quotes },
) => {
  app.get(
    '/app/activities',
    {
      schema: {
        tags,
        summary: 'The activities a user sees at a station',
        description:
          `${SIGNED} The tenant's activities in progress at \`at\` (now when absent) in which the station is ` +
          "active, oldest first; a charging discount only when one of its rules reaches the user's role, with " +
          'that rule (discounts as ratios, prices in yuan per kWh).',
        querystring: StationActivitiesQuerySchema,
        response: { 200: z.object({ activities: z.array(StationActivitySchema) }) },
      },
    },
    async (request) => ({
      activities: await quotes.stationActivities(request.signedClient!.tenant, request.query),
    }),
  );

  app.post(
    '/app/activities/quote',
    {
      schema: {
        tags,
        summary: 'Price a charging window at a station',
        description:
          `${SIGNED} The price per kWh (yuan, electricity and service parts and their total) slot by slot over ` +
          "[start, end) (epoch ms, at most 48 hours), in the station's zone: the station's own fee and what the " +
          'user pays under the charging discounts live then whose rule reaches their role, each slot naming the ' +
          'activity that gives it (the lowest total wins; the earliest created on a tie; null where none lowers ' +
          'the price). 404 for a station that is not a charge station.',
        body: PriceQuoteRequestSchema,
        response: { 200: PriceQuoteSchema },
      },
    },
    async (request) => quotes.quote(request.signedClient!.tenant, request.body),
  );
};
