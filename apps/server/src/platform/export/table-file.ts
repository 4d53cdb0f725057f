import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

import { EXPORT_FORMATS, type ExportFormat } from '@cmp/domain';

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
 * The bytes of a table file, made as the rows come: a batch is read only once the reader took the
 * previous one, so a slow reader never makes the whole table sit in memory.
 */
export function tableFile(
  format: ExportFormat,
  sheet: TableSheet,
  batches: AsyncIterable<Cell[][]>,
): Readable {
  return format === 'csv' ? Readable.from(csvText(sheet, batches)) : xlsxBytes(sheet, batches);
}

/** RFC 4180, with a byte-order mark so that Excel reads UTF-8; a cell that starts a formula is quoted as text. */
async function* csvText(sheet: TableSheet, batches: AsyncIterable<Cell[][]>): AsyncIterable<string> {
  yield `\uFEFF${csvLine(sheet.columns.map((column) => column.header))}`;
  for await (const batch of batches) yield batch.map(csvLine).join('');
}

const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  // A cell read as a formula by a spreadsheet could run it (CSV injection): it is kept as text.
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function xlsxBytes(sheet: TableSheet, batches: AsyncIterable<Cell[][]>): Readable {
  const out = new PassThrough();
  const write = async () => {
    // Without styles the writer is about four times faster (it resolves a style for every cell otherwise).
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column, index) => ({
      key: String(index),
      header: column.header,
      width: column.width ?? 14,
    }));
    for await (const batch of batches) {
      for (const cells of batch) worksheet.addRow(cells).commit();
      if (out.destroyed) return;
      if (out.writableNeedDrain)
        await new Promise((resolve) => out.once('drain', resolve).once('close', resolve));
    }
    worksheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
