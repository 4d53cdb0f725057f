import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_EXPORT_TIME_ZONE, ErrorBody } from '@cmp/domain';
import {
  CouponBatchCreateSchema,
  CouponBatchFilterSchema,
  CouponBatchListQuerySchema,
  CouponBatchPageSchema,
  CouponBatchParamsSchema,
  CouponBatchSchema,
  CouponCodeDownloadQuerySchema,
  CouponNameListQuerySchema,
} from '@cmp/domain/coupons/coupon-batches';
import {
  CouponCustomTagCreateSchema,
  CouponCustomTagPageSchema,
  CouponCustomTagQuerySchema,
  CouponCustomTagSchema,
} from '@cmp/domain/coupons/coupon-records';
import { ruleMessage } from '@cmp/domain/messages/format';
import { actorOf } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { contentDisposition } from '../../platform/export/list-export.js';
import { CONTENT_TYPES } from '../../platform/export/table-file.js';
import { AppError } from '../../platform/http/app-error.js';
import { localeOf } from '../../platform/http/error-handler.js';
import { presentCouponBatch, type CouponBatchesService } from './coupon-batches.service.js';
import { downloadCouponCodes } from './coupon-codes-download.service.js';
import type { CouponCustomTagsService } from './coupon-custom-tags.service.js';

const tags = ['coupons'];

export interface CouponBatchRouteOptions {
  batches: CouponBatchesService;
  customTags: CouponCustomTagsService;
  db: Db;
  listExports: ListExports;
}

/** Coupon batches, their codes and the custom tag catalogue under /api/{tenant}. */
export const couponBatchRoutes: FastifyPluginAsyncZod<CouponBatchRouteOptions> = async (
  app,
  { batches, customTags, db, listExports },
) => {
  app.get(
    '/coupon-batches',
    {
      schema: {
        tags,
        summary: 'List coupon batches',
        querystring: CouponBatchListQuerySchema,
        response: { 200: CouponBatchPageSchema },
      },
    },
    (request) => batches.list(request.tenant!, request.query),
  );

  app.get(
    '/coupon-batches/by-name',
    {
      schema: {
        tags,
        summary: 'Search coupon batches by name',
        description:
          'A page of the batches whose coupon or batch name holds the text: pages of 100 unless fewer are asked.',
        querystring: CouponNameListQuerySchema,
        response: { 200: CouponBatchPageSchema },
      },
    },
    (request) => {
      const { coupon_name: couponBatchName, ...page } = request.query;
      return batches.list(request.tenant!, { ...page, couponBatchName });
    },
  );

  listExports.route(app, {
    url: '/coupon-batches/export',
    tags,
    summary: 'Export coupon batches',
    filter: CouponBatchFilterSchema,
    list: batches.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.post(
    '/coupon-batches',
    {
      schema: {
        tags,
        summary: 'Create a coupon batch',
        description:
          'Money in yuan and a discount as a percentage, stored as cents and a ratio; 400 naming each ' +
          'field that breaks a rule of spec §5 (type for the business, dates, rules, custom tags).',
        body: CouponBatchCreateSchema,
        response: { 201: CouponBatchSchema },
      },
    },
    async (request, reply) => {
      const batch = await batches.create(request.tenant!, request.body, actorOf(request), localeOf(request));
      return reply.status(201).send(batch);
    },
  );

  app.get(
    '/coupon-batches/:couponBatchId',
    {
      schema: {
        tags,
        summary: 'Get a coupon batch',
        params: CouponBatchParamsSchema,
        response: { 200: CouponBatchSchema },
      },
    },
    async (request) => presentCouponBatch(await batches.find(request.tenant!, request.params.couponBatchId)),
  );

  app.put(
    '/coupon-batches/:couponBatchId',
    {
      schema: {
        tags,
        summary: 'Update a coupon batch (not implemented)',
        description:
          'Not implemented (spec: updating coupon info answers 待实现); 404 for a batch the tenant lacks.',
        params: CouponBatchParamsSchema,
        response: { 501: ErrorBody },
      },
    },
    async (request) => {
      await batches.find(request.tenant!, request.params.couponBatchId);
      const rule = ruleMessage('couponBatches.notImplemented');
      throw new AppError(501, 'not_implemented', rule.key, undefined, undefined, rule);
    },
  );

  app.get(
    '/coupon-batches/:couponBatchId/codes',
    {
      schema: {
        tags,
        summary: "Download a batch's coupon codes",
        description:
          'Every code of the batch with its status, account, record and dates (CSV or XLSX), audited.',
        params: CouponBatchParamsSchema,
        querystring: CouponCodeDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const batch = await batches.find(request.tenant!, request.params.couponBatchId);
      const { format } = request.query;
      const { file, fileName } = await downloadCouponCodes(db, {
        tenant: request.tenant!,
        batch,
        format,
        locale: localeOf(request),
        timeZone: DEFAULT_EXPORT_TIME_ZONE,
        actor: actorOf(request),
      });
      file.on('error', (error) => request.log.error({ err: error }, 'coupon code download failed'));
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.get(
    '/coupon-custom-tags',
    {
      schema: {
        tags,
        summary: 'List coupon custom tags',
        querystring: CouponCustomTagQuerySchema,
        response: { 200: CouponCustomTagPageSchema },
      },
    },
    (request) => customTags.list(request.tenant!, request.query),
  );

  app.post(
    '/coupon-custom-tags',
    {
      schema: {
        tags,
        summary: 'Create a coupon custom tag',
        description: '409 when the tenant has the tag already.',
        body: CouponCustomTagCreateSchema,
        response: { 201: CouponCustomTagSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await customTags.create(request.tenant!, request.body, actorOf(request))),
  );
};
