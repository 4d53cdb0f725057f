import { z } from 'zod';
import { AccountMobileSchema } from '../accounts/account-contracts.js';
import {
  DEFAULT_PAGE_NO,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_NO,
  MAX_PAGE_SIZE,
  PageQuery,
  pageOf,
} from '../platform/paging.js';
import { idParam, INT8, integer, integerParam, text, trimmedText } from '../shared/input.js';
import { EpochMs, optionalText } from '../stations/contract-fields.js';
import type { MessageKey } from '../messages/en-US.js';
import { COUPON_STATUS_LABELS, COUPON_STATUSES } from './coupon-statuses.js';
import { CouponBizCodeSchema, CouponTypeCodeSchema } from './coupon-types.js';
import { RECIPIENT_ID_TYPES } from './recipient-import.js';

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
  'activity_reward',
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
  activity_reward: 'couponChannel.activityReward',
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
  sort: text(100).optional(),
});
export type CouponRecordFilter = z.infer<typeof CouponRecordFilterSchema>;
/** The page asked for, as every list takes it; the order travels with the filter, as exports need it too. */
const ListPage = PageQuery.pick({ pageNo: true, pageSize: true }).shape;
export const CouponRecordListQuerySchema = CouponRecordFilterSchema.extend(ListPage);
export type CouponRecordListQuery = z.infer<typeof CouponRecordListQuerySchema>;
/**
 * The coupon record and deliver lists, as every list answers (the spec's `coupon_list` with offset and
 * count; docs/decisions.md "Lists").
 */
export const CouponPageSchema = pageOf(CouponSchema);
export type CouponPage = z.infer<typeof CouponPageSchema>;

/** The deliver list's filter (spec M3.3.10): coupons bound to accounts. */
export const CouponDeliverFilterSchema = z.object({
  batchId: integerParam({ min: 1, max: INT8.max }).optional(),
  bizCode: CouponBizCodeSchema.optional(),
  accountId: trimmedText(64).optional(),
  mobile: trimmedText(20).optional(),
  couponUuid: trimmedText(64).optional(),
  status: statusList.optional(),
  sort: text(100).optional(),
});
export type CouponDeliverFilter = z.infer<typeof CouponDeliverFilterSchema>;
export const CouponDeliverListQuerySchema = CouponDeliverFilterSchema.extend(ListPage);
export type CouponDeliverListQuery = z.infer<typeof CouponDeliverListQuerySchema>;

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

/** Which import template to download: a sheet headed 手机号 or 账号, ready to fill in. */
export const RecipientTemplateQuerySchema = z.object({
  idType: z.enum(RECIPIENT_ID_TYPES).default('mobile'),
});

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
  sort: text(100).optional(),
});
export type CouponAbandonFilter = z.infer<typeof CouponAbandonFilterSchema>;
export const CouponAbandonListQuerySchema = CouponAbandonFilterSchema.extend(ListPage);
export type CouponAbandonListQuery = z.infer<typeof CouponAbandonListQuerySchema>;
/** The abandon record list, as every list answers (the spec's list, offset, count; docs/decisions.md "Lists"). */
export const CouponAbandonPageSchema = pageOf(CouponAbandonRecordSchema);
export type CouponAbandonPage = z.infer<typeof CouponAbandonPageSchema>;

/**
 * POST coupons/bind/records (body not shown, spec M7.1.16; docs/decisions.md "Coupons"): a search sent as a
 * body, paged and sorted as every list.
 */
export const CouponBindRecordQuerySchema = z.object({
  accountId: trimmedText(64).optional(),
  mobile: trimmedText(20).optional(),
  couponBatchId: integer({ min: 1, max: INT8.max }).optional(),
  pageNo: integer({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integer({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
  sort: text(100).optional(),
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
export type CouponBindRecord = z.infer<typeof CouponBindRecordSchema>;
/** The bind records, as every list answers (docs/decisions.md "Lists"). */
export const CouponBindRecordPageSchema = pageOf(CouponBindRecordSchema);
export type CouponBindRecordPage = z.infer<typeof CouponBindRecordPageSchema>;

/** The custom tags (GET tag/list, spec M3.3.13), paged and sorted as every list. */
export const CouponCustomTagQuerySchema = PageQuery.extend({
  tagValue: trimmedText(64).optional(),
  /** Exact values, comma-separated. */
  preciseTagValues: trimmedText(2000).optional(),
});
export type CouponCustomTagQuery = z.infer<typeof CouponCustomTagQuerySchema>;
export const COUPON_CUSTOM_TAG_SORTABLE = ['tagValue'] as const;
export const DEFAULT_COUPON_CUSTOM_TAG_SORT = 'tagValue:asc';
export const CouponCustomTagSchema = z.object({
  tagValue: z.string(),
  description: z.string().nullable(),
  createTime: EpochMs,
});
export type CouponCustomTag = z.infer<typeof CouponCustomTagSchema>;
export const CouponCustomTagCreateSchema = z.object({
  tagValue: trimmedText(64).min(1, { error: 'form.required' }),
  description: optionalText(255),
});
export type CouponCustomTagCreate = z.infer<typeof CouponCustomTagCreateSchema>;
/** The catalogue, as every list answers (the spec's total and list; docs/decisions.md "Lists"). */
export const CouponCustomTagPageSchema = pageOf(CouponCustomTagSchema);
export type CouponCustomTagPage = z.infer<typeof CouponCustomTagPageSchema>;
