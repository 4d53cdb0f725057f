import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CouponAbandonFilterSchema,
  CouponAbandonListQuerySchema,
  CouponAbandonPageSchema,
  CouponAbandonRecordSchema,
  CouponAbandonSchema,
  CouponBatchSendSchema,
  CouponBindRecordPageSchema,
  CouponBindRecordQuerySchema,
  CouponDeliverFilterSchema,
  CouponDeliverListQuerySchema,
  CouponJobAcceptedSchema,
  CouponPageSchema,
  CouponParamsSchema,
  CouponRecordFilterSchema,
  CouponRecordListQuerySchema,
  CouponSchema,
  CouponSendResultSchema,
  CouponSendSchema,
  RecipientImportFieldsSchema,
  RecipientTemplateQuerySchema,
} from '@cmp/domain/coupons/coupon-records';
import { recipientHeaderOf } from '@cmp/domain/coupons/recipient-import';
import { formatMessage, ruleMessage } from '@cmp/domain/messages/format';
import { fieldRuleMessages } from '@cmp/domain/shared/zod-issues';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { contentDisposition } from '../../platform/export/list-export.js';
import { CONTENT_TYPES } from '../../platform/export/table-file.js';
import { AppError } from '../../platform/http/app-error.js';
import { localeOf } from '../../platform/http/error-handler.js';
import { readUploadForm } from '../../platform/http/upload-form.js';
import { writeRecipientTemplate } from '../../platform/spreadsheet/recipient-sheet.js';
import type { CouponAbandonService } from './coupon-abandon.service.js';
import type { CouponRecipientImportService } from './coupon-recipient-import.service.js';
import type { CouponRecordsService } from './coupon-records.service.js';
import type { CouponSendingService } from './coupon-sending.service.js';

const tags = ['coupons'];

export interface CouponRecordRouteOptions {
  listExports: ListExports;
  records: CouponRecordsService;
  sending: CouponSendingService;
  imports: CouponRecipientImportService;
  abandons: CouponAbandonService;
}

/** The import form: its `file` and the batch and amount fields, checked against their schema. */
async function readImportForm(request: FastifyRequest) {
  const { file, fields } = await readUploadForm(request);
  const parsed = RecipientImportFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const locale = localeOf(request);
    throw AppError.validation(
      fieldRuleMessages(parsed.error).map(({ path, message }) => ({
        path: `body.${path}`,
        message: formatMessage(locale, message),
      })),
    );
  }
  return { file, fields: parsed.data };
}

