import type { Readable } from 'node:stream';
import { ERROR_CODES } from '@cmp/domain';
import type { Locale } from '@cmp/domain/messages/format';
import type { ExportFormat } from '@cmp/domain/platform/export';
import { tableFile, type TableSheet } from '../../platform/export/table-file.js';
import { AppError } from '../../platform/http/app-error.js';
import { readRecipientSheet, UnreadableSheet } from '../../platform/spreadsheet/recipient-sheet.js';
import { detectFileType } from '../../platform/storage/file-type.js';

/**
 * The most a registration sheet may weigh: 10,000 ids of 64 characters are 650 KB as CSV and less as
 * XLSX, so a larger file holds more than a sheet may, and is refused before it is parsed.
 */
export const CHARGE_POINT_SHEET_MAX_BYTES = 2 * 1024 * 1024;

const unsupported = () =>
  new AppError(415, ERROR_CODES.unsupportedFile, 'send the equipment ids as an .xlsx or .csv sheet');

/** The first field of a CSV line: ids hold no comma or quote, so a quoted field is only unwrapped. */
const firstField = (line: string): string => {
  const field = line.split(/[,;\t]/, 1)[0] ?? '';
  return field
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
};

/**
 * The equipment ids of a registration sheet: the first column of an .xlsx's first sheet or of a UTF-8
 * .csv, under a header row, blank rows at the end dropped. Any other file is 415.
 */
export async function readChargePointSheet(file: { name: string; data: Buffer }): Promise<string[]> {
  if (file.data.length > CHARGE_POINT_SHEET_MAX_BYTES)
    throw new AppError(
      413,
      ERROR_CODES.payloadTooLarge,
      `a registration sheet is at most ${CHARGE_POINT_SHEET_MAX_BYTES / 1024 / 1024} MB`,
    );
  const type = detectFileType(file.data, file.name);
  if (type?.kind === 'spreadsheet') {
    try {
      return [...(await readRecipientSheet(file.data)).identifiers];
    } catch (error) {
      if (error instanceof UnreadableSheet) throw AppError.rule('unreadable_sheet', error.message);
      throw error;
    }
  }
  if (type !== undefined || !file.name.toLowerCase().endsWith('.csv') || file.data.includes(0))
    throw unsupported();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.data);
  } catch {
    throw unsupported();
  }
  const ids = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .slice(1)
    .map(firstField);
  while (ids.at(-1) === '') ids.pop();
  return ids;
}

const COLUMNS: Record<Locale, string[]> = {
  'zh-CN': ['设备编号', '密码', '接入地址'],
  'en-US': ['Equipment id', 'Password', 'Endpoint'],
};

/** The file of the registered chargers' passwords, the one time they are shown. */
export function registrationFile(
  format: ExportFormat,
  locale: Locale,
  rows: { chargePointId: string; password: string; endpoint: string }[],
): Readable {
  const sheet: TableSheet = {
    name: locale === 'zh-CN' ? '充电桩密码' : 'Charger passwords',
    columns: COLUMNS[locale].map((header, i) => ({ header, width: i === 2 ? 60 : 28 })),
  };
  async function* batches() {
    for (let at = 0; at < rows.length; at += 1_000)
      yield rows.slice(at, at + 1_000).map((r) => [r.chargePointId, r.password, r.endpoint]);
  }
  return tableFile(format, sheet, batches());
}
