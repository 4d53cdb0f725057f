import { DEFAULT_EXPORT_TIME_ZONE } from '@cmp/domain';
import type { Locale } from '@cmp/domain/messages/format';
import type { CellContext, ExportColumn } from './list-export.js';
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
 * per column given the row, the texts of the request's language and the request's language and zone.
 */
export function exportSheet<Row, Column extends string, Texts extends SheetTexts<Column>>(declaration: {
  columns: readonly Column[];
  texts: Record<Locale, Texts>;
  widths?: Partial<Record<Column, number>>;
  cells: Record<Column, (row: Row, texts: Texts, at: CellContext) => Cell>;
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
      cell: (row, at) => cells[key](row, texts[at.locale], at),
    })),
  };
}

// Swedish writes dates as ISO 8601 does (`2026-11-22 10:30:00`); one formatter per zone, as building one
// costs far more than formatting with it.
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/**
 * `2026-11-22 10:30:00`: wall-clock time in the reader's zone (the screen's, sent with the request; China
 * when none is named), as text that sorts as it reads (date cells would need a style for every cell);
 * empty for no time.
 */
export function wallClock(
  time: number | string | null,
  timeZone: string = DEFAULT_EXPORT_TIME_ZONE,
): string | null {
  if (time === null) return null;
  const ms = typeof time === 'number' ? time : Date.parse(time);
  return formatterOf(timeZone).format(ms);
}
