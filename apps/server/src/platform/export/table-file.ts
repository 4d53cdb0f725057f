import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { EXPORT_FORMATS, type ExportFormat } from '@cmp/domain';
import { zipArchive, type ZipEntry } from './zip-archive.js';

export { EXPORT_FORMATS, type ExportFormat };

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export type Cell = string | number | null;

export interface TableSheet {
  name: string;
  columns: { header: string; width?: number }[];
}

/**
 * Rows a worksheet holds before the file goes on in the next one (Excel's limit is 1,048,576 with the
 * header). A round number that every batch size divides, so that a part never spans two sheets.
 */
export const SHEET_ROWS = 1_000_000;

/** How far a table has been rendered: a checkpoint can hold it, as it is plain data. */
export interface TableProgress {
  rows: number;
  /**
   * Per worksheet (the last is the one being written): its parts and the CRC-32 and size of its XML; a
   * CSV file counts as one sheet whose sums are not needed.
   */
  sheets: { parts: number; crc: number; size: number }[];
}

export const NO_ROWS: TableProgress = { rows: 0, sheets: [] };

/** A rendered part and the worksheet it belongs to. */
export interface TablePart {
  sheet: number;
  bytes: Buffer;
}

/** Rows rendered and compressed as one piece of a part: small enough to overlap, large enough to compress. */
const RENDER_SLICE_ROWS = 500;

/** A part whose rows are rendered and whose bytes are still being compressed. */
export interface StartedPart {
  sheet: number;
  /** The table after this part: known at once, since the sums are of the uncompressed text. */
  progress: TableProgress;
  bytes: Promise<Buffer>;
}

/**
 * A table is made in two steps, so that an export job can do the costly first one chunk by chunk and
 * keep its result: each batch of rows is rendered to a part (CSV text, or a worksheet's XML compressed),
 * then the file is the parts put together in order, which only copies bytes. The rows are rendered here
 * and now; the compression goes on on libuv's pool, so a caller can render the next part meanwhile.
 */
export async function startPart(
  format: ExportFormat,
  sheet: TableSheet,
  cells: Cell[][],
  progress: TableProgress,
): Promise<StartedPart> {
  const rows = progress.rows + cells.length;
  if (format === 'csv') {
    const head = progress.rows === 0 ? csvHead(sheet) : '';
    const out = new LineBuffer(cells.length * sheet.columns.length * 16);
    out.push(head);
    for (const row of cells) out.push(csvLine(row));
    const parts = (progress.sheets[0]?.parts ?? 0) + 1;
    return {
      sheet: 0,
      progress: { rows, sheets: [{ parts, crc: 0, size: 0 }] },
      bytes: Promise.resolve(out.done()),
    };
  }
  const inSheet = progress.rows % SHEET_ROWS;
  if (inSheet + cells.length > SHEET_ROWS) throw new Error('a part must not span two worksheets');
  const sheets = inSheet === 0 ? [...progress.sheets, { parts: 0, crc: 0, size: 0 }] : [...progress.sheets];
  const current = sheets.at(-1)!;
  // A slice at a time, each compressed while the next one renders. A sync flush ends each on a byte
  // boundary without ending the stream, so slices compressed apart follow one another in one entry (as
  // pigz does), and so do the parts.
  let crc = current.crc;
  let size = current.size;
  const compressed: Promise<Buffer>[] = [];
  for (let start = 0; start < cells.length; start += RENDER_SLICE_ROWS) {
    const slice = cells.slice(start, start + RENDER_SLICE_ROWS);
    const out = new LineBuffer(slice.length * sheet.columns.length * 64);
    if (inSheet === 0 && start === 0) out.push(sheetHead(sheet));
    sheetRows(out, slice, inSheet + 2 + start);
    const xml = out.done();
    crc = zlib.crc32(xml, crc);
    size += xml.length;
    compressed.push(deflatePart(xml));
    if (start + RENDER_SLICE_ROWS < cells.length) await setImmediate();
  }
  sheets[sheets.length - 1] = { parts: current.parts + 1, crc, size };
  const bytes = Promise.all(compressed).then((pieces) => Buffer.concat(pieces));
  return { sheet: sheets.length - 1, progress: { rows, sheets }, bytes };
}

