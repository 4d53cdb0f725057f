import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PushBatchCreateSchema,
  PushBatchDetailSchema,
  PushBatchFilterSchema,
  PushBatchListQuerySchema,
  PushBatchPageSchema,
  PushBatchParamsSchema,
  PushBatchSchema,
  PushBatchUpdateSchema,
  PushNotificationCreateSchema,
  PushNotificationSchema,
  PushReceiptSchema,
  PushRecipientAddSchema,
  PushRecipientPageSchema,
  PushRecipientParamsSchema,
  PushRecipientQuerySchema,
  PushScheduleSchema,
  PushStartSchema,
} from '@cmp/domain/push-messages/push-messages';
import { idParam } from '@cmp/domain/shared/input';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { AppError } from '../../platform/http/app-error.js';
import { localeOf } from '../../platform/http/error-handler.js';
import { readUploadForm } from '../../platform/http/upload-form.js';
import type { PushBatchesService } from './push-batches.service.js';
import type { PushOutboxService } from './push-outbox.service.js';
import type { PushRecipientImportService } from './push-recipient-import.service.js';

const tags = ['push-messages'];
const PUSHING = '409 while the batch is being pushed.';
const VERSION = 'From the version read: 409 when the batch was saved since.';

/**
 * The tenant's push batches and single notifications under /api/{tenant} (spec §7 "Push messages", their
 * paths decided in docs/decisions.md "Push messages"): viewers read, operators change.
 */
