import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChargePointParamsSchema,
  ChargePointRegistrationRequestSchema,
  ChargePointRegistrationSchema,
  PowerChargerListSchema,
  PowerChargersQuerySchema,
  RemoteCommandSchema,
  RemoteOperationLogListSchema,
  RemoteOperationLogSchema,
  RemoteOperationParamsSchema,
  RemoteOperationsByResourceQuerySchema,
  RemoteOperationsBySessionQuerySchema,
  RemoteOperationsExportFilterSchema,
} from '@cmp/domain/stations/remote-operations';
import { z } from 'zod';
import { EXPORT_FORMATS } from '@cmp/domain/platform/export';
import { actorOf } from '../../platform/audit/audit.js';
import { contentDisposition } from '../../platform/export/list-export.js';
import { CONTENT_TYPES } from '../../platform/export/table-file.js';
import { localeOf } from '../../platform/http/error-handler.js';
import { readUploadForm } from '../../platform/http/upload-form.js';
import { readChargePointSheet, registrationFile } from './charge-point-sheet.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { portalBaseUrl } from '../../platform/http/public-url.js';
import { hasRole } from '../../platform/http/route-access.js';
import { ChargePointsService } from './charge-points.service.js';
import type { RemoteCommands } from './remote-commands.service.js';
import type { RemoteOperationsService } from './remote-operations.service.js';

const tags = ['remote-operations'];

interface OcppRouteOptions {
  chargePoints: ChargePointsService;
  commands: RemoteCommands;
  operations: RemoteOperationsService;
  listExports: ListExports;
  publicUrl: string | undefined;
}

/**
 * Charge points, remote commands and their operation logs under /api/{tenant}: registering a charger and
 * its password (operator), the station's power chargers (spec C7.3.17), a command to one charger, and the
 * remote operation lists by resource and by session (C7.3.14, C7.3.15) with their export.
 */