/** The file: the parts in the order they were rendered, as `progress` (after the last part) describes them. */
export function assembleTable(
  format: ExportFormat,
  sheet: TableSheet,
  parts: AsyncIterable<TablePart>,
  progress: TableProgress,
): Readable {
  if (format === 'csv') return Readable.from(csvFile(sheet, parts, progress), { objectMode: false });
  return Readable.from(zipArchive(workbookEntries(sheet, parts, progress)), { objectMode: false });
}

/** The whole table at once, batch after batch as the reader takes it: the download of a small export. */
export function tableFile(
  format: ExportFormat,
  sheet: TableSheet,
  batches: AsyncIterable<Cell[][]>,
): Readable {
  // The parts are made as the file is read, so `progress` is complete when the assembly asks for it.
  const progress: TableProgress = { ...NO_ROWS };
  async function* parts(): AsyncIterable<TablePart> {
    for await (const cells of batches) {
      if (cells.length === 0) continue;
      const part = await startPart(format, sheet, cells, progress);
      Object.assign(progress, part.progress);
      yield { sheet: part.sheet, bytes: await part.bytes };
    }
  }
  return assembleTable(format, sheet, parts(), progress);
}

async function* csvFile(sheet: TableSheet, parts: AsyncIterable<TablePart>, progress: TableProgress) {
  for await (const part of parts) yield part.bytes;
  // A table without rows is its header alone.
  if (progress.rows === 0) yield Buffer.from(csvHead(sheet), 'utf8');
}

/** RFC 4180, with a byte-order mark so that Excel reads UTF-8; a cell that starts a formula is quoted as text. */
const csvHead = (sheet: TableSheet) => `\uFEFF${csvLine(sheet.columns.map((column) => column.header))}`;

const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  // A cell read as a formula by a spreadsheet could run it (CSV injection): it is kept as text.
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const deflate = promisify(zlib.deflateRaw);
// Node's one-call deflate hands its output back in chunks of `chunkSize` (16 KB by default), each a trip
// through the event loop: while the loop renders the next slice, the compression waits. An output buffer
// the size of the input (level 1 never grows XML) makes it one trip.
const outputRoom = (xml: Buffer) => Math.max(64 * 1024, xml.length + 1024);
const deflatePart = (xml: Buffer) =>
  deflate(xml, {
    level: 1,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
    chunkSize: outputRoom(xml),
  }) as Promise<Buffer>;
const deflateLast = (xml: Buffer) =>
  deflate(xml, { level: 1, chunkSize: outputRoom(xml) }) as Promise<Buffer>;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Characters XML 1.0 cannot hold at all are dropped; markup characters are escaped. */
