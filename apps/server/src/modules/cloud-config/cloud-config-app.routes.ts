import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppConfigQuerySchema,
  AppConfigSchema,
  NamespaceParamsSchema,
  NotificationsQuerySchema,
  NotificationsSchema,
} from '@cmp/domain/cloud-config/cloud-config';
import type { CloudConfigService } from './cloud-config.service.js';

const tags = ['app: cloud configuration'];
const SIGNED =
  'Signed by the app back end (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); the app is ' +
  "the client's tenant's.";
const NotModified = z.null().describe('nothing newer than what the app holds');

/** The apps' configuration reads, registered through `signedRoutes(APP_BACKEND_CLIENT)`. */
export const cloudConfigAppRoutes: FastifyPluginAsyncZod<{
  config: CloudConfigService;
  longPollSeconds: number;
}> = async (app, { config, longPollSeconds }) => {
  app.get(
    '/app/cloud-config/configs/:namespaceName',
    {
      schema: {
        tags,
        summary: 'Read the released configuration of a namespace',
        description:
          `${SIGNED} The latest release: its releaseKey, its notificationId and each key's value as the JSON ` +
          "text saved. With the releaseKey the app holds, 304 while that is still the latest (Apollo's " +
          '/configs). 404 for a namespace the tenant lacks or never released. Working items are never served.',
        params: NamespaceParamsSchema,
        querystring: AppConfigQuerySchema,
        response: { 200: AppConfigSchema, 304: NotModified },
      },
    },
    async (request, reply) => {
      const released = await config.released(
        request.signedClient!.tenant,
        request.params.namespaceName,
        request.query.releaseKey,
      );
      return released ?? reply.code(304).send(null);
    },
  );

  app.get(
    '/app/cloud-config/notifications',
    {
      schema: {
        tags,
        summary: 'Wait for a release (long poll)',
        description:
          `${SIGNED} Apollo's /notifications/v2: notifications is the URL-encoded JSON list of the namespaces ` +
          'the app watches with the notificationId it holds of each (-1 for none). Answered at once with the ' +
          'namespaces released since, else held until one is released (answered within a second) or ' +
          `${longPollSeconds} s pass: 304, poll again. See docs/app-api.md "Cloud configuration".`,
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationsSchema, 304: NotModified },
      },
    },
    async (request, reply) => {
      const hangUp = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) hangUp.abort();
      };
      reply.raw.once('close', onClose);
      try {
        const newer = await config.poll(
          request.signedClient!.tenant,
          request.query.notifications,
          hangUp.signal,
        );
        // The app hung up while held: no one is left to answer.
        if (hangUp.signal.aborted) return reply.hijack();
        return newer ?? reply.code(304).send(null);
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
};
