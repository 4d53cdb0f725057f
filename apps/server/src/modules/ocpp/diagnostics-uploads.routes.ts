import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@cmp/domain/shared/input';
import { ChargePointIdSchema } from '@cmp/domain/stations/remote-operations';
import type { DiagnosticsUploadsService } from './diagnostics-uploads.service.js';

const DiagnosticsUploadParams = z.object({
  chargePointId: ChargePointIdSchema,
  token: text(64),
});

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
  uploads: DiagnosticsUploadsService;
  maxBytes: number;
}> = async (app, { uploads, maxBytes }) => {
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
        summary: 'Upload charger diagnostics',
        description:
          '204 once stored; 404 for a link that no open diagnostics operation gave out, 415 for a body ' +
          'that is not application/octet-stream.',
        params: DiagnosticsUploadParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { chargePointId, token } = request.params;
      await uploads.store(chargePointId, token, {
        name: fileNameOf(request.headers['content-disposition']) ?? 'diagnostics.log',
        data: request.body,
      });
      return reply.status(204).send(null);
    },
  );
};
