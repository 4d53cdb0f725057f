import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_STATUS_CHANGES,
  ACTIVITY_TYPES,
  ActivityTypeSchema,
} from './activity-types.js';

describe('activity types and actions', () => {
  it('should list the seven activity types', () => {
    expect(ACTIVITY_TYPES).toEqual([
      'activity_notify',
      'charging_discount',
      'charger_red_packet',
      'user_acquisition_assisting',
      'gift_bag_lottery_draw',
      'scenario_activity',
      'graded_charging_activity',
    ]);
    expect(ActivityTypeSchema.safeParse('flash_sale').success).toBe(false);
  });

  it('should know the actions and change status only to start or finish', () => {
    expect(ACTIVITY_ACTIONS).toEqual(['create', 'update', 'delete', 'start', 'finish']);
    expect(ACTIVITY_STATUS_CHANGES).toEqual(['start', 'finish']);
  });
});