/** Sending, the recipient import, coupon records, deliveries, bind records and abandons under /api/{tenant}. */
export const couponRecordRoutes: FastifyPluginAsyncZod<CouponRecordRouteOptions> = async (
  app,
  { listExports, records, sending, imports, abandons },
) => {
  app.post(
    '/coupons/send',
    {
      schema: {
        tags,
        summary: 'Send coupons to a user',
        description:
          'Sends `amount` coupons of an open batch to one user, named by accountId or mobile: 404 ' +
          'user_not_found for a user the tenant lacks, 409 coupon_batch_amount_limit past the limit per ' +
          'user, coupon_batch_stock_not_enough past the stock, coupon_unavailable for an ended batch.',
        body: CouponSendSchema,
        response: { 200: CouponSendResultSchema },
      },
    },
    (request) => sending.sendOne(request.tenant!, request.body, actorOf(request)),
  );

  app.post(
    '/coupons/batch-send',
    {
      schema: {
        tags,
        summary: 'Send coupons to many accounts',
        description:
          'Checks every account (422 user_not_found naming the unknown ids, nothing sent), the stock and ' +
          'the limit per user, then sends by a durable job (202).',
        body: CouponBatchSendSchema,
        response: { 202: CouponJobAcceptedSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await sending.batchSend(request.tenant!, request.body, actorOf(request), localeOf(request))),
  );

  app.get(
    '/coupons/recipient-imports/template',
    {
      schema: {
        tags,
        summary: 'Download the recipient import template',
        description:
          'An empty .xlsx whose first column is headed 手机号 (idType=mobile) or 账号 (idType=accountId), ' +
          'formatted as text: fill one identifier per row below the header and import it.',
        querystring: RecipientTemplateQuerySchema,
        produces: [CONTENT_TYPES.xlsx],
      },
    },
    async (request, reply) => {
      const { idType } = request.query;
      const name = formatMessage(localeOf(request), ruleMessage(`couponImport.template.${idType}`));
      return reply
        .header('content-type', CONTENT_TYPES.xlsx)
        .header(
          'content-disposition',
          contentDisposition({ name: `${name}.xlsx`, ascii: `coupon-recipients-${idType}.xlsx` }),
        )
        .send(await writeRecipientTemplate(recipientHeaderOf(idType)));
    },
  );

  app.post(
    '/coupons/recipient-imports',
    {
      config: { upload: { file: 'file', fields: RecipientImportFieldsSchema } },
      schema: {
        tags,
        summary: 'Send coupons to recipients from a sheet',
        description:
          'multipart/form-data: `file` (.xlsx, first column headed 手机号 or 账号) with couponBatchId and ' +
          'amount. A durable job (202) checks every row; any wrong row sends nothing and the job ends ' +
          'with the sheet, each row marked, as its file.',
        response: { 202: CouponJobAcceptedSchema },
      },
    },
    async (request, reply) => {
      const { file, fields } = await readImportForm(request);
      const accepted = await imports.start(
        request.tenant!,
        file,
        fields,
        actorOf(request),
        localeOf(request),
      );
      return reply.status(202).send(accepted);
    },
  );

  app.get(
    '/coupons',
    {
      schema: {
        tags,
        summary: 'List coupon records',
        querystring: CouponRecordListQuerySchema,
        response: { 200: CouponPageSchema },
      },
    },
    async (request) => {
      const { pageNo, pageSize, ...filter } = request.query;
      const query = await records.recordQuery(request.tenant!, filter, actorOf(request));
      return records.list(query, { pageNo, pageSize });
    },
  );

  listExports.route(app, {
    url: '/coupons/export',
    tags,
    summary: 'Export coupon records',
    filter: CouponRecordFilterSchema,
    list: records.recordExport,
    query: (filter, request) => records.recordQuery(request.tenant!, filter, actorOf(request)),
  });

  app.get(
    '/coupons/:couponId',
    {
      schema: { tags, summary: 'Get a coupon', params: CouponParamsSchema, response: { 200: CouponSchema } },
    },
    (request) => records.detail(request.tenant!, request.params.couponId),
  );

  app.get(
    '/coupon-deliveries',
    {
      schema: {
        tags,
        summary: 'List coupon deliveries',
        querystring: CouponDeliverListQuerySchema,
        response: { 200: CouponPageSchema },
      },
    },
    async (request) => {
      const { pageNo, pageSize, ...filter } = request.query;
      const query = await records.deliverQuery(request.tenant!, filter, actorOf(request));
      return records.list(query, { pageNo, pageSize });
    },
  );

  listExports.route(app, {
    url: '/coupon-deliveries/export',
    tags,
    summary: 'Export coupon deliveries',
    filter: CouponDeliverFilterSchema,
    list: records.deliveryExport,
    query: (filter, request) => records.deliverQuery(request.tenant!, filter, actorOf(request)),
  });

  app.post(
    '/coupons/bind-records',
    {
      // A search sent as a body, as the spec's POST coupons/bind/records is: it reads, viewers may.
      config: { access: { tenantRole: 'viewer' } },
      schema: {
        tags,
        summary: 'Search coupon bind records',
        body: CouponBindRecordQuerySchema,
        response: { 200: CouponBindRecordPageSchema },
      },
    },
    (request) => records.bindRecords(request.tenant!, request.body, actorOf(request)),
  );

  app.post(
    '/coupons/abandon',
    {
      schema: {
        tags,
        summary: 'Abandon unused coupons',
        description:
          'Abandons the unused coupons (unclaimed codes too) by coupon_uuid, coupon_generate_record_id, ' +
          'account_id (couponBatchId narrows it to one batch) or coupon_batch_id (which also ends the ' +
          'batch); 409 when nothing is left to abandon.',
        body: CouponAbandonSchema,
        response: { 201: CouponAbandonRecordSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await abandons.abandon(request.tenant!, request.body, actorOf(request))),
  );

  app.get(
    '/coupon-abandon-records',
    {
      schema: {
        tags,
        summary: 'List coupon abandon records',
        querystring: CouponAbandonListQuerySchema,
        response: { 200: CouponAbandonPageSchema },
      },
    },
    (request) => abandons.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/coupon-abandon-records/export',
    tags,
    summary: 'Export coupon abandon records',
    filter: CouponAbandonFilterSchema,
    list: abandons.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });
};
