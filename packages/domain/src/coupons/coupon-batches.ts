import { z } from 'zod';
import { DEFAULT_PAGE_NO, MAX_PAGE_NO, PageQuery, pageOf } from '../platform/paging.js';
import { idParam, INT8, integer, integerParam, text, trimmedText } from '../shared/input.js';
import type { MessageKey } from '../messages/en-US.js';
import { EpochMs, optionalText, requiredText } from '../stations/contract-fields.js';
import { couponBatchProblems, generateRecordProblems, reportProblems } from './coupon-batch-rules.js';
import { CouponBatchStatusSchema } from './coupon-statuses.js';
import {
  COUPON_NAME_LIST_PAGE_SIZE,
  COUPON_RULE_ALL,
  CouponBizCodeSchema,
  CouponCodeTypeSchema,
  CouponGenerateTypeSchema,
  CouponRuleTypeSchema,
  type CouponGenerateType,
  CouponTypeCodeSchema,
} from './coupon-types.js';

/**
 * How a batch's coupons expire (spec M3.3.1 `expireTypeCode`, values not shown; docs/decisions.md
 * "Coupons"): between two fixed dates, or a number of days from the day a coupon is bound to an account.
 */
export const COUPON_EXPIRE_TYPES = ['days_after_binding', 'fixed_date'] as const;
export const CouponExpireTypeSchema = z.enum(COUPON_EXPIRE_TYPES);
export type CouponExpireType = z.infer<typeof CouponExpireTypeSchema>;
export const COUPON_EXPIRE_TYPE_LABELS = {
  days_after_binding: 'couponExpireType.daysAfterBinding',
  fixed_date: 'couponExpireType.fixedDate',
} as const satisfies Record<CouponExpireType, MessageKey>;

/** The subclass codes (spec M3.3.16): the whole order, or only its electricity or service fee. */
export const COUPON_SUBCLASSES = ['-1', 'electricity_price', 'service_price'] as const;
export const CouponSubclassSchema = z.enum(COUPON_SUBCLASSES);
export const COUPON_SUBCLASS_LABELS = {
  '-1': 'couponSubclass.wholeOrder',
  electricity_price: 'couponSubclass.electricityPrice',
  service_price: 'couponSubclass.servicePrice',
} as const satisfies Record<(typeof COUPON_SUBCLASSES)[number], MessageKey>;

/** One rule (spec M3.3.14): a type with its values; the value `all` matches every value. */
export const CouponRuleSchema = z.object({
  type: CouponRuleTypeSchema,
  values: z.array(trimmedText(64).min(1)).min(1).max(1000),
});
export type CouponRule = z.infer<typeof CouponRuleSchema>;
export { COUPON_RULE_ALL };

/** Where a coupon may be used (spec M3.3.17); an empty list places no limit of that kind. */
export const CouponUseRangeSchema = z.object({
  operator: z.array(trimmedText(64).min(1)).max(1000).default([]),
  chargeStation: z.array(trimmedText(64).min(1)).max(10_000).default([]),
  customTag: z.array(trimmedText(64).min(1)).max(1000).default([]),
});
export type CouponUseRange = z.infer<typeof CouponUseRangeSchema>;

/** Most coupons one batch may have; a generation of this many codes is the benchmark's size. */
export const COUPON_BATCH_MAX_AMOUNT = 10_000_000;

/**
 * POST batch/create, field by field. Money is entered in yuan and a discount as a percentage (85 = 15%
 * off); the server stores cents and ratios (spec M5.3–M5.6). Fixed-date batches name both days; the
 * expiry is the end of the last day in the tenant's zone (spec M4.17). `effectiveDays` is always sent,
 * null for fixed dates.
 */
export const CouponBatchCreateFieldsSchema = z.object({
  couponName: requiredText(64),
  batchName: requiredText(64),
  couponBizCode: CouponBizCodeSchema,
  couponTypeCode: CouponTypeCodeSchema,
  couponSubType: CouponSubclassSchema.default('-1'),
  amount: integer({ min: 1, max: COUPON_BATCH_MAX_AMOUNT }),
  limitPerUser: integer({ min: 1, max: 1000 }).nullable().default(null),
  expireTypeCode: CouponExpireTypeSchema,
  /** Calendar days `YYYY-MM-DD` for fixed-date batches. */
  effectiveDate: z.iso.date().nullable().default(null),
  expireDate: z.iso.date().nullable().default(null),
  effectiveDays: integer({ min: 1, max: 3650 }).nullable(),
  imageUrl: optionalText(1024),
  /** Yuan for equity and voucher, a percentage for discount. */
  couponValue: z.number().positive().max(100_000),
  couponValueDisplay: optionalText(64),
  priceServiceFee: z.boolean().default(false),
  priceElectricityFee: z.boolean().default(false),
  /** A voucher's minimum order price in yuan, or null when any order qualifies ('all'). */
  totalPrice: z.number().positive().max(100_000).nullable().default(null),
  dilatationEnable: z.boolean().default(false),
  grantEnable: z.boolean().default(true),
  isTransfer: z.boolean().default(false),
  discountCouponCostShare: z.number().min(0).max(100).nullable().default(null),
  couponDescription: optionalText(1024),
  rules: z.array(CouponRuleSchema).max(CouponRuleTypeSchema.options.length).default([]),
  useRange: CouponUseRangeSchema.default({ operator: [], chargeStation: [], customTag: [] }),
  customTag: z.array(trimmedText(64).min(1)).max(100).default([]),
});
/** The batch with the rules between its fields checked too (`couponBatchProblems`). */
export const CouponBatchCreateSchema = CouponBatchCreateFieldsSchema.superRefine((batch, context) =>
  reportProblems(context, couponBatchProblems(batch)),
);
export type CouponBatchCreate = z.infer<typeof CouponBatchCreateSchema>;
export type CouponBatchCreateInput = z.input<typeof CouponBatchCreateSchema>;

