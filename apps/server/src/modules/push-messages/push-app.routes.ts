import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppMessageAckReceiptSchema,
  AppMessageAckSchema,
  AppMessageListSchema,
  AppMessageQuerySchema,
} from '@cmp/domain/push-messages/push-messages';
import type { PushOutboxService } from './push-outbox.service.js';

const tags = ['app: push messages'];
const SIGNED =
  'Signed by the app back end (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); the tenant ' +
  "is the client's.";

/** The apps' fetch and acknowledgement of their messages (docs/app-api.md "Push messages"). */
export const pushAppRoutes: FastifyPluginAsyncZod<{ outbox: PushOutboxService }> = async (
  app,
  { outbox },
) => {
  app.get(
    '/app/push-messages',
    {
      schema: {
        tags,
        summary: 'An account’s messages not acknowledged yet',
        description:
          `${SIGNED} Batch messages, single notifications, review notices and group notices, oldest first, ` +
          'each with the id the MQTT delivery carries; the same message is answered until acknowledged.',
        querystring: AppMessageQuerySchema,
        response: { 200: AppMessageListSchema },
      },
    },
    (request) => outbox.fetch(request.signedClient!.tenant, request.query.accountId, request.query.limit),
  );

  app.post(
    '/app/push-messages/ack',
    {
      schema: {
        tags,
        summary: 'Acknowledge messages an account was shown',
        description: `${SIGNED} Ids not of the account, or acknowledged before, change nothing and are not counted.`,
        body: AppMessageAckSchema,
        response: { 200: AppMessageAckReceiptSchema },
      },
    },
    (request) => outbox.acknowledge(request.signedClient!.tenant, request.body.accountId, request.body.ids),
  );
};
