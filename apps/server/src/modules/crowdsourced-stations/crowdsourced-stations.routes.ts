import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CrowdsourcedFilterSchema,
  CrowdsourcedListQuerySchema,
  CrowdsourcedStationDetailSchema,
  CrowdsourcedStationPageSchema,
  CrowdsourcedStationSchema,
  ReportDeleteQuerySchema,
  ReportOnlineResultSchema,
  ReportOnlineSchema,
  ReportParamsSchema,
  ReportReviewSchema,
  ReportUpdateSchema,
  StaffReportSchema,
} from '@cmp/domain/stations/crowdsourced-stations';
import { z } from 'zod';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { localeOf } from '../../platform/http/error-handler.js';
import { revealsMobiles } from '../../platform/auth/mobile-reveal.js';
import type { CrowdsourcedStationsService, ReportReader } from './crowdsourced-stations.service.js';
import type { ReportIntake } from './report-intake.service.js';
import type { ReportOnlineService } from './report-online.service.js';

const tags = ['crowdsourced-stations'];
/** The review filter goes in a body; it only reads, so a viewer may send it. */
const READING = { access: { tenantRole: 'viewer' as const } };

const readerOf = (request: FastifyRequest): ReportReader => ({
  actor: actorOf(request),
  revealMobile: revealsMobiles(request),
});

interface CrowdsourcedRouteOptions {
  reports: CrowdsourcedStationsService;
  intake: ReportIntake;
  online: ReportOnlineService;
  listExports: ListExports;
}

/**
 * Crowd-sourced station reports under /api/{tenant}/crowdsourced-stations (the spec's CMS /vpc/westations;
 * mapping in docs/decisions.md "Reported and crowd-sourced stations").
 */
export const crowdsourcedStationRoutes: FastifyPluginAsyncZod<CrowdsourcedRouteOptions> = async (
  app,
  { reports, intake, online, listExports },
) => {
  app.post(
    '/crowdsourced-stations',
    {
      schema: {
        tags,
        summary: 'Enter a crowd-sourced station report',
        description:
          'A report entered by staff (id CSR- and 16 hex digits); 404 user_not_found for a reporter the ' +
          'tenant does not have. A station id the network has is reused and its reporter bound as discoverer.',
        body: StaffReportSchema,
        response: { 201: CrowdsourcedStationSchema },
      },
    },
    async (request, reply) => {
      const { actor, revealMobile } = readerOf(request);
      const report = await intake.fromStaff(request.tenant!, request.body, actor, revealMobile);
      return reply.status(201).send(report);
    },
  );

  app.post(
    '/crowdsourced-stations/search',
    {
      config: READING,
      schema: {
        tags,
        summary: 'Search crowd-sourced station reports',
        description: 'The review queue with its filter, oldest first unless sorted otherwise.',
        body: CrowdsourcedListQuerySchema,
        response: { 200: CrowdsourcedStationPageSchema },
      },
    },
    (request) => reports.list(request.tenant!, request.body, readerOf(request)),
  );

  listExports.route(app, {
    url: '/crowdsourced-stations/export',
    tags,
    summary: 'Export crowd-sourced station reports',
    filter: CrowdsourcedFilterSchema,
    list: reports.export,
    query: async (filter, request) => {
      const reader = readerOf(request);
      await reports.auditExport(request.tenant!, filter, reader);
      return { ...filter, tenant: request.tenant!, revealMobile: reader.revealMobile };
    },
  });

  app.get(
    '/crowdsourced-stations/:objectId',
    {
      schema: {
        tags,
        summary: 'Get a crowd-sourced station report',
        description: "The report, the network stations nearest to it and the reporter's other reports.",
        params: ReportParamsSchema,
        response: { 200: CrowdsourcedStationDetailSchema },
      },
    },
    (request) => reports.get(request.tenant!, request.params.objectId, readerOf(request), localeOf(request)),
  );

  app.put(
    '/crowdsourced-stations/:objectId',
    {
      schema: {
        tags,
        summary: 'Update a crowd-sourced station report',
        description:
          'Saves every field: 409 for a stale version, 422 for an online report. A changed reporter of a ' +
          'report about a network station moves the discoverer relation to the new reporter.',
        params: ReportParamsSchema,
        body: ReportUpdateSchema,
        response: { 200: CrowdsourcedStationSchema },
      },
    },
    (request) => reports.update(request.tenant!, request.params.objectId, request.body, readerOf(request)),
  );

  app.delete(
    '/crowdsourced-stations/:objectId',
    {
      schema: {
        tags,
        summary: 'Delete a crowd-sourced station report',
        description: 'Deletes a report that is not online: 409 for a stale version, 422 for an online one.',
        params: ReportParamsSchema,
        querystring: ReportDeleteQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await reports.remove(request.tenant!, request.params.objectId, request.query.version, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/crowdsourced-stations/:objectId/review',
    {
      schema: {
        tags,
        summary: 'Review a crowd-sourced station report',
        description:
          'Approves (1) or rejects (2, with a reason) a report not online; with sendNotification the ' +
          "reporter's message is written to the outbox (422 when the report has no reporter).",
        params: ReportParamsSchema,
        body: ReportReviewSchema,
        response: { 200: CrowdsourcedStationSchema },
      },
    },
    (request) => reports.review(request.tenant!, request.params.objectId, request.body, readerOf(request)),
  );

  app.post(
    '/crowdsourced-stations/:objectId/online',
    {
      schema: {
        tags,
        summary: 'Bring a crowd-sourced station report online',
        description:
          'Brings an approved report online: with the network station it names, else as a new charge ' +
          'station (id by the -NIO- rule, else CS- and 16 hex digits; 409 when taken).',
        params: ReportParamsSchema,
        body: ReportOnlineSchema,
        response: { 200: ReportOnlineResultSchema },
      },
    },
    (request) =>
      online.bringOnline(request.tenant!, request.params.objectId, request.body, readerOf(request)),
  );
};
