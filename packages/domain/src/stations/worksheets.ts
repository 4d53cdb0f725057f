import { z } from 'zod';
import { ExportOptionsSchema } from '../platform/export.js';
import { PageQuery, pageOf } from '../platform/paging.js';
import { text } from '../shared/input.js';
import { optionalText, requiredText, ResourceIdSchema } from './contract-fields.js';

export const WORKSHEET_STATUSES = ['open', 'closed'] as const;
export const WorksheetStatusSchema = z.enum(WORKSHEET_STATUSES);
export type WorksheetStatus = z.infer<typeof WorksheetStatusSchema>;

export const WorksheetSchema = z.object({
  worksheetId: z.number().int(),
  resourceId: z.string(),
  resourceName: z.string(),
  resourceType: z.string(),
  tenant: z.string(),
  title: z.string(),
  description: z.string(),
  status: WorksheetStatusSchema,
  creatorName: z.string(),
  closedByName: z.string().nullable(),
  closeRemark: z.string().nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  closeTime: z.number().int().nullable(),
});
export type Worksheet = z.infer<typeof WorksheetSchema>;

export const WORKSHEET_SORTABLE = ['worksheetId', 'createTime', 'updateTime'] as const;
export const WorksheetListQuerySchema = PageQuery.extend({
  resourceId: text(64).optional(),
  status: WorksheetStatusSchema.optional(),
  keyword: text(128).optional(),
});
export type WorksheetListQuery = z.input<typeof WorksheetListQuerySchema>;
/** The list query as the server reads it, defaults applied. */
export type WorksheetListFilter = z.infer<typeof WorksheetListQuerySchema>;
export const WorksheetPageSchema = pageOf(WorksheetSchema);

/** The list's filter and order without its paging: what the export reads. */
export const WorksheetFilterSchema = WorksheetListQuerySchema.omit({ pageNo: true, pageSize: true });
export type WorksheetFilter = z.infer<typeof WorksheetFilterSchema>;
/** `GET /api/{tenant}/worksheets/export`: the list's filter and order, the file's format and columns. */
export const WorksheetExportQuerySchema = WorksheetFilterSchema.extend(ExportOptionsSchema.shape);
export type WorksheetExportQuery = z.input<typeof WorksheetExportQuerySchema>;

export const WorksheetCreateSchema = z.object({
  resourceId: ResourceIdSchema,
  title: requiredText(128),
  description: optionalText(1024),
});
export type WorksheetCreate = z.input<typeof WorksheetCreateSchema>;

export const WorksheetCloseSchema = z.object({ closeRemark: optionalText(512) });
export type WorksheetClose = z.input<typeof WorksheetCloseSchema>;
