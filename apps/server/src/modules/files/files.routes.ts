import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StoredFile } from '@cmp/domain';
import { text } from '@cmp/domain/shared/input';
import { actorOf } from '../../platform/audit/audit.js';
import { readUploadForm } from '../../platform/http/upload-form.js';
import type { FileKind } from '../../platform/storage/file-type.js';
import type { FilesService } from './files.service.js';

const KINDS = ['image', 'spreadsheet', 'document', 'archive'] as const satisfies readonly FileKind[];
const UploadQuery = z.object({
  /** Comma-separated kinds the caller accepts; images by default (the common picture upload). */
  kind: text(64)
    .default('image')
    .transform((v) => v.split(','))
    .pipe(z.array(z.enum(KINDS)).min(1)),
});

/** Tenant-scoped upload: POST /api/{tenant}/files. */
export const fileUploadRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  app.post(
    '/files',
    {
      config: { upload: { file: 'file' } },
      schema: {
        tags: ['files'],
        summary: 'Upload a file',
        querystring: UploadQuery,
        response: { 201: StoredFile },
      },
    },
    async (request, reply) => {
      const { file } = await readUploadForm(request);
      const stored = await files.upload({
        tenant: request.tenant!,
        name: file.name,
        data: file.data,
        accept: request.query.kind,
        actor: actorOf(request),
      });
      return reply.status(201).send(stored);
    },
  );
};

/**
 * Pictures show in the page; anything else (PDF, spreadsheets, archives) is downloaded, never rendered
 * by the browser in the portal's origin, where a crafted document could act for the signed-in user.
 */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const dispositionOf = (contentType: string) => (INLINE_TYPES.has(contentType) ? 'inline' : 'attachment');

/** GET /api/files/{fileId}: the bytes, for any user of the file's tenant. */
export const fileReadRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  app.get(
    '/files/:fileId',
    { schema: { tags: ['files'], summary: 'Download a file', params: z.object({ fileId: z.uuid() }) } },
    async (request, reply) => {
      const tenants = request.auth!.user.roles.map((r) => r.tenant);
      const { file, stream } = await files.open(request.params.fileId, tenants);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, max-age=86400')
        .header(
          'content-disposition',
          `${dispositionOf(file.contentType)}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .send(stream);
    },
  );
};
