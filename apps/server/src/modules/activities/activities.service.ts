import { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import {
  ActivityFilterSchema,
  activityFieldsOfType,
  discountRulesToSave,
  activityTenantProblems,
  type Activity,
  type ActivityFields,
  type ActivityListQuery,
  type ActivityPage,
  type ActivityStatusChangeBody,
  type DiscountOverlaps,
  type RewardTimeline,
} from '@cmp/domain/activities/activity-contracts';
import {
  activityStatusOf,
  isLiveStatus,
  type ActivityState,
  type ActivityStatus,
} from '@cmp/domain/activities/activity-statuses';
import {
  REWARD_NAME_RULES,
  RULE_SPECS,
  isRuleKey,
  type ActivityRuleValue,
} from '@cmp/domain/activities/activity-type-rules';
import type { ActivityType } from '@cmp/domain/activities/activity-types';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { BIZ_SCENE_DICT_TYPE } from '@cmp/domain/stations/biz-scenes';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { assertVersion, changedFields } from '../../platform/audit/edits.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { couponNamesOf } from '../coupons/coupons.views.js';
import type { DictionaryService } from '../dictionaries/dictionaries.service.js';
import { ACTIVITY_LIST_EXPORT } from './activities.export.js';
import * as repo from './activities.repo.js';

/** The export's query: the list's filter with the tenant and the time its statuses are read at. */
export const ActivityExportFilterSchema = ActivityFilterSchema.extend({
  tenant: TenantSchema,
  now: z.number(),
});
export type ActivityExportFilter = z.infer<typeof ActivityExportFilterSchema>;

/** Audit entity of an activity. */
export const ACTIVITY_ENTITY = 'activity';

/** What other areas read of an activity: its type, name, status now and rules. */
export interface ActivityBrief {
  activityId: number;
  activityType: ActivityType;
  activityName: string;
  status: ActivityStatus;
  activityRules: ActivityRuleValue[];
}

/**
 * The rewards another area gave in an activity (draws, point records), which keep it from being deleted,
 * and a red packet's count per station: the port the rewards module fills (`app.ts`).
 */
export interface GivenRewards {
  given(db: DbOrTx, activityId: number): Promise<boolean>;
  /** The red packets a charger red packet gave at each of the stations. */
  redPacketsAt(db: DbOrTx, activityId: number, resourceIds: readonly string[]): Promise<Map<string, number>>;
}

const NO_REWARDS = { totalRedPacket: 0, totalNioPoint: 0 };

/** The columns a save writes from the fields, what the type does not use left out. */
function columnsOf(fields: ActivityFields) {
  const kept = activityFieldsOfType(fields);
  return {
    activityName: kept.activityName,
    activityDescription: kept.activityDescription ?? null,
    beginTime: new Date(kept.beginTime),
    endTime: new Date(kept.endTime),
    coverImage: kept.coverImage ?? null,
    rewardSlogan: kept.rewardSlogan ?? null,
    activityLink: kept.activityLink ?? null,
    businessModule: kept.businessModule ?? null,
    activityRules: kept.activityRules,
    chargingDiscountRules: kept.chargingDiscountRules,
    effectOperatorRules: kept.effectOperatorRules,
  };
}

/** The stored activity as a save compares it and the audit shows it. */
const editableOf = (row: repo.ActivityRow) => ({
  activityName: row.activityName,
  activityDescription: row.activityDescription,
  beginTime: row.beginTime,
  endTime: row.endTime,
  coverImage: row.coverImage,
  rewardSlogan: row.rewardSlogan,
  activityLink: row.activityLink,
  businessModule: row.businessModule,
  activityRules: row.activityRules,
  chargingDiscountRules: discountRulesToSave(row.chargingDiscountRules),
  effectOperatorRules: row.effectOperatorRules,
});

/** The coupon batches an activity's rules name: the assisting rewards and the gradient's steps. */
function couponBatchIdsOf(rules: ActivityFields['activityRules']): number[] {
  const ids = rules.flatMap((rule) => {
    if (isRuleKey(rule.ruleKey) && RULE_SPECS[rule.ruleKey].kind === 'couponBatch') return [rule.ruleValue];
    return (rule.gradient ?? []).map((step) => step.rewardCode);
  });
  return [...new Set(ids.map(Number))];
}

/**
 * Activities (marketing spec §3 "Activity", §7 "Activities"): the list with its filter, the info, create,
 * update, delete and update-status (start, finish), each recorded in the audit (`activity`). Statuses are
 * derived from what staff did and the window (`activityStatusOf`, docs/decisions.md "Activity statuses").
 */
export class ActivitiesService {
  constructor(
    private readonly db: Db,
    private readonly dictionaries: DictionaryService,
    private readonly givenRewards: GivenRewards,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The tenant's activity as other areas read it, undefined when the tenant has none of this id. */
  async brief(tenant: Tenant, activityId: number, db: DbOrTx = this.db): Promise<ActivityBrief | undefined> {
    const row = await repo.findActivity(db, tenant, activityId);
    if (!row) return undefined;
    const { activity } = row;
    return {
      activityId,
      activityType: activity.activityType as ActivityType,
      activityName: activity.activityName,
      status: this.statusOf(activity),
      activityRules: activity.activityRules,
    };
  }

  async list(tenant: Tenant, query: ActivityListQuery): Promise<ActivityPage> {
    const { pageNo, pageSize, ...filter } = query;
    const now = this.clock();
    const page = await repo.activityList.page(this.db, { ...filter, tenant, now }, { pageNo, pageSize });
    return { items: await this.presentAll(page.rows, now), total: page.total };
  }

  /** The list as an export (`platform/export`): the same filter and order, statuses as of the request. */
  readonly export = listExport({
    list: 'activities.list',
    query: ActivityExportFilterSchema,
    sheet: ACTIVITY_LIST_EXPORT,
    rows: repo.activityList,
    items: (rows, query) => this.presentAll(rows, query.now),
  });

  private async presentAll(rows: repo.ActivityWithCount[], now: number): Promise<Activity[]> {
    const [totals, scenes] = await Promise.all([
      repo.rewardTotals(
        this.db,
        rows.map((row) => row.activity.activityId),
      ),
      this.dictionaries.labels(BIZ_SCENE_DICT_TYPE),
    ]);
    return rows.map((row) =>
      this.present(row, totals.get(row.activity.activityId) ?? NO_REWARDS, scenes, now),
    );
  }

  /** The names of the activities, by id. */
  async names(activityIds: readonly number[]): Promise<Map<number, string>> {
    return repo.activityNames(this.db, [...new Set(activityIds)]);
  }

  /** The activity, with the coupon name of each assisting reward added as its reward-name rule (M7.3.32). */
  async get(tenant: Tenant, activityId: number): Promise<Activity> {
    const row = await repo.findActivity(this.db, tenant, activityId);
    if (!row) throw AppError.notFound('activity', activityId);
    const [totals, scenes, names] = await Promise.all([
      repo.rewardTotals(this.db, [activityId]),
      this.dictionaries.labels(BIZ_SCENE_DICT_TYPE),
      couponNamesOf(this.db, tenant, couponBatchIdsOf(row.activity.activityRules)),
    ]);
    const activity = this.present(row, totals.get(activityId) ?? NO_REWARDS, scenes, this.clock());
    const rewardNames = activity.activityRules.flatMap((rule) => {
      const nameKey = REWARD_NAME_RULES[rule.ruleKey as keyof typeof REWARD_NAME_RULES];
      const name = nameKey && names.get(Number(rule.ruleValue));
      return nameKey && name ? [{ ruleKey: nameKey, ruleValue: name }] : [];
    });
    return { ...activity, activityRules: [...activity.activityRules, ...rewardNames] };
  }

  /** The activity's rewards per day, for its chart. */
  async rewardTimeline(tenant: Tenant, activityId: number): Promise<RewardTimeline> {
    await this.get(tenant, activityId);
    return { days: await repo.rewardsByDay(this.db, activityId) };
  }

  /**
   * The other live or coming charging discounts that meet a discount in time on shared stations; none for
   * another type. Every rule reaches the narrowest role, so two discounts always meet in role there.
   */
  async discountOverlaps(tenant: Tenant, activityId: number): Promise<DiscountOverlaps> {
    const activity = await this.get(tenant, activityId);
    if (activity.activityType !== 'charging_discount') return { overlaps: [] };
    const now = this.clock();
    const rows = await repo.overlappingDiscounts(
      this.db,
      tenant,
      activityId,
      new Date(Math.max(activity.beginTime, now)),
      new Date(activity.endTime),
    );
    return {
      overlaps: rows.map((row) => ({
        activityId: row.activityId,
        activityName: row.activityName,
        activityStatus: activityStatusOf(
          {
            state: row.state as ActivityState,
            beginTime: row.beginTime.getTime(),
            endTime: row.endTime.getTime(),
          },
          now,
        ),
        beginTime: row.beginTime.getTime(),
        endTime: row.endTime.getTime(),
        sharedStations: row.sharedStations,
      })),
    };
  }

  async create(tenant: Tenant, fields: ActivityFields, actor: Actor): Promise<Activity> {
    await this.assertReferences(tenant, fields);
    const activityId = await this.db.transaction(async (tx) => {
      const row = await repo.insertActivity(tx, {
        ...columnsOf(fields),
        tenant,
        activityType: fields.activityType,
        creatorId: actor.userId ?? 0,
        creatorName: actor.userName ?? 'system',
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: ACTIVITY_ENTITY,
        entityId: row.activityId,
        action: 'ACTIVITY_CREATE',
        after: { activityType: row.activityType, ...editableOf(row) },
      });
      return row.activityId;
    });
    return this.get(tenant, activityId);
  }

  /**
   * Replaces the activity's fields from the version the editor read (409 when someone saved since). The
   * type stays (422), and a finished activity is kept as it ended (409).
   */
  async update(
    tenant: Tenant,
    activityId: number,
    input: ActivityFields & { version: number },
    actor: Actor,
  ): Promise<Activity> {
    const { version, ...fields } = input;
    await this.assertReferences(tenant, fields);
    await this.db.transaction(async (tx) => {
      const stored = await this.lock(tx, tenant, activityId);
      assertVersion(stored.version, version, 'activity.versionConflict');
      if (stored.activityType !== fields.activityType) throw new RuleError(ruleMessage('activity.typeFixed'));
      if (this.statusOf(stored) === 'finished') {
        throw AppError.conflict(ruleMessage('activity.finishedNotEditable'));
      }
      const columns = columnsOf(fields);
      const changes = changedFields(editableOf(stored), columns);
      const row = await repo.updateActivity(tx, activityId, columns);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: ACTIVITY_ENTITY,
        entityId: activityId,
        action: 'ACTIVITY_UPDATE',
        before: { ...changes.before, version: stored.version },
        after: { ...changes.after, version: row.version },
      });
    });
    return this.get(tenant, activityId);
  }

  /**
   * Deletes the activity as of the version read, with its stations. A live one must be finished first, and
   * one that gave rewards is kept: its rewards are the users' history.
   */
  async remove(tenant: Tenant, activityId: number, version: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const stored = await this.lock(tx, tenant, activityId);
      assertVersion(stored.version, version, 'activity.versionConflict');
      if (isLiveStatus(this.statusOf(stored)))
        throw AppError.conflict(ruleMessage('activity.liveNotDeletable'));
      if ((await repo.hasRewards(tx, activityId)) || (await this.givenRewards.given(tx, activityId)))
        throw AppError.conflict(ruleMessage('activity.rewardsGiven'));
      await repo.deleteActivity(tx, activityId);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: ACTIVITY_ENTITY,
        entityId: activityId,
        action: 'ACTIVITY_DELETE',
        before: { activityType: stored.activityType, ...editableOf(stored), state: stored.state },
      });
    });
  }

  /**
   * update-status: `start` a created activity whose window has not closed (it runs from its begin time),
   * `finish` a started one (at once, whatever its window says).
   */
  async changeStatus(
    tenant: Tenant,
    activityId: number,
    { activityStatus, version }: ActivityStatusChangeBody,
    actor: Actor,
  ): Promise<Activity> {
    await this.db.transaction(async (tx) => {
      const stored = await this.lock(tx, tenant, activityId);
      assertVersion(stored.version, version, 'activity.versionConflict');
      const next = this.nextState(stored, activityStatus);
      const row = await repo.updateActivity(tx, activityId, { state: next });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: ACTIVITY_ENTITY,
        entityId: activityId,
        action: activityStatus === 'start' ? 'ACTIVITY_START' : 'ACTIVITY_FINISH',
        before: { state: stored.state, version: stored.version },
        after: { state: row.state, version: row.version },
      });
    });
    return this.get(tenant, activityId);
  }

  private nextState(stored: repo.ActivityRow, change: 'start' | 'finish'): ActivityState {
    const state = stored.state as ActivityState;
    if (change === 'start') {
      if (state === 'started') throw AppError.conflict(ruleMessage('activity.alreadyStarted'));
      if (state === 'finished') throw AppError.conflict(ruleMessage('activity.startAfterFinish'));
      if (stored.endTime.getTime() <= this.clock())
        throw new RuleError(ruleMessage('activity.startAfterEnd'));
      return 'started';
    }
    if (state === 'created') throw AppError.conflict(ruleMessage('activity.finishNotStarted'));
    if (state === 'finished') throw AppError.conflict(ruleMessage('activity.alreadyFinished'));
    return 'finished';
  }

  private async lock(tx: DbOrTx, tenant: Tenant, activityId: number): Promise<repo.ActivityRow> {
    const stored = await repo.lockActivity(tx, tenant, activityId);
    if (!stored) throw AppError.notFound('activity', activityId);
    return stored;
  }

  private statusOf(row: repo.ActivityRow) {
    return activityStatusOf(
      {
        state: row.state as ActivityState,
        beginTime: row.beginTime.getTime(),
        endTime: row.endTime.getTime(),
      },
      this.clock(),
    );
  }

  /**
   * What the activity names must exist: its discount roles in the tenant, its scene in the dictionary, its
   * coupon batches in the tenant, its operators (422 naming the first that does not).
   */
  private async assertReferences(tenant: Tenant, fields: ActivityFields): Promise<void> {
    const kept = activityFieldsOfType(fields);
    const [roleProblem] = activityTenantProblems(tenant, kept);
    if (roleProblem) throw new RuleError(roleProblem.message);
    if (kept.businessModule) {
      await this.dictionaries.assertCodesInUse({
        dictTypeCode: BIZ_SCENE_DICT_TYPE,
        codes: [kept.businessModule],
        unknown: (code) => ruleMessage('activity.unknownScene', { code }),
      });
    }
    const batchIds = couponBatchIdsOf(kept.activityRules);
    const batches = await couponNamesOf(this.db, tenant, batchIds);
    const missingBatch = batchIds.find((id) => !batches.has(id));
    if (missingBatch !== undefined) {
      throw new RuleError(ruleMessage('activity.unknownCouponBatch', { couponBatchId: missingBatch }));
    }
    const operatorIds = kept.effectOperatorRules.map((rule) => rule.operatorId);
    const operators = await repo.existingOperators(this.db, operatorIds);
    const missingOperator = operatorIds.find((id) => !operators.has(id));
    if (missingOperator !== undefined) {
      throw new RuleError(ruleMessage('activity.unknownOperator', { operatorId: missingOperator }));
    }
  }

  private present(
    { activity: row, stationCount }: repo.ActivityWithCount,
    rewardStatistics: Activity['rewardStatistics'],
    scenes: ReadonlyMap<string, string>,
    now: number,
  ): Activity {
    return {
      activityId: row.activityId,
      activityType: row.activityType as ActivityType,
      activityName: row.activityName,
      businessModule: row.businessModule,
      businessModuleDesc: row.businessModule === null ? null : (scenes.get(row.businessModule) ?? null),
      activityStatus: activityStatusOf(
        {
          state: row.state as ActivityState,
          beginTime: row.beginTime.getTime(),
          endTime: row.endTime.getTime(),
        },
        now,
      ),
      activityDescription: row.activityDescription,
      beginTime: row.beginTime.getTime(),
      endTime: row.endTime.getTime(),
      coverImage: row.coverImage,
      rewardSlogan: row.rewardSlogan,
      activityLink: row.activityLink,
      creatorId: row.creatorId,
      creatorName: row.creatorName,
      createTime: row.createdAt.getTime(),
      updateTime: row.updatedAt.getTime(),
      activityRules: row.activityRules,
      chargingDiscountRules: discountRulesToSave(row.chargingDiscountRules),
      rewardStatistics,
      tenantId: row.tenant,
      effectOperatorRules: row.effectOperatorRules,
      stationCount,
      version: row.version,
    };
  }
}
