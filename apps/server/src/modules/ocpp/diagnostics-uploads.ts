import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '@cmp/domain';
import { text } from '@cmp/domain/shared/input';
import { ChargePointIdSchema } from '@cmp/domain/stations/remote-operations';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { remoteOperationLogs } from './ocpp.tables.js';
import * as logs from './remote-operations.repo.js';

const DiagnosticsUploadParams = z.object({
  chargePointId: ChargePointIdSchema,
  token: text(64),
});

const storedName = (name: string): string =>
  name.replace(/[^A-Za-z0-9._-]/g, '_').slice(-100) || 'diagnostics';

/** The file name a charger gives in `content-disposition`, if any. */
const fileNameOf = (disposition: string | undefined): string | undefined =>
  disposition?.match(/filename="?([^";]+)"?/)?.[1];

/**
 * POST /api/public/ocpp-diagnostics/{chargePointId}/{token}: where a charger uploads the diagnostics a
 * GetDiagnostics asked for, the file as the body (`application/octet-stream`, its name in
 * `content-disposition`), at most `maxBytes`. The location sent to the charger is the only key: an
 * unguessable token that works while its operation is open.
 */
export const diagnosticsUploadRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  maxBytes: number;
}> = async (app, { db, storage, maxBytes }) => {
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/public/ocpp-diagnostics/:chargePointId/:token',
    {
      // Public: chargers upload with the link GetDiagnostics gave them; they have no staff session.
      config: { access: 'public', deviceLink: true },
      schema: {
        tags: ['remote-operations'],
        description:
          '204 once stored; 404 for a link that no open diagnostics operation gave out, 415 for a body ' +
          'that is not application/octet-stream.',
        params: DiagnosticsUploadParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { chargePointId, token } = request.params;
      const operation = await logs.oldestOpen(
        db,
        chargePointId,
        'GET_DIAGNOSTICS',
        sql`right(${remoteOperationLogs.commandInfo}->>'location', ${token.length + 1}) = ${`/${token}`}`,
      );
      if (!operation) throw AppError.notFound('diagnostics upload', chargePointId);
      if (!Buffer.isBuffer(request.body))
        throw new AppError(415, ERROR_CODES.unsupportedFile, 'send the file as application/octet-stream');
      const file = {
        name: fileNameOf(request.headers['content-disposition']) ?? 'diagnostics.log',
        data: request.body,
      };
      const key = `ocpp-diagnostics/${operation.remoteOperationLogId}/${storedName(file.name)}`;
      await storage.put(key, file.data);
      const uploaded = { key, name: file.name, size: file.data.length };
      await db
        .update(remoteOperationLogs)
        .set({
          answer: sql`coalesce(${remoteOperationLogs.answer}, '{}'::jsonb) || jsonb_build_object('uploadedFile', ${JSON.stringify(uploaded)}::jsonb)`,
        })
        .where(eq(remoteOperationLogs.remoteOperationLogId, operation.remoteOperationLogId));
      return reply.status(204).send(null);
    },
  );
};
