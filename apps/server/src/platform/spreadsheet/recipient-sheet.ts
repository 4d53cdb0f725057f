import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { RecipientSheet } from '@cmp/domain/coupons/recipient-import';
import { formatMessage, ruleMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import { xlsxOverBounds } from './xlsx-bounds.js';

/** Identifier, messages, invalid mark: wide enough for an 11-digit mobile and two messages. */
export const RECIPIENT_ERROR_COLUMN_WIDTHS = [20, 20, 10] as const;
const INVALID_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FFFF0000' } };

// Loaded on first use: ExcelJS is the slowest package to load (about 0.4 s), and only imports need it.
const excel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

/**
 * The first column of the first sheet: its first cell is the header, the cells below are identifiers.
 * Cells are read as displayed text, so a mobile typed as a number reads as its digits. Blank rows after
 * the last identifier are formatting leftovers, not empty recipients.
 */
export async function readRecipientSheet(data: ArrayBuffer | Uint8Array): Promise<RecipientSheet> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const overBounds = xlsxOverBounds(bytes);
  if (overBounds) throw new UnreadableSheet(overBounds);
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(toArrayBuffer(bytes));
  } catch (error) {
    throw new UnreadableSheet(
      `the workbook cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { header: '', identifiers: [] };
  const header = sheet.getRow(1).getCell(1).text.trim();
  const identifiers: string[] = [];
  for (let row = 2; row <= sheet.rowCount; row += 1)
    identifiers.push(sheet.getRow(row).getCell(1).text.trim());
  while (identifiers.at(-1) === '') identifiers.pop();
  return { header, identifiers };
}

/** A workbook refused before or while it is read: its reason is the whole story, trying again changes nothing. */
export class UnreadableSheet extends Error {}

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

// exceljs declares its own Buffer type; an ArrayBuffer satisfies it whatever Node's Buffer typing is.
function toArrayBuffer(data: ArrayBuffer | Uint8Array): ArrayBuffer {
  if (data instanceof ArrayBuffer) return data;
  const copy = new Uint8Array(data.byteLength);
  copy.set(data);
  return copy.buffer;
}
