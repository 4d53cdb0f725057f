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

// A zone changes its offset only on a quarter hour (daylight saving, and every zone's rules since 1970), so
// the offset found once for a quarter hour serves every time in it: formatting a time then costs
// arithmetic instead of a call into ICU (1.7 s of a 1,000,000-row export).
const QUARTER_HOUR_MS = 15 * 60_000;
const MAX_CACHED_QUARTERS = 200_000;
const offsets = new Map<string, Map<number, number>>();

function offsetMs(timeZone: string, ms: number): number {
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const at = quarter * QUARTER_HOUR_MS;
    const part: Record<string, number> = {};
    for (const { type, value } of formatterOf(timeZone).formatToParts(at)) part[type] = Number(value);
    offset = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - at;
    if (zone.size >= MAX_CACHED_QUARTERS) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

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
  if (!Number.isFinite(ms)) return formatterOf(timeZone).format(ms);
  const local = new Date(ms + offsetMs(timeZone, ms));
  const year = local.getUTCFullYear();
  if (year < 1000 || year > 9999) return formatterOf(timeZone).format(ms);
  return (
    `${year}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`
  );
}
