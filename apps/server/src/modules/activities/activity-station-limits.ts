import type { DbOrTx } from '../../platform/db/database.js';
import type { ActivityRow } from './activities.repo.js';
import { deactivateBeyond } from './activity-stations.repo.js';

/**
 * The most stations a charger red packet keeps active at once (its rule `max_active_resource_number`, the
 * spec's "maximum active station groups"); none for other types.
 */
export function maxActiveOf(
  activity: Pick<ActivityRow, 'activityType' | 'activityRules'>,
): number | undefined {
  if (activity.activityType !== 'charger_red_packet') return undefined;
  const value = activity.activityRules.find(
    (rule) => rule.ruleKey === 'max_active_resource_number',
  )?.ruleValue;
  return value === undefined ? undefined : Number(value);
}

/** Deactivates the stations just added past the activity's maximum of active ones; answers their ids. */
export async function keepWithinMaxActive(
  tx: DbOrTx,
  activity: Pick<ActivityRow, 'activityId' | 'activityType' | 'activityRules'>,
): Promise<string[]> {
  const max = maxActiveOf(activity);
  return max === undefined ? [] : deactivateBeyond(tx, activity.activityId, max);
}
