import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import type { GivenRewards } from '../activities/activities.service.js';
import { lotteryDraws, rewardProgress, rewardRecords } from './rewards.tables.js';

/**
 * What activities read of the rewards given in them: whether an activity has draws or rewards (users'
 * history, which keeps it from being deleted), and a red packet's count per station (the engine's counter).
 */
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

  async redPacketsAt(
    db: DbOrTx,
    activityId: number,
    resourceIds: readonly string[],
  ): Promise<Map<string, number>> {
    if (resourceIds.length === 0) return new Map();
    const rows = await db
      .select({ scope: rewardProgress.scope, value: rewardProgress.value })
      .from(rewardProgress)
      .where(
        and(
          eq(rewardProgress.activityId, activityId),
          eq(rewardProgress.accountId, ''),
          inArray(
            rewardProgress.scope,
            resourceIds.map((id) => `red:${id}`),
          ),
        ),
      );
    return new Map(rows.map((row) => [row.scope.slice('red:'.length), row.value]));
  },
};
