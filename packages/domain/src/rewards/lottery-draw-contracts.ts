import { z } from 'zod';
import { DEFAULT_PAGE_NO, MAX_PAGE_NO, pageOf } from '../platform/paging.js';
import { INT8, integer, integerParam, text, trimmedText } from '../shared/input.js';
import type { MessageKey } from '../messages/en-US.js';
import {
  DrawStateSchema,
  LOTTERY_DRAW_PAGE_SIZE,
  REWARD_STATES,
  RewardStateSchema,
} from '../activities/reward-states.js';
import { RewardTypeSchema } from './reward-record-contracts.js';

/** Why a draw lost: every bag is drawn out, or the activity has no bag with an award in it. */
export const LOSE_REASONS = ['drawn_out', 'no_gift_bag'] as const;
export const LoseReasonSchema = z.enum(LOSE_REASONS);
export type LoseReason = z.infer<typeof LoseReasonSchema>;
export const LOSE_REASON_LABELS = {
  drawn_out: 'loseReason.drawnOut',
  no_gift_bag: 'loseReason.noGiftBag',
} as const satisfies Record<LoseReason, MessageKey>;

export const LOTTERY_DRAW_SEARCH_NAMES = ['mobile', 'accountId'] as const;
export const DEFAULT_LOTTERY_DRAW_SEARCH = 'mobile';
export const LOTTERY_DRAW_SORTABLE = ['createTime'] as const;
export const DEFAULT_LOTTERY_DRAW_SORT = 'createTime:desc';

const RewardStateParam = integerParam({ min: 0, max: REWARD_STATES.length - 1 }).pipe(RewardStateSchema);

/** The lottery draw filter (spec M3.2.9); pages of 10 (M3.2.10). */
export const LotteryDrawFilterSchema = z.object({
  activityId: integerParam({ min: 1, max: INT8.max }).optional(),
  accountId: trimmedText(64).optional(),
  mobile: trimmedText(32).optional(),
  drawState: DrawStateSchema.optional(),
  rewardState: RewardStateParam.optional(),
  searchInput: trimmedText(64).optional(),
  searchInputSelect: z.enum(LOTTERY_DRAW_SEARCH_NAMES).default(DEFAULT_LOTTERY_DRAW_SEARCH),
  sort: text(100).optional(),
});
export type LotteryDrawFilter = z.infer<typeof LotteryDrawFilterSchema>;
export const LotteryDrawListQuerySchema = LotteryDrawFilterSchema.extend({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: 1000 }).default(LOTTERY_DRAW_PAGE_SIZE),
});
export type LotteryDrawListQuery = z.infer<typeof LotteryDrawListQuerySchema>;
export type LotteryDrawListRequest = z.input<typeof LotteryDrawListQuerySchema>;

/** One reward of a draw (spec M3.2.8): the award as it was won and what became of it. */
export const DrawRewardSchema = z.object({
  rewardRecordId: z.number().int(),
  awardId: z.number().int().nullable(),
  rewardState: RewardStateSchema,
  awardTitle: z.string(),
  awardUnits: z.number().int(),
  /** The award's type; brand points when staff reissued the reward as points. */
  awardType: RewardTypeSchema,
  awardCode: z.string(),
  awardAmount: z.number().int().nullable(),
  remainingAmount: z.number().int().nullable(),
  awardSubTitle: z.string().nullable(),
  awardImage: z.string().nullable(),
  needLogistics: z.boolean(),
  failReason: z.string().nullable(),
  reissueDesc: z.string().nullable(),
  couponIds: z.array(z.number().int()),
});
export type DrawReward = z.infer<typeof DrawRewardSchema>;

export const DrawAccountSchema = z.object({
  accountId: z.string(),
  mobile: z.string().nullable(),
  nickName: z.string().nullable(),
});

/** A draw (spec M3.2.8). `rewardRecordId` is its first reward's record, null for a draw that lost. */
export const LotteryDrawSchema = z.object({
  drawLogId: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  account: DrawAccountSchema,
  rewardRecordId: z.number().int().nullable(),
  giftBagId: z.number().int().nullable(),
  drawState: DrawStateSchema,
  drawStateLoseReason: LoseReasonSchema.nullable(),
  createTime: z.number().int(),
  rewards: z.array(DrawRewardSchema),
});
export type LotteryDraw = z.infer<typeof LotteryDrawSchema>;
export const LotteryDrawPageSchema = pageOf(LotteryDrawSchema);
export type LotteryDrawPage = z.infer<typeof LotteryDrawPageSchema>;

/**
 * The apps' draw: who draws in which lottery, and the request's own id, which makes asking twice answer
 * the first draw.
 */
export const AppDrawRequestSchema = z.object({
  activityId: integer({ min: 1, max: INT8.max }),
  accountId: text(64).min(1),
  requestId: text(64).regex(/^[A-Za-z0-9._:-]{8,64}$/, { error: 'lottery.requestId' }),
});
export type AppDrawRequest = z.infer<typeof AppDrawRequestSchema>;
