import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import type { GivenRewards } from '../activities/activities.service.js';
import { lotteryDraws, rewardRecords } from './rewards.tables.js';

/** Whether an activity has draws or rewards: they are users' history, and keep it from being deleted. */
export const givenRewards: GivenRewards = {
  async given(db: DbOrTx, activityId: number): Promise<boolean> {
    const [draw] = await db
      .select({ id: lotteryDraws.drawLogId })
      .from(lotteryDraws)
      .where(eq(lotteryDraws.activityId, activityId))
      .limit(1);
    if (draw) return true;
    const [reward] = await db
      .select({ id: rewardRecords.recordId })
      .from(rewardRecords)
      .where(eq(rewardRecords.activityId, activityId))
      .limit(1);
    return reward !== undefined;
  },
};
