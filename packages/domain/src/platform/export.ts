import { z } from 'zod';
import { text } from '../shared/input.js';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Where the operations staff work: the zone of an export whose caller names none. */
export const DEFAULT_EXPORT_TIME_ZONE = 'Asia/Shanghai';

/** Whether the runtime knows the IANA zone (`Asia/Shanghai`, `Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, checked against the runtime's zone database. */
export const TimeZoneSchema = text(64).refine(isTimeZone, { error: 'time.unknownTimeZone' });

/** What every list's export takes besides the list's own filters and sort. */
export const ExportOptionsSchema = z.object({
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
  /** The screen's visible column keys in their order, comma-separated; every column when absent. */
  columns: text(2000)
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : [])),
  /** The reader's zone, so the file's times read as the screen's do. */
  timeZone: TimeZoneSchema.default(DEFAULT_EXPORT_TIME_ZONE),
});
export type ExportOptions = z.infer<typeof ExportOptionsSchema>;
