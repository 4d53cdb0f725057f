import ExcelJS from 'exceljs';
import type { Download } from 'playwright-core';

/** The first worksheet of a downloaded XLSX file, as rows of cell values (the header first). */
export async function sheetRows(download: Download): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.worksheets[0]!;
  return Array.from({ length: sheet.rowCount }, (_, index) =>
    (sheet.getRow(index + 1).values as unknown[]).slice(1),
  );
}
