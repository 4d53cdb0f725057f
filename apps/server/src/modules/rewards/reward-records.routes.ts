import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LotteryDrawFilterSchema,
  LotteryDrawListQuerySchema,
  LotteryDrawPageSchema,
} from '@cmp/domain/rewards/lottery-draw-contracts';
import {
  BRAND_POINTS,
  PointRecordFilterSchema,
  RewardRecordFilterSchema,
  RewardRecordListQuerySchema,
  PointRecordListQuerySchema,
  PointRecordPageSchema,
  ReissueResultSchema,
  ReissueSchema,
} from '@cmp/domain/rewards/reward-record-contracts';
import { actorOf } from '../../platform/audit/audit.js';
import { revealsMobiles } from '../../platform/auth/mobile-reveal.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { LotteryDrawsService } from './lottery-draws.service.js';
import type { RewardRecordsService } from './reward-records.service.js';

const tags = ['lottery: draws and rewards'];

interface RewardRecordRouteOptions {
  draws: LotteryDrawsService;
  records: RewardRecordsService;
  listExports: ListExports;
}

/**
 * Draw records, point records and the reissue of failed rewards under /api/{tenant} (the spec's record/list,
 * record/reissue and point record list; mobiles whole for operators, masked for viewers).
 */
export const rewardRecordRoutes: FastifyPluginAsyncZod<RewardRecordRouteOptions> = async (
  app,
  { draws, records, listExports },
) => {
  app.get(
    '/lottery-draws',
    {
      schema: {
        tags,
        summary: 'Lottery draw records',
        description:
          'Draws with their rewards, the latest first, 10 a page: by activity, account, mobile, draw state and ' +
          'the state of any of their rewards; searchInput reads as searchInputSelect says (mobile by default).',
        querystring: LotteryDrawListQuerySchema,
        response: { 200: LotteryDrawPageSchema },
      },
    },
    (request) =>
      draws.list(request.tenant!, request.query, {
        reveal: revealsMobiles(request),
        actor: actorOf(request),
      }),
  );

  listExports.route(app, {
    url: '/lottery-draws/export',
    tags,
    summary: 'Export lottery draw records',
    filter: LotteryDrawFilterSchema,
    list: draws.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant!, reveal: revealsMobiles(request) }),
  });

  app.get(
    '/point-records',
    {
      schema: {
        tags,
        summary: 'Point records',
        description:
          'Brand-point rewards, the latest first: by activity, creation range, reward state and a search name ' +
          '(mobile, accountId, resourceId, resourceName) with its text.',
        querystring: PointRecordListQuerySchema,
        response: { 200: PointRecordPageSchema },
      },
    },
    (request) =>
      records.pointRecords(request.tenant!, request.query, {
        reveal: revealsMobiles(request),
        actor: actorOf(request),
      }),
  );

  listExports.route(app, {
    url: '/point-records/export',
    tags,
    summary: 'Export point records',
    filter: PointRecordFilterSchema,
    list: records.pointExport,
    query: (filter, request) => ({
      ...filter,
      rewardType: BRAND_POINTS,
      tenant: request.tenant!,
      reveal: revealsMobiles(request),
    }),
  });

  app.get(
    '/reward-records',
    {
      schema: {
        tags,
        summary: 'Reward records',
        description:
          'Every reward the engine and the draws gave (coupons and points), the latest first, with the point ' +
          'record filter and a reward type: where staff find failed rewards to reissue.',
        querystring: RewardRecordListQuerySchema,
        response: { 200: PointRecordPageSchema },
      },
    },
    (request) =>
      records.list(request.tenant!, request.query, {
        reveal: revealsMobiles(request),
        actor: actorOf(request),
      }),
  );

  listExports.route(app, {
    url: '/reward-records/export',
    tags,
    summary: 'Export reward records',
    filter: RewardRecordFilterSchema,
    list: records.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant!, reveal: revealsMobiles(request) }),
  });

  app.post(
    '/reward-records/reissue',
    {
      schema: {
        tags,
        summary: 'Reissue a failed reward',
        description:
          'Gives the user of a failed reward (state 2) what is named in its place: coupons of a batch of the ' +
          'tenant, or brand points. State 3 on success. 409 for a reward that did not fail; a coupon failure ' +
          'answers its code (coupon_batch_stock_not_enough, …) and leaves the reward failed.',
        body: ReissueSchema,
        response: { 200: ReissueResultSchema },
      },
    },
    (request) => records.reissue(request.tenant!, request.body, actorOf(request)),
  );
};
