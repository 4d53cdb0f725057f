import { z } from 'zod';
import { AccountMobileSchema } from '../accounts/account-contracts.js';
import { ExportOptionsSchema } from '../platform/export.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_NO, MAX_PAGE_SIZE } from '../platform/paging.js';
import { idParam, INT8, integer, integerParam, trimmedText } from '../shared/input.js';
import { EpochMs, optionalText } from '../stations/contract-fields.js';
import type { MessageKey } from '../messages/en-US.js';
import { COUPON_STATUS_LABELS, COUPON_STATUSES } from './coupon-statuses.js';
import { CouponBizCodeSchema, CouponTypeCodeSchema } from './coupon-types.js';

/**
 * An issued coupon's status: the spec's four (M4.8) and `created`, a code no account has claimed yet
 * (docs/decisions.md "Coupons").
 */
export const ISSUED_COUPON_STATUSES = ['created', ...COUPON_STATUSES] as const;
export const IssuedCouponStatusSchema = z.enum(ISSUED_COUPON_STATUSES);
export type IssuedCouponStatus = z.infer<typeof IssuedCouponStatusSchema>;
export const ISSUED_COUPON_STATUS_LABELS = {
  created: 'couponStatus.created',
  ...COUPON_STATUS_LABELS,
} as const satisfies Record<IssuedCouponStatus, MessageKey>;

/** How a coupon reached its account (`couponChannel`). */
export const COUPON_CHANNELS = [
  'code',
  'send',
  'import',
  'generate_assign',
  'claim_code',
  'claim_token',
] as const;
export const CouponChannelSchema = z.enum(COUPON_CHANNELS);
export type CouponChannel = z.infer<typeof CouponChannelSchema>;
export const COUPON_CHANNEL_LABELS = {
  code: 'couponChannel.code',
  send: 'couponChannel.send',
  import: 'couponChannel.import',
  generate_assign: 'couponChannel.generateAssign',
  claim_code: 'couponChannel.claimCode',
  claim_token: 'couponChannel.claimToken',
} as const satisfies Record<CouponChannel, MessageKey>;

/** An issued coupon (spec M3.3.4) with its batch's fields. */
export const CouponSchema = z.object({
  couponId: z.number().int(),
  couponUuid: z.string(),
  couponBatchId: z.number().int(),
  generateRecordId: z.number().int().nullable(),
  accountId: z.string().nullable(),
  createTime: EpochMs,
  bindDate: EpochMs.nullable(),
  consumeDate: EpochMs.nullable(),
  wbsCode: z.string().nullable(),
  couponName: z.string(),
  batchName: z.string(),
  couponBizCode: CouponBizCodeSchema,
  couponTypeCode: CouponTypeCodeSchema,
  couponValue: z.number(),
  imageUrl: z.string().nullable(),
  effectiveDate: EpochMs.nullable(),
  expireDate: EpochMs.nullable(),
  couponDescription: z.string().nullable(),
  isTransfer: z.boolean(),
  couponChannel: CouponChannelSchema,
  /** The spec names both; they carry the same value. */
  couponStatus: IssuedCouponStatusSchema,
  status: IssuedCouponStatusSchema,
  orderId: z.string().nullable(),
  updateTime: EpochMs,
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponParamsSchema = z.object({ couponId: idParam(INT8) });

/** Statuses comma-joined (`assigned,used`); each must be an issued coupon's status. */
const statusList = trimmedText(100).refine(
  (value) =>
    value
      .split(',')
      .map((status) => status.trim())
      .filter((status) => status !== '')
      .every((status) => (ISSUED_COUPON_STATUSES as readonly string[]).includes(status)),
  { error: 'coupons.statusList' },
);

/** The statuses of a comma-joined list, blanks dropped; none means every status. */
export const couponStatusesOf = (value: string | undefined): IssuedCouponStatus[] =>
  (value ?? '')
    .split(',')
    .map((status) => status.trim())
    .filter((status): status is IssuedCouponStatus => status !== '');

/**
 * The coupon record list's filter (spec M7.1 "Coupon record list filter"): statuses comma-joined, a time
 * range and one search field. A mobile no account has answers an empty list, not an error.
 */
export const CouponRecordFilterSchema = z.object({
  status: statusList.optional(),
  createTimeFrom: integerParam({ min: 0, max: INT8.max }).optional(),
  createTimeTo: integerParam({ min: 0, max: INT8.max }).optional(),
  accountMobile: trimmedText(20).optional(),
  accountId: trimmedText(64).optional(),
  couponBatchId: integerParam({ min: 1, max: INT8.max }).optional(),
  operatorAccount: trimmedText(64).optional(),
  couponUuid: trimmedText(64).optional(),
});
export type CouponRecordFilter = z.infer<typeof CouponRecordFilterSchema>;
const OffsetCount = {
  offset: integerParam({ min: 0, max: MAX_PAGE_NO }).default(0),
  count: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
};
export const CouponRecordListQuerySchema = CouponRecordFilterSchema.extend(OffsetCount);
export type CouponRecordListQuery = z.infer<typeof CouponRecordListQuerySchema>;
export const CouponRecordExportQuerySchema = CouponRecordFilterSchema.extend(ExportOptionsSchema.shape);
export const CouponListSchema = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  count: z.number().int(),
  coupon_list: z.array(CouponSchema),
});
export type CouponList = z.infer<typeof CouponListSchema>;

