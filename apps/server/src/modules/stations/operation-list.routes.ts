import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OperationListPageSchema, OperationListQuerySchema } from '@cmp/domain/stations/operation-list-item';
import { localeOf } from '../../platform/http/error-handler.js';
import {
  contentDisposition,
  exportFileName,
  writeOperationListWorkbook,
  XLSX_CONTENT_TYPE,
} from './operation-list.export.js';
import type { OperationListService } from './operation-list.service.js';

const tags = ['stations'];

/** The operations list of charge and swap stations and its export, under /api/{tenant}. */
export const operationListRoutes: FastifyPluginAsyncZod<{ operationList: OperationListService }> = async (
  app,
  { operationList },
) => {
  app.get(
    '/stations',
    {
      schema: { tags, querystring: OperationListQuerySchema, response: { 200: OperationListPageSchema } },
    },
    (request) => operationList.list(request.query),
  );

  app.get(
    '/stations/export',
    { schema: { tags, querystring: OperationListQuerySchema } },
    async (request, reply) => {
      const rows = await operationList.exportRows(request.query);
      const locale = localeOf(request);
      const out = new PassThrough();
      writeOperationListWorkbook(out, rows, locale).catch((error: unknown) => {
        // The status line is already sent; a cut-off body is how the client learns of the failure.
        request.log.error({ err: error }, 'station export failed');
        out.destroy(error as Error);
      });
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(exportFileName(locale)))
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
};
