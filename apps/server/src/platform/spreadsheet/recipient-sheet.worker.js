// Plain JavaScript: Node 20 starts worker threads without the TypeScript loader the server runs under.
import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
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
  const { maxRows, columns = 1 } = workerData;
  const cellsOf = (row) => Array.from({ length: columns }, (_, i) => row.getCell(i + 1).text.trim());
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    let header = '';
    let headers = [];
    const identifiers = [];
    for await (const sheet of reader) {
      for await (const row of sheet) {
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
      break;
    }
    const isBlank = (value) => (columns > 1 ? value.every((cell) => cell === '') : value === '');
    while (identifiers.length > 0 && isBlank(identifiers.at(-1))) identifiers.pop();
    parentPort.postMessage(columns > 1 ? { headers, rows: identifiers } : { header, identifiers });
  } catch (error) {
    parentPort.postMessage({ unreadable: error instanceof Error ? error.message : String(error) });
  }
});
