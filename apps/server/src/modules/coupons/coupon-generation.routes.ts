import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CouponBatchParamsSchema,
  GenerateRecordCreateSchema,
  GenerateRecordFilterSchema,
  GenerateRecordListQuerySchema,
  GenerateRecordPageSchema,
  GenerateRecordParamsSchema,
  GenerateRecordSchema,
  GenerateRecordStatisticsSchema,
} from '@cmp/domain/coupons/coupon-batches';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { CouponGenerationService } from './coupon-generation.service.js';

const tags = ['coupons'];

export interface GenerationRouteOptions {
  generation: CouponGenerationService;
  listExports: ListExports;
}

/** Generate records and their generation jobs under /api/{tenant}. */
export const couponGenerationRoutes: FastifyPluginAsyncZod<GenerationRouteOptions> = async (
  app,
  { generation, listExports },
) => {
  app.post(
    '/coupon-batches/:couponBatchId/generate-records',
    {
      schema: {
        tags,
        summary: 'Generate coupons from a batch',
        description:
          'Takes the stock and starts the generation job (jobId): claimable codes (generate, optionally ' +
          'with a token), one coupon per account (generate_assign) or amount per account ' +
          '(batch_generate_assign). 409 coupon_batch_stock_not_enough, 422 naming unknown accounts.',
        params: CouponBatchParamsSchema,
        body: GenerateRecordCreateSchema,
        response: { 201: GenerateRecordSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const record = await generation.create(request.tenant!, request.params.couponBatchId, request.body, {
        ...actor,
        userId: actor.userId!,
        userName: actor.userName!,
      });
      return reply.status(201).send(record);
    },
  );

  app.get(
    '/coupon-generate-records',
    {
      schema: {
        tags,
        summary: 'List coupon generate records',
        description: 'An account mobile no account has answers an empty list.',
        querystring: GenerateRecordListQuerySchema,
        response: { 200: GenerateRecordPageSchema },
      },
    },
    (request) => generation.list(request.tenant!, request.query, actorOf(request)),
  );

  listExports.route(app, {
    url: '/coupon-generate-records/export',
    tags,
    summary: 'Export coupon generate records',
    filter: GenerateRecordFilterSchema,
    list: generation.export,
    query: async (filter, request) => {
      const resolved = await generation.resolveFilter(request.tenant!, filter, actorOf(request));
      return { ...resolved, tenant: request.tenant! };
    },
  });

  app.get(
    '/coupon-generate-records/:generateRecordId',
    {
      schema: {
        tags,
        summary: 'Get a coupon generate record',
        params: GenerateRecordParamsSchema,
        response: { 200: GenerateRecordSchema },
      },
    },
    (request) => generation.get(request.tenant!, request.params.generateRecordId),
  );

  app.get(
    '/coupon-generate-records/:generateRecordId/statistics',
    {
      schema: {
        tags,
        summary: "Count a generate record's coupons by status",
        description: "The record's coupons by status.",
        params: GenerateRecordParamsSchema,
        response: { 200: GenerateRecordStatisticsSchema },
      },
    },
    (request) => generation.statistics(request.tenant!, request.params.generateRecordId),
  );
};