export const ocppRoutes: FastifyPluginAsyncZod<OcppRouteOptions> = async (
  app,
  { chargePoints, commands, operations, listExports, publicUrl },
) => {
  const baseUrlOf = (request: FastifyRequest) => portalBaseUrl(publicUrl, request.server.server);
  // Operators send commands, so they may read the links commands carry.
  const sendsCommands = (request: FastifyRequest) => hasRole(request.auth!.user, request.tenant!, 'operator');

  app.post(
    '/charge-points',
    {
      config: { access: { tenantRole: 'operator' } },
      schema: {
        tags,
        summary: 'Register a charger',
        description:
          'Registers an equipment as an OCPP charge point and answers its password, this once only; ' +
          '404 for an equipment that does not exist, 409 for one registered already.',
        body: ChargePointRegistrationRequestSchema,
        response: { 201: ChargePointRegistrationSchema },
      },
    },
    async (request, reply) => {
      const { chargePointId } = request.body;
      const { password } = await chargePoints.register(request.tenant!, chargePointId, actorOf(request));
      return reply.status(201).send({
        chargePointId,
        password,
        endpoint: ChargePointsService.endpoint(baseUrlOf(request), chargePointId),
      });
    },
  );

  app.post(
    '/charge-points/bulk',
    {
      config: { access: { tenantRole: 'operator' }, upload: { file: 'file' } },
      schema: {
        tags,
        summary: 'Register chargers in bulk from a sheet',
        description:
          'multipart/form-data: `file`, an .xlsx or .csv whose first column under a header row lists ' +
          'equipment ids (at most 10,000). All are registered, each with its own password, or none: 422 ' +
          '`invalid_rows` lists each wrong row (invalidId, duplicate, unknownEquipment, registered), ' +
          '`empty_sheet`, `too_many_rows`; 415 for another file type. Answers the file of ids, passwords ' +
          'and endpoints (`format`, csv unless asked), shown this once only; `x-registered-count` says how many.',
        querystring: z.object({ format: z.enum(EXPORT_FORMATS).default('csv') }),
      },
    },
    async (request, reply) => {
      const { file } = await readUploadForm(request);
      const ids = await readChargePointSheet(file);
      const registered = await chargePoints.registerMany(request.tenant!, ids, actorOf(request));
      const baseUrl = baseUrlOf(request);
      const { format } = request.query;
      const name = `charge-point-passwords-${new Date().toISOString().slice(0, 10).replaceAll('-', '')}.${format}`;
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', contentDisposition({ name, ascii: name }))
        .header('cache-control', 'no-store')
        .header('x-registered-count', String(registered.length))
        .send(
          registrationFile(
            format,
            localeOf(request),
            registered.map((r) => ({
              ...r,
              endpoint: ChargePointsService.endpoint(baseUrl, r.chargePointId),
            })),
          ),
        );
    },
  );

  app.post(
    '/charge-points/:chargePointId/password',
    {
      config: { access: { tenantRole: 'operator' } },
      schema: {
        tags,
        summary: "Rotate a charger's password",
        description:
          'A new password for a registered charger, answered this once only; 404 for an unregistered one.',
        params: ChargePointParamsSchema,
        response: { 200: ChargePointRegistrationSchema },
      },
    },
    async (request) => {
      const { chargePointId } = request.params;
      const { password } = await chargePoints.rotatePassword(
        request.tenant!,
        chargePointId,
        actorOf(request),
      );
      return {
        chargePointId,
        password,
        endpoint: ChargePointsService.endpoint(baseUrlOf(request), chargePointId),
      };
    },
  );

  app.post(
    '/charge-points/:chargePointId/commands',
    {
      config: { access: { tenantRole: 'operator' } },
      schema: {
        tags,
        summary: 'Send a command to a charger',
        description:
          'Sends a command and answers its operation once the charger answered: status 1 done, 3 under way, 2 ' +
          'failed with the reason (offline, timeout, or what the charger answered); 404 for an unregistered charger.',
        params: ChargePointParamsSchema,
        body: RemoteCommandSchema,
        response: { 200: RemoteOperationLogSchema },
      },
    },
    (request) => {
      const { user } = request.auth!;
      return commands.issue({
        tenant: request.tenant!,
        chargePointId: request.params.chargePointId,
        operationType: request.body.operationType,
        command: request.body,
        operatorType: 'user',
        operator: user.userName,
        operatorUserId: user.id,
        requestId: request.id,
      });
    },
  );

  app.post(
    '/power-chargers/search',
    {
      config: { access: { tenantRole: 'viewer' } },
      schema: {
        tags,
        summary: "Search a station's chargers",
        description:
          "A station's chargers with their connectors, presence and open sessions (page 1 of 100 by default).",
        body: PowerChargersQuerySchema,
        response: { 200: PowerChargerListSchema },
      },
    },
    (request) => chargePoints.powerChargers(request.body),
  );

  app.get(
    '/remote-operations',
    {
      schema: {
        tags,
        summary: 'List remote operations by resource',
        description: "Newest first unless sorted; status '0,3' unless given, empty for every status.",
        querystring: RemoteOperationsByResourceQuerySchema,
        response: { 200: RemoteOperationLogListSchema },
      },
    },
    (request) => operations.byResource(request.tenant!, request.query, sendsCommands(request)),
  );

  app.get(
    '/remote-operations/by-session',
    {
      schema: {
        tags,
        summary: 'List remote operations by session',
        querystring: RemoteOperationsBySessionQuerySchema,
        response: { 200: RemoteOperationLogListSchema },
      },
    },
    (request) => operations.bySession(request.tenant!, request.query, sendsCommands(request)),
  );

  listExports.route(app, {
    url: '/remote-operations/export',
    tags,
    summary: 'Export remote operations',
    filter: RemoteOperationsExportFilterSchema,
    list: operations.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.get(
    '/remote-operations/:remoteOperationLogId',
    {
      schema: {
        tags,
        summary: 'Get a remote operation',
        params: RemoteOperationParamsSchema,
        response: { 200: RemoteOperationLogSchema },
      },
    },
    (request) => operations.get(request.tenant!, request.params.remoteOperationLogId, sendsCommands(request)),
  );
};