export const pushMessageRoutes: FastifyPluginAsyncZod<{
  batches: PushBatchesService;
  imports: PushRecipientImportService;
  outbox: PushOutboxService;
  listExports: ListExports;
}> = async (app, { batches, imports, outbox, listExports }) => {
  app.get(
    '/push-batches',
    {
      schema: {
        tags,
        summary: 'List push batches (batchList)',
        querystring: PushBatchListQuerySchema,
        response: { 200: PushBatchPageSchema },
      },
    },
    (request) => batches.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/push-batches/export',
    tags,
    summary: 'Export push batches',
    filter: PushBatchFilterSchema,
    list: batches.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.post(
    '/push-batches',
    {
      schema: {
        tags,
        summary: 'Create a push batch (notification/batchPush)',
        description: 'A draft: recipients are added to it, then it is pushed or scheduled.',
        body: PushBatchCreateSchema,
        response: { 201: PushBatchSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await batches.create(request.tenant!, request.body, actorOf(request))),
  );

  app.get(
    '/push-batches/:batchId',
    {
      schema: {
        tags,
        summary: 'A push batch with its recipients by delivery state (batch/detail)',
        params: PushBatchParamsSchema,
        response: { 200: PushBatchDetailSchema },
      },
    },
    (request) => batches.get(request.tenant!, request.params.batchId),
  );

  app.put(
    '/push-batches/:batchId',
    {
      schema: {
        tags,
        summary: 'Change a push batch’s message, clients and rate',
        description: `${VERSION} ${PUSHING}`,
        params: PushBatchParamsSchema,
        body: PushBatchUpdateSchema,
        response: { 200: PushBatchSchema },
      },
    },
    (request) => batches.update(request.tenant!, request.params.batchId, request.body, actorOf(request)),
  );

  app.get(
    '/push-batches/:batchId/recipients',
    {
      schema: {
        tags,
        summary: 'A batch’s recipients with their delivery (batch/recipient/{batchId}/{pageNo}/{pageSize})',
        description: 'In account order; mobiles masked.',
        params: PushBatchParamsSchema,
        querystring: PushRecipientQuerySchema,
        response: { 200: PushRecipientPageSchema },
      },
    },
    (request) => batches.recipients(request.tenant!, request.params.batchId, request.query),
  );

  app.post(
    '/push-batches/:batchId/recipients',
    {
      schema: {
        tags,
        summary: 'Add a recipient (batch/add-user/single)',
        description: `422 for an account that is not a live account of the tenant, 409 for one in the batch. ${PUSHING}`,
        params: PushBatchParamsSchema,
        body: PushRecipientAddSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await batches.addRecipient(
        request.tenant!,
        request.params.batchId,
        request.body.accountId,
        actorOf(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/push-batches/:batchId/recipients/:accountId',
    {
      schema: {
        tags,
        summary: 'Remove a recipient (batch/remove-user/single)',
        description: `404 for an account that is not a recipient. ${PUSHING}`,
        params: PushRecipientParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await batches.removeRecipient(
        request.tenant!,
        request.params.batchId,
        request.params.accountId,
        actorOf(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/push-batches/:batchId/recipients/import',
    {
      config: { upload: { file: 'file' } },
      schema: {
        tags,
        summary: 'Add the recipients of a sheet (batch/add-user/excel)',
        description:
          'multipart/form-data: `file` (.xlsx, first column headed 手机号 or 账号, one identifier per row). A ' +
          'durable job (202) checks every row; any wrong row adds nobody and the job ends with the sheet, each ' +
          `row marked, as its file. 415 for a file that is not a spreadsheet. ${PUSHING}`,
        params: PushBatchParamsSchema,
        response: { 202: PushReceiptSchema },
      },
    },
    async (request, reply) => {
      const { file } = await readUploadForm(request);
      return reply
        .status(202)
        .send(
          await imports.start(
            request.tenant!,
            request.params.batchId,
            file,
            actorOf(request),
            localeOf(request),
          ),
        );
    },
  );

  app.post(
    '/push-batches/:batchId/recipients/empty',
    {
      schema: {
        tags,
        summary: 'Remove every recipient (batch/empty-user/{id})',
        description: `${VERSION} ${PUSHING}`,
        params: PushBatchParamsSchema,
        body: PushStartSchema,
        response: { 200: PushBatchSchema },
      },
    },
    (request) =>
      batches.empty(request.tenant!, request.params.batchId, request.body.version, actorOf(request)),
  );

  app.put(
    '/push-batches/:batchId/schedule',
    {
      schema: {
        tags,
        summary: 'Schedule, move or cancel the batch’s push (batch/modify-job)',
        description:
          `pushAt (epoch ms) in the future with at least one recipient (422 otherwise); null cancels. ${VERSION} ` +
          PUSHING,
        params: PushBatchParamsSchema,
        body: PushScheduleSchema,
        response: { 200: PushBatchSchema },
      },
    },
    (request) => batches.schedule(request.tenant!, request.params.batchId, request.body, actorOf(request)),
  );

  app.post(
    '/push-batches/:batchId/push-all',
    {
      schema: {
        tags,
        summary: 'Push to every recipient not pushed yet (batch/push/all/{id})',
        description: `A durable job (202) with its progress in the task center; 422 when nobody waits. ${VERSION}`,
        params: PushBatchParamsSchema,
        body: PushStartSchema,
        response: { 202: PushReceiptSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await batches.pushAll(
            request.tenant!,
            request.params.batchId,
            request.body.version,
            actorOf(request),
          ),
        ),
  );

  app.post(
    '/push-batches/:batchId/retry',
    {
      schema: {
        tags,
        summary: 'Push the failed recipients again (notification/batchRetry)',
        description: `A durable job (202); 422 when none failed. ${VERSION}`,
        params: PushBatchParamsSchema,
        body: PushStartSchema,
        response: { 202: PushReceiptSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await batches.retry(
            request.tenant!,
            request.params.batchId,
            request.body.version,
            actorOf(request),
          ),
        ),
  );

  app.post(
    '/push-batches/:batchId/recipients/:accountId/push',
    {
      schema: {
        tags,
        summary: 'Push to one recipient (batch/push/{id})',
        description:
          'A durable job (202); pushes again to a recipient pushed before. 404 for one not in the batch.',
        params: PushRecipientParamsSchema,
        response: { 202: PushReceiptSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await batches.pushOne(
            request.tenant!,
            request.params.batchId,
            request.params.accountId,
            actorOf(request),
          ),
        ),
  );

  app.post(
    '/push-notifications',
    {
      schema: {
        tags,
        summary: 'Push a notification to one account (notification/push)',
        description: '422 for an account that is not a live account of the tenant. Delivered at once (202).',
        body: PushNotificationCreateSchema,
        response: { 202: PushNotificationSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await outbox.notify(request.tenant!, request.body, actorOf(request))),
  );

  app.get(
    '/push-notifications/:notificationId',
    {
      schema: {
        tags,
        summary: 'A single notification and its delivery',
        params: z.object({ notificationId: idParam() }),
        response: { 200: PushNotificationSchema },
      },
    },
    async (request) => {
      const found = await outbox.notification(request.tenant!, request.params.notificationId);
      if (!found) throw AppError.notFound('push notification', request.params.notificationId);
      return found;
    },
  );
};
