import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityCreateSchema,
  ActivityDeleteQuerySchema,
  ActivityFilterSchema,
  ActivityListQuerySchema,
  ActivityPageSchema,
  ActivityParamsSchema,
  ActivitySchema,
  ActivityStatusChangeBodySchema,
  ActivityUpdateSchema,
  DiscountOverlapsSchema,
  RewardTimelineSchema,
} from '@cmp/domain/activities/activity-contracts';
import { TariffCalendarQuerySchema, TariffCalendarSchema } from '@cmp/domain/activities/tariff-calendar';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { ActivitiesService } from './activities.service.js';
import type { ActivityQuotesService } from './activity-quotes.service.js';

const tags = ['activities'];

interface ActivityRouteOptions {
  activities: ActivitiesService;
  quotes: ActivityQuotesService;
  listExports: ListExports;
}

/**
 * The tenant's activities under /api/{tenant}/activities (the spec's cmo act v1: its POST list is a GET
 * with the filter as query, its POST update a PUT, its POST delete a DELETE; update-status stays a POST).
 */
export const activityRoutes: FastifyPluginAsyncZod<ActivityRouteOptions> = async (
  app,
  { activities, quotes, listExports },
) => {
  app.get(
    '/activities',
    {
      schema: {
        tags,
        summary: 'List activities',
        querystring: ActivityListQuerySchema,
        response: { 200: ActivityPageSchema },
      },
    },
    (request) => activities.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/activities/export',
    tags,
    summary: 'Export activities',
    filter: ActivityFilterSchema,
    list: activities.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant!, now: Date.now() }),
  });

  app.get(
    '/activities/:activityId',
    {
      schema: {
        tags,
        summary: 'Get an activity',
        description:
          'The activity with its rules; an assisting activity also gets the coupon name of each reward code ' +
          'as assist_reward_name and assisted_reward_name. 404 for an activity the tenant does not have.',
        params: ActivityParamsSchema,
        response: { 200: ActivitySchema },
      },
    },
    (request) => activities.get(request.tenant!, request.params.activityId),
  );

  app.get(
    '/activities/:activityId/reward-statistics',
    {
      schema: {
        tags,
        summary: "An activity's rewards per day",
        description: 'Red packets (how many) and points given, summed per day in UTC+08:00, oldest first.',
        params: ActivityParamsSchema,
        response: { 200: RewardTimelineSchema },
      },
    },
    (request) => activities.rewardTimeline(request.tenant!, request.params.activityId),
  );

  app.get(
    '/activities/:activityId/overlaps',
    {
      schema: {
        tags,
        summary: 'Charging discounts that meet this one',
        description:
          "The tenant's other charging discounts, not finished, whose window meets this one's from now on, on " +
          'stations both take part in, with how many they share (users there get the lower price). Empty for ' +
          'other types.',
        params: ActivityParamsSchema,
        response: { 200: DiscountOverlapsSchema },
      },
    },
    (request) => activities.discountOverlaps(request.tenant!, request.params.activityId),
  );

  app.get(
    '/activities/tariff-calendar',
    {
      schema: {
        tags,
        summary: "A day of a station's prices under its charging discounts",
        description:
          "The station's price per kWh through a day in its own zone, each charging discount live there that day " +
          'priced alone against it for the user role asked, and the pairs of those discounts that meet in time for ' +
          'a role both reach (users get the lower price). `activityId` adds a discount not started yet as a ' +
          'preview (`live: false`).',
        querystring: TariffCalendarQuerySchema,
        response: { 200: TariffCalendarSchema },
      },
    },
    (request) => quotes.tariffCalendar(request.tenant!, request.query),
  );

  app.post(
    '/activities',
    {
      schema: {
        tags,
        summary: 'Create an activity',
        description:
          'Creates an activity, not started. 400 for fields its type needs and lacks (per field), 422 for a ' +
          'discount role the tenant does not have, an unknown scene, coupon batch or operator.',
        body: ActivityCreateSchema,
        response: { 201: ActivitySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await activities.create(request.tenant!, request.body, actorOf(request))),
  );

  app.put(
    '/activities/:activityId',
    {
      schema: {
        tags,
        summary: 'Update an activity',
        description:
          'Replaces the fields from the version read: 409 when it was saved since or the activity is finished, ' +
          '422 for a change of type, and the checks of create.',
        params: ActivityParamsSchema,
        body: ActivityUpdateSchema,
        response: { 200: ActivitySchema },
      },
    },
    (request) =>
      activities.update(request.tenant!, request.params.activityId, request.body, actorOf(request)),
  );

  app.post(
    '/activities/:activityId/update-status',
    {
      schema: {
        tags,
        summary: 'Start or finish an activity',
        description:
          'start: a created activity whose end time has not passed (409 when started or finished, 422 after ' +
          'its end); finish: a started one (409 otherwise). 409 when it was saved since the version read.',
        params: ActivityParamsSchema,
        body: ActivityStatusChangeBodySchema,
        response: { 200: ActivitySchema },
      },
    },
    (request) =>
      activities.changeStatus(request.tenant!, request.params.activityId, request.body, actorOf(request)),
  );

  app.delete(
    '/activities/:activityId',
    {
      schema: {
        tags,
        summary: 'Delete an activity',
        description:
          'Deletes the activity and its station list as of the version read: 409 when it was saved since, ' +
          'while it is scheduled or in progress, or once it has given rewards.',
        params: ActivityParamsSchema,
        querystring: ActivityDeleteQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await activities.remove(
        request.tenant!,
        request.params.activityId,
        request.query.version,
        actorOf(request),
      );
      return reply.status(204).send(null);
    },
  );
};
