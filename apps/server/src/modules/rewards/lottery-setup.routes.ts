import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActivityParamsSchema } from '@cmp/domain/activities/activity-contracts';
import {
  AwardDeleteQuerySchema,
  AwardFieldsSchema,
  AwardListQuerySchema,
  AwardListSchema,
  AwardParamsSchema,
  AwardSchema,
  AwardUpdateSchema,
} from '@cmp/domain/rewards/award-contracts';
import {
  GiftBagAwardParamsSchema,
  GiftBagDeleteQuerySchema,
  GiftBagFieldsSchema,
  GiftBagListSchema,
  GiftBagParamsSchema,
  GiftBagSchema,
  GiftBagUpdateSchema,
  LotterySettingsSchema,
} from '@cmp/domain/rewards/gift-bag-contracts';
import { actorOf } from '../../platform/audit/audit.js';
import type { AwardsService } from './awards.service.js';
import type { GiftBagsService } from './gift-bags.service.js';

const tags = ['lottery: awards and gift bags'];

/**
 * Awards and gift bags of lottery activities under /api/{tenant} (the spec's awardInfo and gift bag calls:
 * its POST updates are PUTs; `awardInfo/{a}/{b}` is `activities/{activityId}/awards/{awardId}`).
 */
export const lotterySetupRoutes: FastifyPluginAsyncZod<{
  awards: AwardsService;
  giftBags: GiftBagsService;
}> = async (app, { awards, giftBags }) => {
  app.get(
    '/awards',
    {
      schema: {
        tags,
        summary: 'Awards of activities',
        description:
          'The awards of the activities named (comma-separated ids, 100 at most), by activity then id.',
        querystring: AwardListQuerySchema,
        response: { 200: AwardListSchema },
      },
    },
    async (request) => ({ items: await awards.list(request.tenant!, request.query.activityIds) }),
  );

  app.post(
    '/activities/:activityId/awards',
    {
      schema: {
        tags,
        summary: 'Create an award',
        description:
          "An award of a lottery activity that is not finished: `awardUnits` coupons of the tenant's batch " +
          '`awardCode` per win, `awardAmount` wins in stock, in the gift bag `giftBagId` or the activity’s pool. ' +
          '404 for an activity the tenant does not have, 422 for one that is not a lottery, an unknown batch or ' +
          'another activity’s bag, 409 for a finished one.',
        params: ActivityParamsSchema,
        body: AwardFieldsSchema,
        response: { 201: AwardSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await awards.create(request.tenant!, request.params.activityId, request.body, actorOf(request)),
        ),
  );

  app.put(
    '/activities/:activityId/awards/:awardId',
    {
      schema: {
        tags,
        summary: 'Update an award',
        description:
          'From the version read (409 when saved since). The stock cannot go below the wins given (422); once ' +
          'given, the batch, units and gift bag stay (409), and a bag’s last award cannot leave it (409).',
        params: AwardParamsSchema,
        body: AwardUpdateSchema,
        response: { 200: AwardSchema },
      },
    },
    (request) =>
      awards.update(
        request.tenant!,
        request.params.activityId,
        request.params.awardId,
        request.body,
        actorOf(request),
      ),
  );

  app.delete(
    '/activities/:activityId/awards/:awardId',
    {
      schema: {
        tags,
        summary: 'Delete an award',
        description:
          'As of the version read: 409 when saved since, once given, or when it is its gift bag’s last award.',
        params: AwardParamsSchema,
        querystring: AwardDeleteQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { activityId, awardId } = request.params;
      await awards.remove(request.tenant!, activityId, awardId, request.query.version, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/activities/:activityId/gift-bags',
    {
      schema: {
        tags,
        summary: 'Gift bags of a lottery',
        description:
          'The claim type and frequency, the gift bags with their awards and the awards in no bag. 422 for an ' +
          'activity that is not a lottery.',
        params: ActivityParamsSchema,
        response: { 200: GiftBagListSchema },
      },
    },
    (request) => giftBags.list(request.tenant!, request.params.activityId),
  );

  app.put(
    '/activities/:activityId/gift-bags/claim-type',
    {
      schema: {
        tags,
        summary: 'Set how a lottery gives its bags',
        description:
          'fixed: a win gives every award of the bag; random: one award of it, picked by remaining stock. From ' +
          'the version read; 409 once users have drawn.',
        params: ActivityParamsSchema,
        body: LotterySettingsSchema,
        response: { 200: GiftBagListSchema },
      },
    },
    (request) =>
      giftBags.setClaimType(request.tenant!, request.params.activityId, request.body, actorOf(request)),
  );

  app.post(
    '/activities/:activityId/gift-bags',
    {
      schema: {
        tags,
        summary: 'Create a gift bag',
        description:
          'A bag won at most `lotteryQuota` times, holding the awards named (the activity’s, in no other bag).',
        params: ActivityParamsSchema,
        body: GiftBagFieldsSchema,
        response: { 201: GiftBagSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await giftBags.create(request.tenant!, request.params.activityId, request.body, actorOf(request)),
        ),
  );

  app.get(
    '/gift-bags/:giftBagId',
    {
      schema: {
        tags,
        summary: 'Get a gift bag',
        params: GiftBagParamsSchema,
        response: { 200: GiftBagSchema },
      },
    },
    (request) => giftBags.get(request.tenant!, request.params.giftBagId),
  );

  app.put(
    '/gift-bags/:giftBagId',
    {
      schema: {
        tags,
        summary: 'Update a gift bag',
        description:
          'From the version read. The quota cannot go below the wins (422); awards left out go back to the pool, ' +
          'except one that was given (409).',
        params: GiftBagParamsSchema,
        body: GiftBagUpdateSchema,
        response: { 200: GiftBagSchema },
      },
    },
    (request) => giftBags.update(request.tenant!, request.params.giftBagId, request.body, actorOf(request)),
  );

  app.delete(
    '/gift-bags/:giftBagId',
    {
      schema: {
        tags,
        summary: 'Delete a gift bag',
        description: 'As of the version read; its awards go back to the pool. 409 once the bag was won.',
        params: GiftBagParamsSchema,
        querystring: GiftBagDeleteQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await giftBags.remove(
        request.tenant!,
        request.params.giftBagId,
        request.query.version,
        actorOf(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/gift-bags/:giftBagId/awards/:awardId',
    {
      schema: {
        tags,
        summary: 'Take an award out of a gift bag',
        description:
          'Back to the activity’s pool. 409 for the bag’s last award (last-one: delete the bag instead) and for ' +
          'an award that was given.',
        params: GiftBagAwardParamsSchema,
        response: { 200: GiftBagSchema },
      },
    },
    (request) =>
      giftBags.removeAward(
        request.tenant!,
        request.params.giftBagId,
        request.params.awardId,
        actorOf(request),
      ),
  );
};
