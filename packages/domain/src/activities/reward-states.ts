import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

export const REWARD_STATES = [0, 1, 2, 3] as const;
export const RewardStateSchema = z.literal(REWARD_STATES);
export type RewardState = z.infer<typeof RewardStateSchema>;
export const REWARD_STATE_LABELS = {
  0: 'rewardState.notExecuted',
  1: 'rewardState.success',
  2: 'rewardState.fail',
  3: 'rewardState.reissueSuccess',
} as const satisfies Record<RewardState, MessageKey>;

export const DRAW_STATES = ['none', 'win', 'lose'] as const;
export const DrawStateSchema = z.enum(DRAW_STATES);
export type DrawState = z.infer<typeof DrawStateSchema>;
export const DRAW_STATE_LABELS = {
  none: 'drawState.none',
  win: 'drawState.win',
  lose: 'drawState.lose',
} as const satisfies Record<DrawState, MessageKey>;

/** The lottery draw list pages by 10, unlike the other lists. */
export const LOTTERY_DRAW_PAGE_SIZE = 10;
