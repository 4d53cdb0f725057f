import type { Tenant } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { CLAIM_FREQUENCIES, type ClaimFrequency } from '@cmp/domain/activities/gift-bags';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { ActivitiesService, ActivityBrief } from '../activities/activities.service.js';

/** The tenant's activity, as a lottery: 404 when the tenant has none, 422 when it is not a lottery. */
export async function lotteryActivity(
  activities: ActivitiesService,
  db: DbOrTx,
  tenant: Tenant,
  activityId: number,
): Promise<ActivityBrief> {
  const activity = await activities.brief(tenant, activityId, db);
  if (!activity) throw AppError.notFound('activity', activityId);
  if (activity.activityType !== 'gift_bag_lottery_draw') throw new RuleError(ruleMessage('award.notLottery'));
  return activity;
}

/** A lottery whose prizes staff may still change: not finished. */
export async function editableLottery(
  activities: ActivitiesService,
  db: DbOrTx,
  tenant: Tenant,
  activityId: number,
): Promise<ActivityBrief> {
  const activity = await lotteryActivity(activities, db, tenant, activityId);
  if (activity.status === 'finished') throw AppError.conflict(ruleMessage('activity.finishedNotEditable'));
  return activity;
}

/** How often a user may draw: the activity's `individual_claim_frequency` rule, once when it has none. */
export function claimFrequencyOf(activity: ActivityBrief): ClaimFrequency {
  const value = activity.activityRules.find(
    (rule) => rule.ruleKey === 'individual_claim_frequency',
  )?.ruleValue;
  return CLAIM_FREQUENCIES.find((frequency) => frequency === value) ?? 'once';
}