/** The deliver list's filter (spec M3.3.10): coupons bound to accounts. */
export const CouponDeliverFilterSchema = z.object({
  batchId: integerParam({ min: 1, max: INT8.max }).optional(),
  bizCode: CouponBizCodeSchema.optional(),
  accountId: trimmedText(64).optional(),
  mobile: trimmedText(20).optional(),
  couponUuid: trimmedText(64).optional(),
  status: statusList.optional(),
});
export type CouponDeliverFilter = z.infer<typeof CouponDeliverFilterSchema>;
export const CouponDeliverListQuerySchema = CouponDeliverFilterSchema.extend(OffsetCount);
export type CouponDeliverListQuery = z.infer<typeof CouponDeliverListQuerySchema>;
export const CouponDeliverExportQuerySchema = CouponDeliverFilterSchema.extend(ExportOptionsSchema.shape);

/**
 * The sender (spec M3.3.9): a batch, the user by account id or mobile, and how many coupons. Batch send
 * names several accounts.
 */
export const CouponSendSchema = z
  .object({
    couponBatchId: integer({ min: 1, max: INT8.max }),
    accountId: trimmedText(64).min(1).optional(),
    mobile: AccountMobileSchema.optional(),
    amount: integer({ min: 1, max: 100 }).default(1),
  })
  .refine((v) => (v.accountId === undefined) !== (v.mobile === undefined), {
    error: 'coupons.sendOneUser',
    path: ['accountId'],
  });
export type CouponSend = z.infer<typeof CouponSendSchema>;

export const CouponBatchSendSchema = z.object({
  couponBatchId: integer({ min: 1, max: INT8.max }),
  accountIds: z.array(trimmedText(64).min(1)).min(1).max(100_000),
  amount: integer({ min: 1, max: 100 }).default(1),
});
export type CouponBatchSend = z.infer<typeof CouponBatchSendSchema>;

/** The recipient import's form fields beside its `file` (.xlsx, first column headed 手机号 or 账号). */
export const RecipientImportFieldsSchema = z.object({
  couponBatchId: integerParam({ min: 1, max: INT8.max }),
  amount: integerParam({ min: 1, max: 100 }).default(1),
});
export type RecipientImportFields = z.infer<typeof RecipientImportFieldsSchema>;

/** A send or an import accepted: the durable job that does it, followed in the task center. */
export const CouponJobAcceptedSchema = z.object({ jobId: z.number().int() });

/** What a send answers: the coupons made, in order. */
export const CouponSendResultSchema = z.object({
  accountId: z.string(),
  coupons: z.array(CouponSchema),
});

/**
 * Abandon types (spec M3.13.9 names the first two; the coupons issue adds by account and by batch,
 * docs/decisions.md "Coupons").
 */
