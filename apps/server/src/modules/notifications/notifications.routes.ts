import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, INT8 } from '@cmp/domain/shared/input';
import { ResourceIdParam } from '@cmp/domain/stations/contract-fields';
import {
  ResourceNotificationListQuerySchema,
  ResourceNotificationListSchema,
  ResourceNotificationSaveSchema,
  ResourceNotificationSchema,
} from '@cmp/domain/stations/resource-notification';
import { actorOf } from '../../platform/audit/audit.js';
import type { Acting, NotificationsService } from './notifications.service.js';

const tags = ['stations'];
const NotificationParams = z.object({ notificationId: idParam(INT8) });

const acting = (request: FastifyRequest): Acting => ({ tenant: request.tenant!, actor: actorOf(request) });

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/stations/:resourceId/notifications',
    {
      schema: {
        tags,
        summary: "List a station's notifications",
        params: ResourceIdParam,
        querystring: ResourceNotificationListQuerySchema,
        response: { 200: ResourceNotificationListSchema },
      },
    },
    (request) => notifications.list(request.params.resourceId, request.query),
  );

  app.post(
    '/stations/notifications',
    {
      schema: {
        tags,
        summary: 'Add a station notification',
        body: ResourceNotificationSaveSchema,
        response: { 201: ResourceNotificationSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await notifications.add(request.body, acting(request))),
  );

  app.put(
    '/stations/notifications/:notificationId',
    {
      schema: {
        tags,
        summary: 'Update a station notification',
        params: NotificationParams,
        body: ResourceNotificationSaveSchema,
        response: { 200: ResourceNotificationSchema },
      },
    },
    (request) => notifications.update(request.params.notificationId, request.body, acting(request)),
  );
};
