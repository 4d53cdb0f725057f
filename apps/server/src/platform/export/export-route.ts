import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ExportOptionsSchema, Job, type ExportOptions } from '@cmp/domain';
import type { DbOrTx } from '../db/database.js';
import { localeOf } from '../http/error-handler.js';
import { toJob } from '../jobs/job-queue.js';
import type { Jobs } from '../jobs/jobs.js';
import {
  contentDisposition,
  exportFileName,
  exportJobKind,
  exportJobKindName,
  exportNow,
  type ListExport,
} from './list-export.js';
import { CONTENT_TYPES } from './table-file.js';

/** A list's export route: where it is, the list's filter, and the export's query made from both. */
export interface ExportRoute<Filter extends z.ZodObject, Query, Row, Cursor, Params extends z.ZodObject> {
  url: string;
  tags: string[];
  /** The path's parameters, when the URL has any. */
  params?: Params;
  /** The list's filter and order as the list route takes them; the route adds the export options. */
  filter: Filter;
  list: ListExport<Row, Query, Cursor>;
  /**
   * The export's query from the filter and the request: the tenant, what the reader may see. It may
   * refuse (throw) or record the export (an audit of the mobiles it shows) before any row is read.
   */
  query: (
    filter: z.infer<Filter>,
    request: FastifyRequest<{ Params: z.infer<Params> }>,
  ) => Query | Promise<Query>;
  /** The route's config (its access) when it is not the default: a viewer of the tenant reads. */
  config?: FastifyContextConfig;
  /** The operation's title in the API docs ('Export charge stations'); the description keeps the detail. */
  summary: string;
  /** What a caller should know besides how the answer comes. */
  description?: string;
}

const HOW_IT_ANSWERS =
  'The list (filter and order) as a file: at once (200) up to the stream limit of rows, else an export job (202).';

/**
 * Every list export of the portal: a route and its job kind from one declaration. A file of at most
 * `streamLimit` rows streams back at once; a larger one becomes a job whose file the task center offers.
 */
export class ListExports {
  constructor(
    private readonly db: DbOrTx,
    private readonly jobs: Jobs,
    private readonly streamLimit: number,
  ) {}

  route<Filter extends z.ZodObject, Query, Row, Cursor, Params extends z.ZodObject = z.ZodObject>(
    scope: FastifyInstance,
    declaration: ExportRoute<Filter, Query, Row, Cursor, Params>,
  ) {
    const { url, tags, params, filter, list, query, config, summary, description } = declaration;
    this.jobs.register(exportJobKind(list));
    scope.get(
      url,
      {
        config,
        schema: {
          tags,
          summary,
          description: description ? `${HOW_IT_ANSWERS} ${description}` : HOW_IT_ANSWERS,
          ...(params ? { params } : {}),
          querystring: filter.extend(ExportOptionsSchema.shape),
          response: { 202: Job },
        },
      },
      async (request, reply) => {
        const { format, columns, timeZone, ...rest } = request.query as z.infer<Filter> & ExportOptions;
        const exportQuery = await query(
          rest as z.infer<Filter>,
          request as FastifyRequest<{ Params: z.infer<Params> }>,
        );
        return this.answer(request, reply, list, { query: exportQuery, format, columns, timeZone });
      },
    );
  }

  /**
   * Answers a list's export request: the file itself (200) when the filter matches at most `streamLimit`
   * rows, else a queued export job (202).
   */
  private async answer<Query, Row, Cursor>(
    request: FastifyRequest,
    reply: FastifyReply,
    list: ListExport<Row, Query, Cursor>,
    { query, format, columns, timeZone }: { query: Query } & ExportOptions,
  ): Promise<FastifyReply> {
    const locale = localeOf(request);
    const file = exportFileName(list, locale, format, { timeZone });
    const exportRequest = { query, columns, format, locale, timeZone, fileName: file.name };
    if ((await list.count(this.db, query)) > this.streamLimit) {
      // A query the list refuses (a sort it does not know) answers its error now, not as a failed job.
      await list.batch(this.db, query, null, 1);
      const { user } = request.auth!;
      const job = await this.jobs.enqueue({
        kind: exportJobKindName(list),
        tenant: request.tenant,
        createdBy: { userId: user.id, userName: user.userName },
        params: exportRequest,
      });
      return reply.status(202).send(toJob(job));
    }
    const body = await exportNow(this.db, list, exportRequest);
    // The status line is already sent when a later batch fails; a cut-off body is how the client learns of it.
    body.on('error', (error) => request.log.error({ err: error }, `${list.list} export failed`));
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', contentDisposition(file))
      .header('cache-control', 'no-store')
      .send(body);
  }
}
