// Plain JavaScript: Node 20 starts worker threads without the TypeScript loader the server runs under.
import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/**
 * Reads the first column of the first sheet with ExcelJS's streaming reader, row by row, and stops at the
 * first row past `maxRows`: a sheet of a million rows costs this thread the rows up to the limit, never the
 * server's event loop, and is never held whole. Answers `{ header, identifiers }`, `{ tooManyRows }` or
 * `{ unreadable: reason }`.
 */
parentPort.once('message', async (bytes) => {
  const { maxRows } = workerData;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    let header = '';
    const identifiers = [];
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (row.number === 1) {
          header = row.getCell(1).text.trim();
          continue;
        }
        if (row.number - 1 > maxRows) {
          parentPort.postMessage({ tooManyRows: true });
          return;
        }
        // The reader skips empty rows; an empty row between identifiers is an empty recipient.
        while (identifiers.length < row.number - 2) identifiers.push('');
        identifiers.push(row.getCell(1).text.trim());
      }
      break;
    }
    while (identifiers.at(-1) === '') identifiers.pop();
    parentPort.postMessage({ header, identifiers });
  } catch (error) {
    parentPort.postMessage({ unreadable: error instanceof Error ? error.message : String(error) });
  }
});