export const COUPON_ABANDON_BY = [
  'coupon_uuid',
  'coupon_generate_record_id',
  'account_id',
  'coupon_batch_id',
] as const;
export const CouponAbandonBySchema = z.enum(COUPON_ABANDON_BY);
export type CouponAbandonBy = z.infer<typeof CouponAbandonBySchema>;
export const COUPON_ABANDON_BY_LABELS = {
  coupon_uuid: 'couponAbandonBy.couponUuid',
  coupon_generate_record_id: 'couponAbandonBy.generateRecord',
  account_id: 'couponAbandonBy.account',
  coupon_batch_id: 'couponAbandonBy.batch',
} as const satisfies Record<CouponAbandonBy, MessageKey>;

/** POST coupons/abandon (spec M3.3.11 abandon filter): what to abandon and why. */
export const CouponAbandonSchema = z.object({
  abandonType: CouponAbandonBySchema,
  value: trimmedText(64).min(1),
  /** With `account_id`: only that batch's coupons of the account, when given. */
  couponBatchId: integer({ min: 1, max: INT8.max }).optional(),
  remark: trimmedText(255).min(1, { error: 'form.required' }),
});
export type CouponAbandon = z.infer<typeof CouponAbandonSchema>;

export const CouponAbandonRecordSchema = z.object({
  id: z.number().int(),
  abandonType: CouponAbandonBySchema,
  value: z.string(),
  batchId: z.number().int().nullable(),
  batchName: z.string().nullable(),
  abandonAmount: z.number().int(),
  operatorAccount: z.string(),
  remark: z.string().nullable(),
  createTime: EpochMs,
});
export type CouponAbandonRecord = z.infer<typeof CouponAbandonRecordSchema>;

export const CouponAbandonFilterSchema = z.object({
  couponAbandonRecordId: integerParam({ min: 1, max: INT8.max }).optional(),
  abandonType: CouponAbandonBySchema.optional(),
  value: trimmedText(64).optional(),
  operatorAccount: trimmedText(64).optional(),
});
export const CouponAbandonListQuerySchema = CouponAbandonFilterSchema.extend(OffsetCount);
export type CouponAbandonListQuery = z.infer<typeof CouponAbandonListQuerySchema>;
export const CouponAbandonExportQuerySchema = CouponAbandonFilterSchema.extend(ExportOptionsSchema.shape);
export const CouponAbandonListSchema = z.object({
  list: z.array(CouponAbandonRecordSchema),
  offset: z.number().int(),
  count: z.number().int(),
  total: z.number().int(),
});
export type CouponAbandonList = z.infer<typeof CouponAbandonListSchema>;

/** POST coupons/bind/records (body not shown, spec M7.1.16; docs/decisions.md "Coupons"). */
export const CouponBindRecordQuerySchema = z.object({
  accountId: trimmedText(64).optional(),
  mobile: trimmedText(20).optional(),
  couponBatchId: integer({ min: 1, max: INT8.max }).optional(),
  offset: integer({ min: 0, max: MAX_PAGE_NO }).default(0),
  count: integer({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export const CouponBindRecordSchema = z.object({
  bindRecordId: z.number().int(),
  couponId: z.number().int(),
  couponUuid: z.string(),
  couponBatchId: z.number().int(),
  batchName: z.string(),
  accountId: z.string(),
  channel: CouponChannelSchema,
  operatorAccount: z.string(),
  createTime: EpochMs,
});
export const CouponBindRecordListSchema = z.object({
  total: z.number().int(),
  list: z.array(CouponBindRecordSchema),
});

/** The custom tags (GET tag/list, spec M3.3.13). */
export const CouponCustomTagQuerySchema = z.object({
  tagValue: trimmedText(64).optional(),
  /** Exact values, comma-separated. */
  preciseTagValues: trimmedText(2000).optional(),
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(1),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export const CouponCustomTagSchema = z.object({
  tagValue: z.string(),
  description: z.string().nullable(),
  createTime: EpochMs,
});
export const CouponCustomTagCreateSchema = z.object({
  tagValue: trimmedText(64).min(1, { error: 'form.required' }),
  description: optionalText(255),
});
export const CouponCustomTagListSchema = z.object({
  total: z.number().int(),
  list: z.array(CouponCustomTagSchema),
});
