import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { formatMessage, ruleMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import { PRODUCT_SHEET_COLUMNS, PRODUCT_SHEET_EXAMPLE } from '@cmp/domain/mall/product-sheet';

const excel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;
const INVALID_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FFFF0000' } };
const WIDTHS: Record<string, number> = {
  name: 24,
  items: 48,
  description: 32,
  imageUrl: 32,
  landingPage: 32,
};

const headerOf = (locale: Locale) => (column: (typeof PRODUCT_SHEET_COLUMNS)[number]) =>
  locale === 'zh-CN' ? column.zh : column.en;

/**
 * The product upload template: the columns the upload reads, every one formatted as text (so a price keeps
 * its decimals and a batch id its digits as typed), and one example row to overwrite.
 */
export async function writeProductTemplate(locale: Locale): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet('products');
  sheet.columns = PRODUCT_SHEET_COLUMNS.map((column) => ({
    header: headerOf(locale)(column),
    width: WIDTHS[column.key] ?? 14,
    style: { numFmt: '@' },
  }));
  sheet.addRow(PRODUCT_SHEET_COLUMNS.map((column) => PRODUCT_SHEET_EXAMPLE[column.key]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The uploaded sheet handed back: its rows as they were, each with its problems in a column after them and
 * wrong rows marked and in red, written row by row with the streaming writer.
 */
export async function writeProductErrorSheet(input: {
  headers: readonly string[];
  rows: readonly (readonly string[])[];
  rowMessages: readonly (readonly RuleMessage[])[];
  locale: Locale;
}): Promise<Buffer> {
  const text = (message: RuleMessage) => formatMessage(input.locale, message);
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new (await excel()).stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('products');
  sheet.columns = [
    ...PRODUCT_SHEET_COLUMNS.map((column, i) => ({
      header: input.headers[i] || headerOf(input.locale)(column),
      width: WIDTHS[column.key] ?? 14,
    })),
    { header: text(ruleMessage('recipients.sheet.message')), width: 40 },
    { header: text(ruleMessage('recipients.sheet.status')), width: 10 },
  ];
  const invalidMark = text(ruleMessage('recipients.sheet.invalid'));
  input.rows.forEach((cells, index) => {
    const messages = input.rowMessages[index] ?? [];
    const row = sheet.addRow([
      ...PRODUCT_SHEET_COLUMNS.map((_, i) => cells[i] ?? ''),
      messages.map(text).join(''),
      messages.length > 0 ? invalidMark : '',
    ]);
    if (messages.length > 0) row.font = INVALID_FONT;
    row.commit();
  });
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
