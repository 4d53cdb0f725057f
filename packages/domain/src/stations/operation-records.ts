import { z } from 'zod';
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from '../platform/paging.js';
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

/** Newest first; `lastRecordId` continues after the last record of the previous page. */
export const StationOperationRecordQuerySchema = z.object({
  actions: z
    .union([z.array(text(64)), text(1024)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((a) => a.trim()).filter(Boolean))
    .optional(),
  userId: integerParam().optional(),
  userType: text(32).optional(),
  operationTimeBegin: integerParam(EPOCH_MS).optional(),
  operationTimeEnd: integerParam(EPOCH_MS).optional(),
  lastRecordId: integerParam(INT8).optional(),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export type StationOperationRecordQuery = z.input<typeof StationOperationRecordQuerySchema>;

export const StationOperationRecordPageSchema = z.object({
  items: z.array(StationOperationRecordSchema),
  /** Pass as lastRecordId for the next page; null when there is none. */
  nextRecordId: z.number().int().nullable(),
});
export type StationOperationRecordPage = z.infer<typeof StationOperationRecordPageSchema>;
