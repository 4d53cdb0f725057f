import { z } from 'zod';
import { PageQuery, pageOf } from '../platform/paging.js';
import { EPOCH_MS, INT8, integerParam, text } from '../shared/input.js';

/** One entry of a station's history: an audit record of the station or of something on it. */
export const StationOperationRecordSchema = z.object({
  recordId: z.number().int(),
  resourceId: z.string(),
  action: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  userType: z.string(),
  operationTime: z.number().int(),
  before: z.unknown(),
  after: z.unknown(),
  result: z.string(),
  extData: z.unknown(),
});
export type StationOperationRecord = z.infer<typeof StationOperationRecordSchema>;

/**
 * Newest first (`sort=recordId:desc`); `lastRecordId` continues after the last record of the previous page
 * whatever `pageNo` says, so records arriving meanwhile do not shift the pages.
 */
export const StationOperationRecordQuerySchema = PageQuery.extend({
  actions: z
    .union([z.array(text(64)), text(1024)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((a) => a.trim()).filter(Boolean))
    .optional(),
  userId: integerParam().optional(),
  userType: text(32).optional(),
  operationTimeBegin: integerParam(EPOCH_MS).optional(),
  operationTimeEnd: integerParam(EPOCH_MS).optional(),
  lastRecordId: integerParam(INT8).optional(),
});
export type StationOperationRecordQuery = z.input<typeof StationOperationRecordQuerySchema>;

export const StationOperationRecordPageSchema = pageOf(StationOperationRecordSchema).extend({
  /** Pass as lastRecordId for the next page; null when there is none. */
  nextRecordId: z.number().int().nullable(),
});
export type StationOperationRecordPage = z.infer<typeof StationOperationRecordPageSchema>;
