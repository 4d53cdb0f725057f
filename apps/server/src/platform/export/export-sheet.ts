import type { Locale } from '@cmp/domain/messages/format';
import { DEFAULT_UTC_OFFSET } from '@cmp/domain/shared/day-range';
import { parseUtcOffset } from '@cmp/domain/shared/utc-offset';
import type { ExportColumn } from './list-export.js';
import type { Cell } from './table-file.js';

/** A list's texts in one language: the file's and the sheet's names and a header per column. */
export interface SheetTexts<Column extends string> {
  fileName: string;
  sheetName: string;
  headers: Record<Column, string>;
}

/**
 * A list's export columns from its declaration: the column keys in the screen's order (then what only the
 * file offers), the texts in both languages (with whatever labels the cells need), widths, and a cell
 * per column given the row and the texts of the request's language.
 */
export function exportSheet<Row, Column extends string, Texts extends SheetTexts<Column>>(declaration: {
  columns: readonly Column[];
  texts: Record<Locale, Texts>;
  widths?: Partial<Record<Column, number>>;
  cells: Record<Column, (row: Row, texts: Texts) => Cell>;
}): { fileName: Record<Locale, string>; sheetName: Record<Locale, string>; columns: ExportColumn<Row>[] } {
  const { columns, texts, widths, cells } = declaration;
  const both = <T>(pick: (text: Texts) => T): Record<Locale, T> => ({
    'zh-CN': pick(texts['zh-CN']),
    'en-US': pick(texts['en-US']),
  });
  return {
    fileName: both((text) => text.fileName),
    sheetName: both((text) => text.sheetName),
    columns: columns.map((key) => ({
      key,
      header: both((text) => text.headers[key]),
      width: widths?.[key],
      cell: (row, locale) => cells[key](row, texts[locale]),
    })),
  };
}

const OFFSET_MS = parseUtcOffset(DEFAULT_UTC_OFFSET) * 60_000;

/**
 * `2026-11-22 10:30:00`: wall-clock time in UTC+08:00, where the operations staff work, as text that
 * sorts as it reads (date cells would need a style for every cell); empty for no time.
 */
export function wallClock(time: number | string | null): string | null {
  if (time === null) return null;
  const ms = typeof time === 'number' ? time : Date.parse(time);
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
