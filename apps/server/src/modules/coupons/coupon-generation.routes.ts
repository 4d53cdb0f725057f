import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Job } from '@cmp/domain';
import {
  CouponBatchParamsSchema,
  GenerateRecordCreateSchema,
  GenerateRecordExportQuerySchema,
  GenerateRecordListQuerySchema,
  GenerateRecordListSchema,
  GenerateRecordParamsSchema,
  GenerateRecordSchema,
  GenerateRecordStatisticsSchema,
} from '@cmp/domain/coupons/coupon-batches';
import { actorOf } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { answerExport } from '../../platform/export/export-route.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { CouponGenerationService } from './coupon-generation.js';

const tags = ['coupons'];

export interface GenerationRouteOptions {
  generation: CouponGenerationService;
  db: Db;
  jobs: Jobs;
  exportStreamLimit: number;
}

/** Generate records and their generation jobs under /api/{tenant}. */
export const couponGenerationRoutes: FastifyPluginAsyncZod<GenerationRouteOptions> = async (
  app,
  { generation, db, jobs, exportStreamLimit },
) => {
  app.post(
    '/coupon-batches/:couponBatchId/generate-records',
    {
      schema: {
        tags,
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
        description: 'An account mobile no account has answers an empty list.',
        querystring: GenerateRecordListQuerySchema,
        response: { 200: GenerateRecordListSchema },
      },
    },
    (request) => generation.list(request.tenant!, request.query, actorOf(request)),
  );

  app.get(
    '/coupon-generate-records/export',
    {
      schema: {
        tags,
        description: 'The file at once (200) up to the stream limit of rows, else an export job (202).',
        querystring: GenerateRecordExportQuerySchema,
        response: { 202: Job },
      },
    },
    async (request, reply) => {
      const { format, columns, timeZone, ...filter } = request.query;
      const resolved = await generation.resolveFilter(request.tenant!, filter, actorOf(request));
      return answerExport(
        request,
        reply,
        { query: { ...resolved, tenant: request.tenant! }, format, columns, timeZone },
        { db, jobs, list: generation.export, streamLimit: exportStreamLimit },
      );
    },
  );

  app.get(
    '/coupon-generate-records/:generateRecordId',
    { schema: { tags, params: GenerateRecordParamsSchema, response: { 200: GenerateRecordSchema } } },
    (request) => generation.get(request.tenant!, request.params.generateRecordId),
  );

  app.get(
    '/coupon-generate-records/:generateRecordId/statistics',
    {
      schema: {
        tags,
        description: "The record's coupons by status.",
        params: GenerateRecordParamsSchema,
        response: { 200: GenerateRecordStatisticsSchema },
      },
    },
    (request) => generation.statistics(request.tenant!, request.params.generateRecordId),
  );
};