/* eslint-disable no-control-regex -- the control characters are what these find */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const MARKUP = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Most cells need no change: one test finds the few that do. */
const NEEDS_CARE = /[&<>"\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
/* eslint-enable no-control-regex */
const xmlText = (text: string) =>
  NEEDS_CARE.test(text) ? text.replace(NOT_XML, '').replace(MARKUP, (c) => ENTITIES[c]!) : text;
/** Whitespace at either end, or a line break or tab, is kept only when the cell says so. */
const SPACE_MATTERS = /^\s|\s$|[\t\n\r]/;

const columnNames: string[] = [];
function columnName(index: number): string {
  let name = columnNames[index];
  if (name === undefined) {
    name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
      name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    columnNames[index] = name;
  }
  return name;
}

function cellXml(cell: Cell, ref: string, style = ''): string {
  if (cell === null || cell === '') return '';
  if (typeof cell === 'number') {
    return Number.isFinite(cell) ? `<c r="${ref}"${style}><v>${cell}</v></c>` : '';
  }
  const space = SPACE_MATTERS.test(cell) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${xmlText(cell)}</t></is></c>`;
}

/**
 * Bytes written line by line into one buffer that grows as needed: one string for a whole part
 * (megabytes of mixed one- and two-byte text) is many times slower to build and encode, and a buffer
 * per line keeps the collector busy.
 */
class LineBuffer {
  private bytes: Buffer;
  private length = 0;

  constructor(expected: number) {
    this.bytes = Buffer.allocUnsafe(Math.max(1024, expected));
  }

  push(line: string): void {
    // A UTF-16 code unit is at most three bytes in UTF-8.
    if (this.length + line.length * 3 > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + line.length * 3));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    this.length += this.bytes.write(line, this.length, 'utf8');
  }

  done(): Buffer {
    return this.bytes.subarray(0, this.length);
  }
}

function sheetRows(out: LineBuffer, rows: Cell[][], firstRow: number): void {
  for (let index = 0; index < rows.length; index++) {
    const number = firstRow + index;
    const cells = rows[index]!;
    let line = `<row r="${number}">`;
    for (let column = 0; column < cells.length; column++)
      line += cellXml(cells[column]!, `${columnName(column)}${number}`);
    out.push(`${line}</row>`);
  }
}

/** The worksheet up to its first data row: a frozen, bold header row and the column widths. */
function sheetHead(sheet: TableSheet): string {
  const widths = sheet.columns
    .map(
      (column, index) =>
        `<col min="${index + 1}" max="${index + 1}" width="${column.width ?? 14}" customWidth="1"/>`,
    )
    .join('');
  const header = sheet.columns
    .map((column, index) => cellXml(column.header, `${columnName(index)}1`, ' s="1"'))
    .join('');
  return (
    `${XML_DECLARATION}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/>${widths ? `<cols>${widths}</cols>` : ''}<sheetData><row r="1">${header}</row>`
  );
}

const SHEET_TAIL = '</sheetData></worksheet>';

/** Sheet names: at most 31 characters, none of []:*?/\ ; the sheets after the first are numbered. */
function sheetName(name: string, index: number): string {
  const suffix = index === 0 ? '' : ` (${index + 1})`;
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31 - suffix.length) + suffix;
}

/** One entry, compressed at once: the small parts of the workbook around its sheets. */
function smallEntry(name: string, text: string): ZipEntry {
  const xml = Buffer.from(text, 'utf8');
  return {
    name,
    deflated: (async function* () {
      yield await deflateLast(xml);
    })(),
    sums: () => ({ crc: zlib.crc32(xml), size: xml.length }),
  };
}

/**
 * The workbook's entries: each worksheet from its parts and its closing tags, then the files that list
 * the worksheets (written last, when their number is known).
 */
async function* workbookEntries(
  sheet: TableSheet,
  parts: AsyncIterable<TablePart>,
  progress: TableProgress,
): AsyncIterable<ZipEntry> {
  const source = parts[Symbol.asyncIterator]();
  let pending = await source.next();
  let count = 0;
  do {
    const index = count++;
    let tail = Buffer.alloc(0);
    yield {
      name: `xl/worksheets/sheet${index + 1}.xml`,
      deflated: (async function* () {
        for (; !pending.done && pending.value.sheet === index; pending = await source.next()) {
          yield pending.value.bytes;
        }
        // A table without rows is its header alone.
        tail = Buffer.from((progress.rows === 0 ? sheetHead(sheet) : '') + SHEET_TAIL, 'utf8');
        yield await deflateLast(tail);
      })(),
      sums: () => {
        const sums = progress.sheets[index] ?? { crc: 0, size: 0 };
        return { crc: zlib.crc32(tail, sums.crc), size: sums.size + tail.length };
      },
    };
  } while (!pending.done);

  const sheets = Array.from({ length: count }, (_, index) => index + 1);
  yield smallEntry(
    '[Content_Types].xml',
    `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      sheets
        .map(
          (n) =>
            `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('') +
      '</Types>',
  );
  yield smallEntry(
    '_rels/.rels',
    `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '</Relationships>',
  );
  yield smallEntry(
    'xl/workbook.xml',
    `${XML_DECLARATION}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>` +
      sheets
        .map((n) => `<sheet name="${xmlText(sheetName(sheet.name, n - 1))}" sheetId="${n}" r:id="rId${n}"/>`)
        .join('') +
      '</sheets></workbook>',
  );
  yield smallEntry(
    'xl/_rels/workbook.xml.rels',
    `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      sheets
        .map(
          (n) =>
            `<Relationship Id="rId${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${n}.xml"/>`,
        )
        .join('') +
      `<Relationship Id="rId${count + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
      '</Relationships>',
  );
  yield smallEntry(
    'xl/styles.xml',
    `${XML_DECLARATION}<styleSheet xmlns="${NS}">` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>',
  );
}
