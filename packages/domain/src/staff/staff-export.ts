import type { z } from 'zod';
import { StaffUserListQuery } from '../auth/contracts.js';
import { ExportOptionsSchema } from '../platform/export.js';

/** The staff list's filter and order without its paging: what its export reads. */
export const StaffUserFilter = StaffUserListQuery.omit({ pageNo: true, pageSize: true });
export type StaffUserFilter = z.infer<typeof StaffUserFilter>;

/** `GET /api/admin/users/export`: the list's filter and order, the file's format and columns. */
export const StaffUserExportQuery = StaffUserFilter.extend(ExportOptionsSchema.shape);
export type StaffUserExportQuery = z.input<typeof StaffUserExportQuery>;
