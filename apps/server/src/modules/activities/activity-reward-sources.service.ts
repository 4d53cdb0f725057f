import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { ActivityRuleValue } from '@cmp/domain/activities/activity-type-rules';
import type { ActivityType } from '@cmp/domain/activities/activity-types';
import type { DbOrTx } from '../../platform/db/database.js';
import { activities, activityRewards, activityStationAwards, activityStations } from './activities.tables.js';

/** An activity as the reward engine reads it: what it promises and when. */
export interface RewardingActivity {
  activityId: number;
  activityType: ActivityType;
  beginTime: number;
  endTime: number;
  activityRules: ActivityRuleValue[];
}

/** A station taking part in an activity, with the awards bound to it (resource/bind_awards). */
export interface RewardingStation {
  relationId: number;
  activityId: number;
  resourceId: string;
  awards: { degree: number; couponBatchId: number; totalAmount: number; issueAmount: number }[];
}

/** What an activity gave, for its reward statistics: red packets (count) or points. */
export interface GivenReward {
  activityId: number;
  accountId: string;
  rewardKind: 'red_packet' | 'nio_point';
  amount: number;
  givenAt: Date;
}

/**
 * What the reward engine (the rewards module) reads and writes of activities: the started activities of
 * some types whose window meets a time range, their active stations, the statistics it adds to, and the
 * stock of the awards bound to stations.
 */
export class ActivityRewardSourcesService {
  async startedActivities(
    db: DbOrTx,
    tenant: Tenant,
    types: readonly ActivityType[],
    from: number,
    to: number,
  ): Promise<RewardingActivity[]> {
    const rows = await db
      .select({
        activityId: activities.activityId,
        activityType: activities.activityType,
        beginTime: activities.beginTime,
        endTime: activities.endTime,
        activityRules: activities.activityRules,
      })
      .from(activities)
      .where(
        and(
          eq(activities.tenant, tenant),
          eq(activities.state, 'started'),
          inArray(activities.activityType, [...types]),
          lte(activities.beginTime, new Date(to)),
          gt(activities.endTime, new Date(from)),
        ),
      );
    return rows.map((row) => ({
      ...row,
      activityType: row.activityType as ActivityType,
      beginTime: row.beginTime.getTime(),
      endTime: row.endTime.getTime(),
    }));
  }

  /** The active stations among `resourceIds` of the activities, with their bound awards. */
  async activeStations(
    db: DbOrTx,
    activityIds: readonly number[],
    resourceIds: readonly string[],
  ): Promise<RewardingStation[]> {
    if (activityIds.length === 0 || resourceIds.length === 0) return [];
    const relations = await db
      .select({
        relationId: activityStations.relationId,
        activityId: activityStations.activityId,
        resourceId: activityStations.resourceId,
      })
      .from(activityStations)
      .where(
        and(
          inArray(activityStations.activityId, [...activityIds]),
          inArray(activityStations.resourceId, [...new Set(resourceIds)]),
          eq(activityStations.active, true),
        ),
      );
    const awards =
      relations.length === 0
        ? []
        : await db
            .select()
            .from(activityStationAwards)
            .where(
              inArray(
                activityStationAwards.relationId,
                relations.map((r) => r.relationId),
              ),
            );
    return relations.map((relation) => ({
      ...relation,
      awards: awards
        .filter((award) => award.relationId === relation.relationId)
        .map(({ degree, couponBatchId, totalAmount, issueAmount }) => ({
          degree,
          couponBatchId,
          totalAmount,
          issueAmount,
        })),
    }));
  }

  /** Counts one more of a station's award given, unless its total is reached; answers whether it did. */
  async takeStationAward(tx: DbOrTx, relationId: number, degree: number): Promise<boolean> {
    const rows = await tx
      .update(activityStationAwards)
      .set({ issueAmount: sql`${activityStationAwards.issueAmount} + 1` })
      .where(
        and(
          eq(activityStationAwards.relationId, relationId),
          eq(activityStationAwards.degree, degree),
          sql`${activityStationAwards.issueAmount} < ${activityStationAwards.totalAmount}`,
        ),
      )
      .returning({ relationId: activityStationAwards.relationId });
    return rows.length === 1;
  }

  async recordRewards(tx: DbOrTx, rewards: readonly GivenReward[]): Promise<void> {
    if (rewards.length > 0) await tx.insert(activityRewards).values([...rewards]);
  }
}
