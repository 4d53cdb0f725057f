import { z } from 'zod';
import { DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE, MAX_PAGE_NO, pageOf } from '../platform/paging.js';
import { EPOCH_MS, INT8, idParam, integer, integerParam, text, trimmedText } from '../shared/input.js';
import { requiredText } from '../stations/contract-fields.js';
import type { MessageKey } from '../messages/en-US.js';
import { RewardStateSchema } from '../activities/reward-states.js';

/**
 * What a reward gives: coupons of a batch, or brand points. The point records' reward type is fixed to
 * brand points, `nio_point` (spec M3.4.3; docs/decisions.md "Point records"), the name the activity's reward
 * statistics count them by (totalNioPoint).
 */
export const REWARD_TYPES = ['pe_coupon', 'nio_point'] as const;
export const RewardTypeSchema = z.enum(REWARD_TYPES);
export type RewardType = z.infer<typeof RewardTypeSchema>;
export const BRAND_POINTS: RewardType = 'nio_point';
export const REWARD_TYPE_LABELS = {
  pe_coupon: 'awardType.pe_coupon',
  nio_point: 'rewardType.nioPoint',
} as const satisfies Record<RewardType, MessageKey>;

/** What brand points were given for: the name a point reward carries, shown as its label. */
export const POINT_REWARD_NAMES = ['red_packet', 'check_in'] as const;
export type PointRewardName = (typeof POINT_REWARD_NAMES)[number];
export const POINT_REWARD_NAME_LABELS = {
  red_packet: 'pointReward.redPacket',
  check_in: 'pointReward.checkIn',
} as const satisfies Record<PointRewardName, MessageKey>;

export const POINT_RECORD_SEARCH_NAMES = ['mobile', 'accountId', 'resourceId', 'resourceName'] as const;
export const DEFAULT_POINT_RECORD_SEARCH = 'mobile';
export const POINT_RECORD_SORTABLE = ['createTime', 'rewardTime', 'rewardAmount'] as const;
export const DEFAULT_POINT_RECORD_SORT = 'createTime:desc';

/** The point record filter (spec M3.4.2): a creation range, the activity, and a search name and text. */
export const PointRecordFilterSchema = z.object({
  activityId: integerParam({ min: 1, max: INT8.max }).optional(),
  createTimeBegin: integerParam(EPOCH_MS).optional(),
  createTimeEnd: integerParam(EPOCH_MS).optional(),
  searchInput: trimmedText(64).optional(),
  searchInputSelect: z.enum(POINT_RECORD_SEARCH_NAMES).default(DEFAULT_POINT_RECORD_SEARCH),
  rewardState: integerParam({ min: 0, max: 3 }).pipe(RewardStateSchema).optional(),
  sort: text(100).optional(),
});
export type PointRecordFilter = z.infer<typeof PointRecordFilterSchema>;
export const PointRecordListQuerySchema = PointRecordFilterSchema.extend({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: 1000 }).default(DEFAULT_PAGE_SIZE),
});
export type PointRecordListQuery = z.infer<typeof PointRecordListQuerySchema>;
export type PointRecordListRequest = z.input<typeof PointRecordListQuerySchema>;

/** Every reward of the engine and the draws (coupons and points), to find the failed ones and reissue them. */
export const RewardRecordFilterSchema = PointRecordFilterSchema.extend({
  rewardType: RewardTypeSchema.optional(),
});
export type RewardRecordFilter = z.infer<typeof RewardRecordFilterSchema>;
export const RewardRecordListQuerySchema = PointRecordListQuerySchema.extend({
  rewardType: RewardTypeSchema.optional(),
});
export type RewardRecordListQuery = z.infer<typeof RewardRecordListQuerySchema>;
export type RewardRecordListRequest = z.input<typeof RewardRecordListQuerySchema>;

/**
 * A point record (spec M3.4.1), or any reward record: the station as it was when the reward was given, the
 * user as the account service has it. A coupon reward names its batch (`rewardCode`) and its coupons.
 */
export const PointRecordSchema = z.object({
  recordId: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  accountId: z.string(),
  userName: z.string().nullable(),
  mobile: z.string().nullable(),
  vehicleId: z.string().nullable(),
  resourceId: z.string().nullable(),
  resourceName: z.string().nullable(),
  rewardType: RewardTypeSchema,
  rewardCode: z.string().nullable(),
  rewardName: z.string(),
  rewardAmount: z.number().int(),
  rewardState: RewardStateSchema,
  failReason: z.string().nullable(),
  reissueDesc: z.string().nullable(),
  couponIds: z.array(z.number().int()),
  drawLogId: z.number().int().nullable(),
  extResourceType: z.string().nullable(),
  extResourceId: z.string().nullable(),
  rewardTime: z.number().int().nullable(),
  createTime: z.number().int(),
});
export type PointRecord = z.infer<typeof PointRecordSchema>;
export const PointRecordPageSchema = pageOf(PointRecordSchema);
export type PointRecordPage = z.infer<typeof PointRecordPageSchema>;

export const RewardRecordParamsSchema = z.object({ recordId: idParam(INT8) });

/**
 * Reissue of a failed reward (spec M3.2.11): the record, and what to give in its place: the reward type, its
 * code (a coupon batch for coupons), units and name. `reissueDesc` says why, for the record.
 */
export const ReissueSchema = z
  .object({
    rewardType: RewardTypeSchema,
    recordId: integer({ min: 1, max: INT8.max }),
    rewardCode: text(32)
      .regex(/^[1-9]\d{0,17}$/, { error: 'activity.couponBatchId' })
      .nullish(),
    rewardUnits: integer({ min: 1, max: 1_000_000 }),
    rewardName: requiredText(64),
    reissueDesc: trimmedText(255).optional(),
  })
  .refine((r) => r.rewardType !== 'pe_coupon' || r.rewardCode != null, {
    path: ['rewardCode'],
    error: 'form.required',
  });
export type Reissue = z.input<typeof ReissueSchema>;
export type ReissueBody = z.output<typeof ReissueSchema>;

export const ReissueResultSchema = z.object({
  recordId: z.number().int(),
  rewardState: RewardStateSchema,
  couponIds: z.array(z.number().int()),
});
export type ReissueResult = z.infer<typeof ReissueResultSchema>;
