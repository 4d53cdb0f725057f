import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExportOptions } from '@cmp/domain';
import type { DbOrTx } from '../db/database.js';
import { localeOf } from '../http/error-handler.js';
import { toJob } from '../jobs/job-queue.js';
import type { Jobs } from '../jobs/jobs.js';
import {
  contentDisposition,
  exportFileName,
  exportJobKindName,
  exportNow,
  type ListExport,
} from './list-export.js';
import { CONTENT_TYPES } from './table-file.js';

export interface ExportAnswer<Row, Query, Cursor> {
  db: DbOrTx;
  jobs: Jobs;
  list: ListExport<Row, Query, Cursor>;
  /** Exports of at most this many rows stream back at once; larger ones become a job. */
  streamLimit: number;
}

/**
 * Answers a list's export request: the file itself (200) when the filter matches at most `streamLimit`
 * rows, else a queued export job (202) whose file the task center offers when it is done.
 */
export async function answerExport<Row, Query, Cursor>(
  request: FastifyRequest,
  reply: FastifyReply,
  { query, format, columns, timeZone }: { query: Query } & ExportOptions,
  { db, jobs, list, streamLimit }: ExportAnswer<Row, Query, Cursor>,
): Promise<FastifyReply> {
  const locale = localeOf(request);
  const file = exportFileName(list, locale, format, { timeZone });
  const exportRequest = { query, columns, format, locale, timeZone, fileName: file.name };
  if ((await list.count(db, query)) > streamLimit) {
    // A query the list refuses (a sort it does not know) answers its error now, not as a failed job.
    await list.batch(db, query, null, 1);
    const { user } = request.auth!;
    const job = await jobs.enqueue({
      kind: exportJobKindName(list),
      tenant: request.tenant,
      createdBy: { userId: user.id, userName: user.userName },
      params: exportRequest,
    });
    return reply.status(202).send(toJob(job));
  }
  const body = await exportNow(db, list, exportRequest);
  // The status line is already sent when a later batch fails; a cut-off body is how the client learns of it.
  body.on('error', (error) => request.log.error({ err: error }, `${list.list} export failed`));
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', contentDisposition(file))
    .header('cache-control', 'no-store')
    .send(body);
}