/** A batch as staff read it (spec M3.3.1): money in cents, a discount as a ratio, as stored. */
export const CouponBatchSchema = z.object({
  couponBatchId: z.number().int(),
  couponName: z.string(),
  batchName: z.string(),
  amount: z.number().int(),
  stockAmount: z.number().int(),
  awardType: z.string(),
  couponBizCode: CouponBizCodeSchema,
  couponTypeCode: CouponTypeCodeSchema,
  couponSubType: CouponSubclassSchema,
  status: CouponBatchStatusSchema,
  createdAmount: z.number().int(),
  assignedAmount: z.number().int(),
  expiredAmount: z.number().int(),
  usedAmount: z.number().int(),
  abandonAmount: z.number().int(),
  limitPerUser: z.number().int().nullable(),
  expireTypeCode: CouponExpireTypeSchema,
  effectiveDate: EpochMs.nullable(),
  expireDate: EpochMs.nullable(),
  effectiveDays: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  couponValue: z.number(),
  couponValueDisplay: z.string().nullable(),
  priceServiceFee: z.boolean(),
  priceElectricityFee: z.boolean(),
  portalEditable: z.boolean(),
  dilatationEnable: z.boolean(),
  grantEnable: z.boolean(),
  isTransfer: z.boolean(),
  isSaasTenant: z.boolean(),
  operatorAccount: z.string(),
  couponDescription: z.string().nullable(),
  discountCouponCostShare: z.number().nullable(),
  bizExtend: z.record(z.string(), z.unknown()).nullable(),
  rules: z.array(CouponRuleSchema),
  useRange: CouponUseRangeSchema,
  customTag: z.array(z.string()),
  hasPriceLimit: z.boolean(),
  /** Cents, or 'all' when the batch has no price limit. */
  totalPrice: z.union([z.number().int(), z.literal(COUPON_RULE_ALL)]),
  createTime: EpochMs,
  updateTime: EpochMs,
  rowVersion: z.number().int(),
});
export type CouponBatch = z.infer<typeof CouponBatchSchema>;

/**
 * GET batch/list, as every list answers: `{ items, total }` (the spec's `coupon_batch_list` and offset/count;
 * docs/decisions.md "Lists").
 */
export const CouponBatchPageSchema = pageOf(CouponBatchSchema);
export type CouponBatchPage = z.infer<typeof CouponBatchPageSchema>;

/** The page asked for, as every list takes it; the order travels with the filter, as exports need it too. */
const ListPage = PageQuery.pick({ pageNo: true, pageSize: true }).shape;

/** The batch filter (spec M3.3.3); `couponBatchName` matches a part of the batch or coupon name. */
export const CouponBatchFilterSchema = z.object({
  couponBatchId: integerParam({ min: 1, max: INT8.max }).optional(),
  couponBatchName: trimmedText(64).optional(),
  couponBizCode: CouponBizCodeSchema.optional(),
  couponTypeCode: CouponTypeCodeSchema.optional(),
  status: CouponBatchStatusSchema.optional(),
  createTimeFrom: integerParam({ min: 0, max: INT8.max }).optional(),
  createTimeTo: integerParam({ min: 0, max: INT8.max }).optional(),
  sort: text(100).optional(),
});
export type CouponBatchFilter = z.infer<typeof CouponBatchFilterSchema>;

export const CouponBatchListQuerySchema = CouponBatchFilterSchema.extend(ListPage);
export type CouponBatchListQuery = z.infer<typeof CouponBatchListQuerySchema>;

/**
 * The coupon list by name (spec M7.1.17: coupons-list with coupon_name, page_size 100): a page of the
 * batches whose coupon or batch name holds the text, for the pickers of activities and gift bags. The
 * spec's page size of 100 is this list's default and largest `pageSize`.
 */
