import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AppReportSchema,
  CrowdsourcedStationSchema,
  REPORT_MAX_PICTURES,
} from '@cmp/domain/stations/crowdsourced-stations';
import type { Actor } from '../../platform/audit/audit.js';
import type { ReportIntake } from './report-intake.service.js';

const tags = ['app: crowdsourced-stations'];
const SIGNED =
  'Signed by the app back end (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); the tenant ' +
  "is the client's.";

/** Pictures arrive in the JSON as base64: room for the most a report carries, and its fields. */
const REPORT_BODY_LIMIT = REPORT_MAX_PICTURES * 7_000_000 + 1024 * 1024;

/** The app back end acts as itself: its client id is who entered the report, and who bound its reporter. */
const appActor = (request: FastifyRequest): Actor => ({
  userId: null,
  userName: request.signedClient!.clientId,
  type: 'system',
  requestId: request.id,
});

/** POST /api/app/crowdsourced-stations, registered through `signedRoutes`. */
export const crowdsourcedAppRoutes: FastifyPluginAsyncZod<{ intake: ReportIntake }> = async (
  app,
  { intake },
) => {
  app.post(
    '/app/crowdsourced-stations',
    {
      bodyLimit: REPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Receive a crowd-sourced station report',
        description:
          `${SIGNED} A user's report: 201 new, 200 for a resend of a known objectId (the stored report, ` +
          'unchanged); 404 user_not_found for a reporter the tenant does not have, 415 for a picture that ' +
          'is not a JPEG, PNG or WebP image. Mobiles are answered masked.',
        body: AppReportSchema,
        response: { 200: CrowdsourcedStationSchema, 201: CrowdsourcedStationSchema },
      },
    },
    async (request, reply) => {
      const { report, created } = await intake.fromApp(
        request.signedClient!.tenant,
        request.body,
        appActor(request),
      );
      return reply.status(created ? 201 : 200).send(report);
    },
  );
};
