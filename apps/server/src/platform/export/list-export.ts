import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { z } from 'zod';
import { DEFAULT_EXPORT_TIME_ZONE } from '@cmp/domain';
import type { Locale } from '@cmp/domain/messages/format';
import type { DbOrTx } from '../db/database.js';
import type { DefinedList, Sorted } from '../lists/define-list.js';
import type { ListCursor } from '../lists/list-order.js';
import { defineJobKind, storageKeyOfJob, type JobKind } from '../jobs/job-kind.js';
import { readAll } from '../storage/file-storage.js';
import { wallClock } from './export-sheet.js';
import {
  assembleTable,
  CONTENT_TYPES,
  EXPORT_FORMATS,
  NO_ROWS,
  startPart,
  type StartedPart,
  tableFile,
  type Cell,
  type ExportFormat,
  type TablePart,
  type TableProgress,
} from './table-file.js';

/** What a cell is written for: the reader's language and time zone. */
export interface CellContext {
  locale: Locale;
  timeZone: string;
}

/** A column a list can export: its key (the screen's column key), its header in both languages, its cell. */
export interface ExportColumn<Row> {
  key: string;
  header: Record<Locale, string>;
  width?: number;
  cell: (row: Row, at: CellContext) => Cell;
}

/**
 * What a list declares to be exportable: its columns, how many rows a query matches and the rows in the
 * list's order, a batch at a time from a cursor. The export route and the export job are the same for
 * every list.
 */
export interface ListExport<Row, Query, Cursor = ListCursor> {
  /** Names the job kind (`export.<list>`). */
  list: string;
  /** The file's name before its date, in both languages; the English one is also the ASCII fallback. */
  fileName: Record<Locale, string>;
  sheetName: Record<Locale, string>;
  query: z.ZodType<Query>;
  columns: ExportColumn<Row>[];
  count(db: DbOrTx, query: Query): Promise<number>;
  batch(
    db: DbOrTx,
    query: Query,
    cursor: Cursor | null,
    size: number,
  ): Promise<{ rows: Row[]; next: Cursor | null }>;
}

/** The file a list's export writes: its name, its sheet's and its columns, in both languages. */
export interface ExportSheet<Item> {
  fileName: Record<Locale, string>;
  sheetName: Record<Locale, string>;
  columns: ExportColumn<Item>[];
}

/**
 * A list's export from the list itself: its query (the list's filter and order, and what the reader may
 * see), its sheet, and the items its rows make, as the list's page shows them.
 */
export function listExport<Query extends Sorted<object>, Row, Item>(declaration: {
  /** Names the job kind (`export.<list>`). */
  list: string;
  query: z.ZodType<Query>;
  sheet: ExportSheet<Item>;
  rows: DefinedList<NoInfer<Query>, Row>;
  items: (rows: Row[], query: Query) => Item[] | Promise<Item[]>;
}): ListExport<Item, Query> {
  const { list, query, sheet, rows, items } = declaration;
  return {
    list,
    query,
    ...sheet,
    count: (db, filter) => rows.count(db, filter),
    batch: async (db, filter, cursor, size) => {
      const batch = await rows.batch(db, filter, cursor, size);
      return { rows: await items(batch.rows, filter), next: batch.next };
    },
  };
}

export interface ExportRequest<Query> {
  query: Query;
  /** Column keys in the order the screen shows them; every column when empty. */
  columns: string[];
  format: ExportFormat;
  locale: Locale;
  /** IANA zone the file's times are written in. */
  timeZone: string;
  fileName: string;
}

/** `场站运营列表-20261122.xlsx`, dated in the reader's zone, and its ASCII fallback. */
export function exportFileName(
  list: { fileName: Record<Locale, string> },
  locale: Locale,
  format: ExportFormat,
  { now = new Date(), timeZone = DEFAULT_EXPORT_TIME_ZONE }: { now?: Date; timeZone?: string } = {},
): { name: string; ascii: string } {
  const day = (wallClock(now.getTime(), timeZone) ?? '').slice(0, 10).replaceAll('-', '');
  return {
    name: `${list.fileName[locale]}-${day}.${format}`,
    ascii: `${list.fileName['en-US']}-${day}.${format}`,
  };
}