export const CouponNameListQuerySchema = z.object({
  coupon_name: trimmedText(64).optional(),
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: COUPON_NAME_LIST_PAGE_SIZE }).default(COUPON_NAME_LIST_PAGE_SIZE),
  sort: text(100).optional(),
});

export const CouponBatchParamsSchema = z.object({ couponBatchId: idParam(INT8) });
export const GenerateRecordParamsSchema = z.object({ generateRecordId: idParam(INT8) });

/**
 * POST batch/{id}/create: a generate record. `generate` makes claimable codes (with an optional token
 * users claim one coupon each by, valid between its dates); `generate_assign` one coupon for each given
 * account; `batch_generate_assign` `amount` coupons for each given account.
 */
export const GenerateRecordCreateFieldsSchema = z.object({
  // Claimable codes first: the choice that needs nothing else.
  generateType: z.enum([
    'generate',
    'generate_assign',
    'batch_generate_assign',
  ] satisfies CouponGenerateType[]),
  codeType: CouponCodeTypeSchema.default('random'),
  amount: integer({ min: 1, max: COUPON_BATCH_MAX_AMOUNT }),
  accountIds: z.array(trimmedText(64).min(1)).max(100_000).default([]),
  withToken: z.boolean().default(false),
  couponTokenEffectiveDate: EpochMs.nullable().default(null),
  couponTokenExpireDate: EpochMs.nullable().default(null),
  remark: optionalText(255),
});
export const GenerateRecordCreateSchema = GenerateRecordCreateFieldsSchema.superRefine((record, context) =>
  reportProblems(context, generateRecordProblems(record)),
);
export type GenerateRecordCreate = z.infer<typeof GenerateRecordCreateSchema>;
export type GenerateRecordCreateInput = z.input<typeof GenerateRecordCreateSchema>;

/** A generate record (spec M3.3.5), with the job that works it and its progress. */
export const GenerateRecordSchema = z.object({
  generateRecordId: z.number().int(),
  couponBatchId: z.number().int(),
  couponBizCode: CouponBizCodeSchema,
  couponTypeCode: CouponTypeCodeSchema,
  couponValue: z.number(),
  batchName: z.string(),
  couponName: z.string(),
  generateType: CouponGenerateTypeSchema,
  codeType: CouponCodeTypeSchema,
  status: CouponBatchStatusSchema,
  generateAmount: z.number().int(),
  generatedAmount: z.number().int(),
  operatorAccount: z.string(),
  accountIds: z.array(z.string()),
  remark: z.string().nullable(),
  createTime: EpochMs,
  updateTime: EpochMs,
  couponToken: z.string().nullable(),
  couponTokenEffectiveDate: EpochMs.nullable(),
  couponTokenExpireDate: EpochMs.nullable(),
  jobId: z.number().int().nullable(),
});
export type GenerateRecord = z.infer<typeof GenerateRecordSchema>;

/** GET coupon_generate_record/{id}/statistics: the record's coupons by status. */
export const GenerateRecordStatisticsSchema = z.object({
  generateRecordId: z.number().int(),
  generateAmount: z.number().int(),
  createdAmount: z.number().int(),
  unclaimedAmount: z.number().int(),
  assignedAmount: z.number().int(),
  usedAmount: z.number().int(),
  expiredAmount: z.number().int(),
  abandonAmount: z.number().int(),
});
export type GenerateRecordStatistics = z.infer<typeof GenerateRecordStatisticsSchema>;

/** The generate record filter (spec M3.3.6); several statuses travel comma-joined. */
export const GenerateRecordFilterSchema = z.object({
  couponBatchId: integerParam({ min: 1, max: INT8.max }).optional(),
  generateType: CouponGenerateTypeSchema.optional(),
  couponTypeCode: CouponTypeCodeSchema.optional(),
  couponBizCode: CouponBizCodeSchema.optional(),
  operatorAccount: trimmedText(64).optional(),
  accountId: trimmedText(64).optional(),
  accountMobile: trimmedText(20).optional(),
  couponUuid: trimmedText(64).optional(),
  status: trimmedText(100).optional(),
  createTimeFrom: integerParam({ min: 0, max: INT8.max }).optional(),
  createTimeTo: integerParam({ min: 0, max: INT8.max }).optional(),
  sort: text(100).optional(),
});
export type GenerateRecordFilter = z.infer<typeof GenerateRecordFilterSchema>;
export const GenerateRecordListQuerySchema = GenerateRecordFilterSchema.extend(ListPage);
export type GenerateRecordListQuery = z.infer<typeof GenerateRecordListQuerySchema>;
/** The generate record list, as every list answers (the spec's `result_list`; docs/decisions.md "Lists"). */
export const GenerateRecordPageSchema = pageOf(GenerateRecordSchema);
export type GenerateRecordPage = z.infer<typeof GenerateRecordPageSchema>;

/** The code download's file format (GET download-coupon-code/{id}/list). */
export const CouponCodeDownloadQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
