// Plain JavaScript: Node 20 starts worker threads without the TypeScript loader the server runs under.
import { Buffer } from 'node:buffer';
import { PassThrough, Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/**
 * Reads the first column of the first sheet with ExcelJS's streaming reader, row by row, and stops at the
 * first row past `maxRows`: a sheet of a million rows costs this thread the rows up to the limit, never the
 * server's event loop, and is never held whole. Answers `{ header, identifiers }`, `{ tooManyRows }` or
 * `{ unreadable: reason }`. With `columns` above 1 it reads that many columns of each row instead, and answers
 * `{ headers, rows }` (a row being its cells' texts).
 */
parentPort.once('message', async (bytes) => {
  const { maxRows, columns = 1, parts } = workerData;
  const cellsOf = (row) => Array.from({ length: columns }, (_, i) => row.getCell(i + 1).text.trim());
  try {
    const sheet = await firstWorksheet(Buffer.from(bytes), parts);
    let header = '';
    let headers = [];
    const identifiers = [];
    for await (const row of sheet ?? []) {
      if (row.number === 1) {
        header = row.getCell(1).text.trim();
        headers = cellsOf(row);
        continue;
      }
      if (row.number - 1 > maxRows) {
        parentPort.postMessage({ tooManyRows: true });
        return;
      }
      // The reader skips empty rows; an empty row between identifiers is an empty recipient.
      const blank = columns > 1 ? Array(columns).fill('') : '';
      while (identifiers.length < row.number - 2) identifiers.push(blank);
      identifiers.push(columns > 1 ? cellsOf(row) : row.getCell(1).text.trim());
    }
    const isBlank = (value) => (columns > 1 ? value.every((cell) => cell === '') : value === '');
    while (identifiers.length > 0 && isBlank(identifiers.at(-1))) identifiers.pop();
    parentPort.postMessage(columns > 1 ? { headers, rows: identifiers } : { header, identifiers });
  } catch (error) {
    parentPort.postMessage({ unreadable: error instanceof Error ? error.message : String(error) });
  }
});

/**
 * The first worksheet in the workbook's tab order, as ExcelJS's row-by-row reader, or undefined when the
 * workbook has none. ExcelJS's own `WorkbookReader.parse` takes the parts in the order they are stored,
 * through a ZIP stream that drops parts while it waits for a slow step (exceljs issue 3064): a workbook
 * stored with `xl/workbook.xml` last, as ExcelJS itself writes it, failed now and then as unreadable. Here
 * each part is opened from the central directory (`parts`, read by the caller) in the order the reader
 * needs them, and handed to the reader's own part parsers: exceljs is pinned, these are its internals.
 */
async function firstWorksheet(bytes, parts) {
  const open = (name) => {
    const part = parts.find((candidate) => candidate.name === name);
    return part && partStream(bytes, part);
  };
  const workbookPart = open('xl/workbook.xml');
  if (!workbookPart) throw new Error('the workbook has no xl/workbook.xml');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(undefined, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const relationships = open('xl/_rels/workbook.xml.rels');
  if (relationships) await reader._parseRels(relationships);
  await reader._parseWorkbook(workbookPart);
  const sharedStrings = open('xl/sharedStrings.xml');
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings));
  for (const sheet of reader.model?.sheets ?? []) {
    const target = reader.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target ?? '';
    // Targets are relative to xl/ or absolute; a chart sheet is not a worksheet and has no rows.
    const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    const number = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1];
    const stream = number && open(name);
    if (stream) return reader._parseWorksheet(stream, number).next().value.value;
  }
  return undefined;
}

/** A part's bytes, inflated as they are read, and refused past the size the directory declared for them. */
function partStream(bytes, { method, dataStart, compressedSize, size, name }) {
  let expanded = 0;
  const bounded = new Transform({
    transform(chunk, _encoding, done) {
      expanded += chunk.length;
      done(expanded > size ? new Error(`the part ${name} expands beyond its declared size`) : null, chunk);
    },
  });
  const compressed = Readable.from([bytes.subarray(dataStart, dataStart + compressedSize)]);
  const inflated = compressed.pipe(method === 8 ? createInflateRaw() : new PassThrough());
  inflated.on('error', (error) => bounded.destroy(error));
  return inflated.pipe(bounded);
}
