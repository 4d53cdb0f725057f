import { z } from 'zod';
import { text } from '../shared/input.js';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What every list's export takes besides the list's own filters and sort. */
export const ExportOptionsSchema = z.object({
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
  /** The screen's visible column keys in their order, comma-separated; every column when absent. */
  columns: text(2000)
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : [])),
});
export type ExportOptions = z.infer<typeof ExportOptionsSchema>;
