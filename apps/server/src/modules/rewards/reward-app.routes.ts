import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ActivityParamsSchema } from '@cmp/domain/activities/activity-contracts';
import { GiftBagListSchema } from '@cmp/domain/rewards/gift-bag-contracts';
import { AppDrawRequestSchema, LotteryDrawSchema } from '@cmp/domain/rewards/lottery-draw-contracts';
import { RewardEventBatchSchema, RewardEventReceiptSchema } from '@cmp/domain/rewards/reward-events';
import type { GiftBagsService } from './gift-bags.service.js';
import type { LotteryDrawsService } from './lottery-draws.service.js';
import type { RewardEventsService } from './reward-events.service.js';

const tags = ['app: lottery'];
const SIGNED =
  'Signed by the app back end (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); the tenant ' +
  "is the client's.";

/** The apps' lottery calls, registered through `signedRoutes(APP_BACKEND_CLIENT)`. */
interface RewardAppRouteOptions {
  draws: LotteryDrawsService;
  giftBags: GiftBagsService;
  events: RewardEventsService;
}

export const rewardAppRoutes: FastifyPluginAsyncZod<RewardAppRouteOptions> = async (
  app,
  { draws, giftBags, events },
) => {
  app.post(
    '/app/reward-events',
    {
      schema: {
        tags,
        summary: 'Report what users did, for the activities’ rewards',
        description:
          `${SIGNED} Up to 1,000 events: charging orders finished, assists, check-ins at stations (see ` +
          'docs/app-api.md "Reward events"). Kept at once and rewarded by the reward engine soon after, in ' +
          'order; an event whose eventId the tenant has was kept before and is answered among the duplicates, ' +
          'rewarded once. 400 for a malformed event (nothing of the request is kept).',
        body: RewardEventBatchSchema,
        response: { 202: RewardEventReceiptSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await events.ingest(request.signedClient!.tenant, request.body.events)),
  );

  app.get(
    '/app/lotteries/:activityId',
    {
      schema: {
        tags,
        summary: 'A lottery’s gift bags and awards',
        description:
          `${SIGNED} What a lottery page shows: the claim type and frequency, each gift bag with its remaining ` +
          'quota and its awards with their remaining stock. 404 for an activity the tenant does not have, 422 ' +
          'for one that is not a lottery.',
        params: ActivityParamsSchema,
        response: { 200: GiftBagListSchema },
      },
    },
    (request) => giftBags.list(request.signedClient!.tenant, request.params.activityId),
  );

  app.post(
    '/app/lottery-draws',
    {
      schema: {
        tags,
        summary: 'Draw in a lottery',
        description:
          `${SIGNED} The user draws once in a lottery in progress: win (a gift bag, and its awards as coupons ` +
          'bound to the account, each reward with its state: 1 given, 2 failed with its reason, to be reissued by ' +
          'staff) or lose with its reason (drawn_out, no_gift_bag). The same requestId answers the draw it made, ' +
          'however often it is sent. 404 user_not_found for an account the tenant does not have; 409 when the ' +
          'user has drawn in the period of the claim frequency (once, or once a day in UTC+08:00), when the ' +
          'lottery is not in progress, or when the requestId was used for another account.',
        body: AppDrawRequestSchema,
        response: { 200: LotteryDrawSchema },
      },
    },
    (request) => draws.draw(request.signedClient!.tenant, request.body),
  );
};
