import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

export const ACTIVITY_TYPES = [
  'activity_notify',
  'charging_discount',
  'charger_red_packet',
  'user_acquisition_assisting',
  'gift_bag_lottery_draw',
  'scenario_activity',
  'graded_charging_activity',
] as const;
export const ActivityTypeSchema = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof ActivityTypeSchema>;
export const ACTIVITY_TYPE_LABELS = {
  activity_notify: 'activityType.activityNotify',
  charging_discount: 'activityType.chargingDiscount',
  charger_red_packet: 'activityType.chargerRedPacket',
  user_acquisition_assisting: 'activityType.userAcquisitionAssisting',
  gift_bag_lottery_draw: 'activityType.giftBagLotteryDraw',
  scenario_activity: 'activityType.scenarioActivity',
  graded_charging_activity: 'activityType.gradedChargingActivity',
} as const satisfies Record<ActivityType, MessageKey>;

export const ACTIVITY_ACTIONS = ['create', 'update', 'delete', 'start', 'finish'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The values the update-status call takes; an activity's own status values are not part of the spec. */
export const ACTIVITY_STATUS_CHANGES = ['start', 'finish'] as const;
export const ActivityStatusChangeSchema = z.enum(ACTIVITY_STATUS_CHANGES);
export type ActivityStatusChange = z.infer<typeof ActivityStatusChangeSchema>;
