import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import type { RecipientSheet } from '@cmp/domain/coupons/recipient-import';
import { formatMessage, ruleMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import { SERVER_ROOT } from '../server-root.js';
import { readXlsxParts, type XlsxPart } from './xlsx-parts.js';

/** Identifier, messages, invalid mark: wide enough for an 11-digit mobile and two messages. */
export const RECIPIENT_ERROR_COLUMN_WIDTHS = [20, 20, 10] as const;
const INVALID_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FFFF0000' } };

// Loaded on first use: ExcelJS is the slowest package to load (about 0.4 s), and only imports need it.
const excel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

// From the server's root: the build puts the reader beside its entries.
const WORKER_SCRIPT = path.join(
  SERVER_ROOT,
  import.meta.url.endsWith('.ts')
    ? 'src/platform/spreadsheet/recipient-sheet.worker.js'
    : 'dist/recipient-sheet.worker.js',
);

/** The most data rows a sheet may hold: twice the largest campaign seen, read in seconds. */
export const RECIPIENT_SHEET_MAX_ROWS = 200_000;
/** Beyond this a reader is stuck on a hostile sheet; its thread is ended, not the server. */
const READ_TIMEOUT_MS = 120_000;
/** A reader's heap: a sheet within the row limit needs a fraction of it; a bomb ends its thread, not the server. */
const READER_HEAP_MB = 512;

type ReaderAnswer = RecipientSheet | SheetTable | { tooManyRows: true } | { unreadable: string };

/** The first `columns` columns of a sheet: the header row's texts, and each data row's. */
export interface SheetTable {
  headers: string[];
  rows: string[][];
}

/**
 * The first column of the first sheet: its first cell is the header, the cells below are identifiers.
 * Cells are read as displayed text, so a mobile typed as a number reads as its digits. Blank rows after
 * the last identifier are formatting leftovers, not empty recipients. Read in a worker thread with the
 * streaming reader, after the workbook's declared size is checked: the event loop stays free however
 * large the sheet, and reading stops at the first row past `maxRows`.
 */
export async function readRecipientSheet(
  data: ArrayBuffer | Uint8Array,
  { maxRows = RECIPIENT_SHEET_MAX_ROWS }: { maxRows?: number } = {},
): Promise<RecipientSheet> {
  return (await readSheet(data, maxRows, 1)) as RecipientSheet;
}

/**
 * The first `columns` columns of the first sheet, each cell as displayed text, read as `readRecipientSheet`
 * reads its one column (in a worker, the size checked first, stopping past `maxRows`); trailing blank rows
 * dropped, a blank row between others kept as a row of empty cells.
 */
export async function readSheetTable(
  data: ArrayBuffer | Uint8Array,
  { maxRows, columns }: { maxRows: number; columns: number },
): Promise<SheetTable> {
  return (await readSheet(data, maxRows, Math.max(2, columns))) as SheetTable;
}

async function readSheet(
  data: ArrayBuffer | Uint8Array,
  maxRows: number,
  columns: number,
): Promise<RecipientSheet | SheetTable> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const directory = readXlsxParts(bytes);
  if ('refused' in directory) {
    const reason = directory.tooLarge ? 'recipients.sheet.tooLarge' : 'recipients.sheet.unreadable';
    throw new UnreadableSheet(directory.refused, ruleMessage(reason));
  }
  const answer = await readInWorker(bytes, directory.parts, maxRows, columns);
  if ('tooManyRows' in answer) {
    throw new UnreadableSheet(
      `the sheet holds more than ${maxRows} rows`,
      ruleMessage('recipients.sheet.tooManyRows', { max: maxRows }),
    );
  }
  if ('unreadable' in answer) {
    throw new UnreadableSheet(
      `the workbook cannot be read: ${answer.unreadable}`,
      ruleMessage('recipients.sheet.unreadable'),
    );
  }
  return answer;
}

function readInWorker(
  bytes: Uint8Array,
  parts: XlsxPart[],
  maxRows: number,
  columns: number,
): Promise<ReaderAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SCRIPT, {
      workerData: { maxRows, columns, parts },
      resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
    });
    let answer: ReaderAnswer | undefined;
    const timer = setTimeout(() => {
      answer = { unreadable: `reading took longer than ${READ_TIMEOUT_MS / 1000} s` };
      void worker.terminate();
    }, READ_TIMEOUT_MS);
    worker.once('message', (message: ReaderAnswer) => {
      answer = message;
      void worker.terminate();
    });
    worker.once('error', (error) => {
      // Out of its heap: what the sheet expands to is beyond any list of recipients.
      answer ??= { unreadable: error.message };
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (answer) resolve(answer);
      else reject(new Error(`the sheet reader stopped before answering (exit code ${code})`));
    });
    // A copy moves to the thread: the caller's buffer may be a view of a larger one it still uses.
    const copy = toArrayBuffer(bytes);
    worker.postMessage(copy, [copy]);
  });
}

/** A workbook refused before or while it is read: its reason is the whole story, trying again changes nothing. */
export class UnreadableSheet extends Error {
  constructor(
    message: string,
    /** The reason for the person who uploaded it, in their language. */
    readonly reason: RuleMessage,
  ) {
    super(message);
  }
}

export interface RecipientErrorSheet {
  header: string;
  identifiers: readonly string[];
  /** Per data row, the messages to write back; an empty list is a valid row. */
  rowMessages: readonly (readonly RuleMessage[])[];
  locale?: Locale;
}

/**
 * The imported sheet handed back with each row's problems written next to it and invalid rows marked.
 * Written row by row with the streaming writer: a 100,000-row sheet takes a third of the time the
 * in-memory workbook does, and only the compressed bytes are held.
 */
export async function writeRecipientErrorSheet(input: RecipientErrorSheet): Promise<Buffer> {
  const locale = input.locale ?? 'zh-CN';
  const text = (msg: RuleMessage): string => formatMessage(locale, msg);
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new (await excel()).stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('recipients');
  sheet.columns = [
    { header: input.header, width: RECIPIENT_ERROR_COLUMN_WIDTHS[0] },
    { header: text(ruleMessage('recipients.sheet.message')), width: RECIPIENT_ERROR_COLUMN_WIDTHS[1] },
    { header: text(ruleMessage('recipients.sheet.status')), width: RECIPIENT_ERROR_COLUMN_WIDTHS[2] },
  ];
  const invalidMark = text(ruleMessage('recipients.sheet.invalid'));
  input.identifiers.forEach((identifier, index) => {
    const messages = input.rowMessages[index] ?? [];
    const invalid = messages.length > 0;
    const row = sheet.addRow([identifier, messages.map(text).join(''), invalid ? invalidMark : '']);
    if (invalid) row.font = INVALID_FONT;
    row.commit();
  });
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/**
 * An empty recipient sheet to fill in: the header the import reads, and the column formatted as text so
 * that a spreadsheet program keeps a mobile's or an account id's digits as typed.
 */
export async function writeRecipientTemplate(header: string): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet('recipients');
  sheet.columns = [{ header, width: RECIPIENT_ERROR_COLUMN_WIDTHS[0], style: { numFmt: '@' } }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function toArrayBuffer(data: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(data.byteLength);
  copy.set(data);
  return copy.buffer;
}