export const contentDisposition = ({ name, ascii }: { name: string; ascii: string }) =>
  `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function selectedColumns<Row>(
  list: ListExport<Row, unknown, unknown>,
  keys: string[],
): ExportColumn<Row>[] {
  if (keys.length === 0) return list.columns;
  return keys.flatMap((key) => list.columns.filter((column) => column.key === key));
}

const sheetOf = <Row>(
  list: ListExport<Row, unknown, unknown>,
  columns: ExportColumn<Row>[],
  locale: Locale,
) => ({
  name: list.sheetName[locale],
  columns: columns.map((column) => ({ header: column.header[locale], width: column.width })),
});

/** Rows read per batch of a download: few round trips, little memory. */
export const EXPORT_READ_BATCH = 1000;

/**
 * The whole export as one file, read batch by batch as the reader takes it: for exports below the job
 * threshold. The first batch is read before the file starts, so a query the list refuses (a sort it
 * does not know) answers its error rather than a cut-off file.
 */
export async function exportNow<Row, Query, Cursor>(
  db: DbOrTx,
  list: ListExport<Row, Query, Cursor>,
  request: ExportRequest<Query>,
): Promise<Readable> {
  const columns = selectedColumns(list as ListExport<Row, unknown, unknown>, request.columns);
  const at: CellContext = { locale: request.locale, timeZone: request.timeZone };
  const cells = (rows: Row[]) => rows.map((row) => columns.map((column) => column.cell(row, at)));
  const first = await list.batch(db, request.query, null, EXPORT_READ_BATCH);
  async function* batches(): AsyncIterable<Cell[][]> {
    yield cells(first.rows);
    for (let cursor = first.next; cursor !== null;) {
      const { rows, next }: { rows: Row[]; next: Cursor | null } = await list.batch(
        db,
        request.query,
        cursor,
        EXPORT_READ_BATCH,
      );
      yield cells(rows);
      cursor = next;
    }
  }
  return tableFile(
    request.format,
    sheetOf(list as ListExport<Row, unknown, unknown>, columns, request.locale),
    batches(),
  );
}

export const exportJobKindName = (list: { list: string }) => `export.${list.list}`;

/** Work begun ahead for one job at one cursor, taken once by the chunk that starts there. */
class AheadSlot<T> {
  private held: { jobId: number; cursor: string; work: Promise<T> } | undefined;

  put(jobId: number, cursor: unknown, work: Promise<T>): void {
    // A failure is met again by the chunk that needs the work, which then does it itself and fails or
    // retries there.
    work.catch(() => undefined);
    this.held = { jobId, cursor: JSON.stringify(cursor), work };
  }

  take(jobId: number, cursor: unknown, orDo: () => Promise<T>): Promise<T> {
    const held = this.held;
    this.held = undefined;
    return held?.jobId === jobId && held.cursor === JSON.stringify(cursor) ? held.work : orDo();
  }
}

/**
 * Rows of one read of a job's chunk: the event loop decodes a read in one go, which other requests wait
 * for, and each read is a round trip; 2,500 served a list caller best beside a 1,000,000-row export.
 */
const JOB_READ_BATCH = 2500;

/** Rows whose cells are made between two turns of the event loop. */
const CELL_SLICE_ROWS = 1000;

/** Rows a job reads and keeps as one part file per chunk; it divides a worksheet's rows, as a part must. */
const JOB_CHUNK = 5000;

interface ExportCheckpoint<Cursor> {
  total: number;
  cursor: Cursor | null;
  /** The rows rendered so far and, per worksheet, how many parts hold them. */
  table: TableProgress;
  read: boolean;
}

/**
 * The export of a list as a durable job. Each chunk reads the next rows from the cursor and keeps them
 * rendered (CSV text or compressed worksheet XML) as a part file, written again under the same name when
 * the chunk is done again; the last chunk puts the parts together in order, then removes them. Memory
 * stays bounded by one chunk, and the last chunk only copies bytes.
 */
export function exportJobKind<Row, Query, Cursor>(
  list: ListExport<Row, Query, Cursor>,
  { chunkRows = JOB_CHUNK }: { chunkRows?: number } = {},
): JobKind {
  const params = z.object({
    query: list.query,
    columns: z.array(z.string().max(64)).max(100),
    format: z.enum(EXPORT_FORMATS),
    locale: z.enum(['zh-CN', 'en-US']),
    // Jobs queued before exports took a zone were written for China.
    timeZone: z.string().max(64).default(DEFAULT_EXPORT_TIME_ZONE),
    fileName: z.string().min(1).max(200),
  });
  const partKey = (jobId: number, part: number) =>
    storageKeyOfJob(jobId, `part-${String(part).padStart(6, '0')}.bin`);
  type Batch = { rows: Row[]; next: Cursor | null };
  type Request = z.infer<typeof params>;
  // Work done ahead in this process, only ever a speed-up: a chunk that finds none of it here (after a
  // restart, or another job in between) does it itself. `ahead` is the next chunk's rows, asked for as soon
  // as a chunk has its own, so that the database reads while this process renders; `started` is the next
  // chunk rendered, its compression under way, so that libuv's pool compresses while the event loop
  // renders. A chunk keeps only its own part: the checkpoint never names a part that is not stored.
  interface RenderedChunk {
    part: StartedPart | null;
    table: TableProgress;
    next: Cursor | null;
  }
  const ahead = new AheadSlot<Batch>();
  const started = new AheadSlot<RenderedChunk>();
  // A chunk's rows in reads of JOB_READ_BATCH.
  const readChunk = async (db: DbOrTx, query: Query, from: Cursor | null): Promise<Batch> => {
    const rows: Row[] = [];
    let cursor = from;
    do {
      const batch = await list.batch(db, query, cursor, Math.min(JOB_READ_BATCH, chunkRows - rows.length));
      rows.push(...batch.rows);
      cursor = batch.next;
    } while (cursor !== null && rows.length < chunkRows);
    return { rows, next: cursor };
  };
  /** The chunk from `cursor`, read (or taken from the read ahead), its cells made and its part started. */
  const render = async (
    db: DbOrTx,
    jobId: number,
    request: Request,
    cursor: Cursor | null,
    table: TableProgress,
  ): Promise<RenderedChunk> => {
    const query = request.query as Query;
    const { rows, next } = await ahead.take(jobId, cursor, () => readChunk(db, query, cursor));
    if (next !== null) ahead.put(jobId, next, readChunk(db, query, next));
    const columns = selectedColumns(list as ListExport<Row, unknown, unknown>, request.columns);
    const sheet = sheetOf(list as ListExport<Row, unknown, unknown>, columns, request.locale as Locale);
    const context: CellContext = { locale: request.locale as Locale, timeZone: request.timeZone };
    const cells: Cell[][] = [];
    for (const row of rows) {
      cells.push(columns.map((column) => column.cell(row, context)));
      // Other requests are served between slices of the chunk, as while it renders.
      if (cells.length % CELL_SLICE_ROWS === 0) await setImmediate();
    }
    if (cells.length === 0) return { part: null, table, next };
    const part = await startPart(request.format as ExportFormat, sheet, cells, table);
    part.bytes.catch(() => undefined);
    return { part, table: part.progress, next };
  };
  return defineJobKind<Request, ExportCheckpoint<Cursor>>({
    kind: exportJobKindName(list),
    params,
    // Rendering and compressing a large file keeps a core busy for its whole run, and a few hundred MB.
    apart: true,
    concurrency: 2,
    async step({ job, params: request, checkpoint, db, storage }) {
      const columns = selectedColumns(list as ListExport<Row, unknown, unknown>, request.columns);
      const sheet = sheetOf(list as ListExport<Row, unknown, unknown>, columns, request.locale as Locale);
      const format = request.format as ExportFormat;
      const at: ExportCheckpoint<Cursor> = checkpoint ?? {
        total: await list.count(db, request.query as Query),
        cursor: null,
        table: NO_ROWS,
        read: false,
      };
      const parts = at.table.sheets.reduce((sum, { parts }) => sum + parts, 0);
      if (!at.read) {
        const chunk = await started.take(job.jobId, at.cursor, () =>
          render(db, job.jobId, request, at.cursor, at.table),
        );
        // The next chunk renders now, while this one's part is still compressing.
        if (chunk.next !== null) {
          started.put(job.jobId, chunk.next, render(db, job.jobId, request, chunk.next, chunk.table));
        }
        if (chunk.part) await storage.put(partKey(job.jobId, parts), await chunk.part.bytes);
        const total = Math.max(at.total, chunk.table.rows);
        return {
          checkpoint: { total, cursor: chunk.next, table: chunk.table, read: chunk.next === null },
          done: chunk.table.rows,
          total,
        };
      }
      const keys = at.table.sheets
        .flatMap(({ parts: count }, sheetIndex) => Array.from({ length: count }, () => sheetIndex))
        .map((sheetIndex, part) => ({ key: partKey(job.jobId, part), sheet: sheetIndex }));
      async function* stored(): AsyncIterable<TablePart> {
        for (const { key, sheet: index } of keys) {
          yield { sheet: index, bytes: await readAll(await storage.open(key)) };
        }
      }
      const size = await storage.write(
        storageKeyOfJob(job.jobId, request.fileName),
        assembleTable(format, sheet, stored(), at.table),
      );
      for (const { key } of keys) await storage.remove(key);
      return {
        result: {
          counts: { rows: at.table.rows },
          files: [{ name: request.fileName, size, contentType: CONTENT_TYPES[format] }],
        },
      };
    },
  });
}
