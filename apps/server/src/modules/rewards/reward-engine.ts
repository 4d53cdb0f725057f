import type { Tenant } from '@cmp/domain';
import type { ActivityType } from '@cmp/domain/activities/activity-types';
import { CLAIM_FREQUENCIES, type ClaimFrequency } from '@cmp/domain/activities/gift-bags';
import type { GradientStep } from '@cmp/domain/activities/activity-type-rules';
import { drawPeriod } from '@cmp/domain/rewards/draw-period';
import {
  RewardEventSchema,
  eventTime,
  type AssistEvent,
  type ChargingOrderEvent,
  type CheckInEvent,
  type RewardEvent,
} from '@cmp/domain/rewards/reward-events';
import { BRAND_POINTS, type PointRewardName } from '@cmp/domain/rewards/reward-record-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import type {
  ActivityRewardSourcesService,
  GivenReward,
  RewardingActivity,
  RewardingStation,
} from '../activities/activity-reward-sources.service.js';
import * as repo from './reward-engine.repo.js';
import { grantCouponsInBulk } from '../coupons/coupon-issue.service.js';
import { couponNamesOf } from '../coupons/coupons.views.js';

/** The activity types whose promises the engine keeps. */
const REWARDING_TYPES: ActivityType[] = [
  'charger_red_packet',
  'graded_charging_activity',
  'scenario_activity',
  'user_acquisition_assisting',
];
/** Who the engine's coupons name as their operator. */
const ENGINE_OPERATOR = 'reward_engine';

const ruleOf = (activity: RewardingActivity, key: string): string | undefined =>
  activity.activityRules.find((rule) => rule.ruleKey === key)?.ruleValue;
const numberRule = (activity: RewardingActivity, key: string): number | undefined => {
  const value = ruleOf(activity, key);
  return value === undefined || value === '' ? undefined : Number(value);
};
const frequencyOf = (activity: RewardingActivity): ClaimFrequency =>
  CLAIM_FREQUENCIES.find((f) => f === ruleOf(activity, 'individual_claim_frequency')) ?? 'once';
const gradientOf = (activity: RewardingActivity): GradientStep[] =>
  activity.activityRules.find((rule) => rule.ruleKey === 'graded_charging_degree')?.gradient ?? [];
const liveAt = (activity: RewardingActivity, at: number) => activity.beginTime <= at && at < activity.endTime;

interface CouponGive {
  couponBatchId: number;
  units: number;
}
type RecordBase = Omit<repo.NewRewardRecord, 'rewardType' | 'rewardName' | 'rewardUnits'>;

const groupBy = <T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
};

interface PendingReward {
  activityId: number;
  accountId: string;
  eventKey: string;
  /** Points, or coupons of a batch. */
  give: { points: number } | CouponGive;
  event: RewardEvent;
  resourceId?: string;
  /** A station's bound award, whose stock is taken when it is given. */
  stationAward?: { relationId: number; degree: number };
  redPacket?: boolean;
}

/**
 * The reward engine (docs/decisions.md "The reward engine"): reads a batch of the apps' events in order and
 * gives what the tenant's started activities promise, in the caller's transaction, so that the batch's
 * rewards, counters and the events' processed mark are written together or not at all. Each reward carries
 * a key per activity (`red:<station>:<account>:<period>`, `grade:<account>:<step>`, …) under a unique index:
 * an event read twice, or two events of one claim period, reward once.
 */
export class RewardEngine {
  constructor(private readonly sources: ActivityRewardSourcesService) {}

  async process(tx: DbOrTx, tenant: Tenant, rows: repo.RewardEventRow[], now = new Date()): Promise<number> {
    const events = rows.map((row) => RewardEventSchema.parse(row.payload));
    if (events.length === 0) return 0;
    const times = events.map(eventTime);
    const activities = await this.sources.startedActivities(
      tx,
      tenant,
      REWARDING_TYPES,
      Math.min(...times),
      Math.max(...times) + 1,
    );
    const resourceIds = events.flatMap((e) => ('resourceId' in e ? [e.resourceId] : []));
    const stations = await this.sources.activeStations(
      tx,
      activities.filter((a) => a.activityType !== 'user_acquisition_assisting').map((a) => a.activityId),
      resourceIds,
    );
    const state = new BatchState(tx, activities, stations);
    await state.load(events);

    for (const event of events) {
      if (event.kind === 'charging_order_finished') state.chargingOrder(event);
      else if (event.kind === 'station_check_in') state.checkIn(event);
      else state.assist(event);
    }
    await this.write(tx, tenant, state, now);
    await repo.markProcessed(
      tx,
      rows.map((row) => row.seq),
      now,
    );
    return state.rewards.length;
  }

  private async write(tx: DbOrTx, tenant: Tenant, state: BatchState, now: Date): Promise<void> {
    const [names, couponNames] = await Promise.all([
      repo.stationNames(
        tx,
        state.rewards.flatMap((r) => (r.resourceId ? [r.resourceId] : [])),
      ),
      couponNamesOf(
        tx,
        tenant,
        state.rewards.flatMap((r) => ('couponBatchId' in r.give ? [r.give.couponBatchId] : [])),
      ),
    ]);
    const records: repo.NewRewardRecord[] = [];
    const given: GivenReward[] = [];
    const coupons: (PendingReward & { give: CouponGive; base: RecordBase })[] = [];
    for (const reward of state.rewards) {
      const at = new Date(eventTime(reward.event));
      const event = reward.event;
      const base: RecordBase = {
        tenant,
        activityId: reward.activityId,
        accountId: reward.accountId,
        eventKey: reward.eventKey,
        resourceId: reward.resourceId ?? null,
        resourceName: reward.resourceId ? (names.get(reward.resourceId) ?? null) : null,
        vehicleId: event.kind === 'charging_order_finished' ? (event.vehicleId ?? null) : null,
        extResourceType: event.kind,
        extResourceId: event.kind === 'charging_order_finished' ? event.orderId : event.eventId,
        createdAt: now,
      };
      if ('points' in reward.give) {
        records.push({
          ...base,
          rewardType: BRAND_POINTS,
          rewardName: (reward.redPacket ? 'red_packet' : 'check_in') satisfies PointRewardName,
          rewardUnits: reward.give.points,
          rewardState: 1,
          rewardTime: now,
        });
        given.push({
          activityId: reward.activityId,
          accountId: reward.accountId,
          rewardKind: 'nio_point',
          amount: reward.give.points,
          givenAt: at,
        });
        if (reward.redPacket)
          given.push({
            activityId: reward.activityId,
            accountId: reward.accountId,
            rewardKind: 'red_packet',
            amount: 1,
            givenAt: at,
          });
        continue;
      }
      if (
        reward.stationAward &&
        !(await this.sources.takeStationAward(tx, reward.stationAward.relationId, reward.stationAward.degree))
      )
        continue;
      coupons.push({ ...reward, give: reward.give, base });
    }
    for (const [couponBatchId, group] of groupBy(coupons, (reward) => reward.give.couponBatchId)) {
      const outcomes = await grantCouponsInBulk(
        tx,
        tenant,
        couponBatchId,
        group.map((reward) => ({ accountId: reward.accountId, amount: reward.give.units })),
        ENGINE_OPERATOR,
      );
      group.forEach((reward, i) => {
        const outcome = outcomes[i]!;
        const given = 'couponIds' in outcome;
        records.push({
          ...reward.base,
          rewardType: 'pe_coupon',
          rewardCode: String(couponBatchId),
          rewardName: couponNames.get(couponBatchId) ?? String(couponBatchId),
          rewardUnits: reward.give.units,
          rewardState: given ? 1 : 2,
          failReason: given ? null : outcome.failure,
          couponIds: given ? outcome.couponIds : [],
          rewardTime: given ? now : null,
        });
      });
    }
    await repo.insertRewards(tx, records);
    await this.sources.recordRewards(tx, given);
    await repo.saveProgress(tx, state.changedProgress());
  }
}

/** A batch's view of the activities, stations and counters, changed in memory as its events are read. */
class BatchState {
  readonly rewards: PendingReward[] = [];
  private progress = new Map<string, number>();
  private readonly changed = new Map<string, repo.ProgressKey & { value: number }>();
  private given = new Set<string>();
  private readonly stationOf = new Map<string, RewardingStation>();

  constructor(
    private readonly tx: DbOrTx,
    private readonly activities: RewardingActivity[],
    stations: RewardingStation[],
  ) {
    for (const station of stations)
      this.stationOf.set(`${station.activityId}|${station.resourceId}`, station);
  }

  /** Reads the counters and the given keys the batch's events can touch, in two queries. */
  async load(events: RewardEvent[]): Promise<void> {
    const progress: repo.ProgressKey[] = [];
    const keys: { activityId: number; eventKey: string }[] = [];
    for (const event of events) {
      for (const { activity, station } of this.placesOf(event)) {
        const id = activity.activityId;
        if (event.kind === 'assist') {
          const helper = event.accountId;
          const helped = event.assistedAccountId;
          progress.push(
            { activityId: id, accountId: helper, scope: 'assists' },
            { activityId: id, accountId: helped, scope: 'assisted' },
            { activityId: id, accountId: helper, scope: `helped:${helped}` },
          );
          continue;
        }
        const resourceId = station!.resourceId;
        keys.push(
          ...this.keysOf(event, activity, resourceId).map((eventKey) => ({ activityId: id, eventKey })),
        );
        if (event.kind === 'charging_order_finished') {
          progress.push(
            { activityId: id, accountId: '', scope: `red:${resourceId}` },
            { activityId: id, accountId: event.accountId, scope: 'kwh' },
            { activityId: id, accountId: event.accountId, scope: `kwh:${resourceId}` },
          );
        }
      }
    }
    [this.progress, this.given] = await Promise.all([
      repo.progressOf(this.tx, progress),
      repo.givenKeys(this.tx, keys),
    ]);
  }

  /** The live activities an event counts in, with the station it happened at (none for assists). */
  private placesOf(event: RewardEvent): { activity: RewardingActivity; station?: RewardingStation }[] {
    const at = eventTime(event);
    if (event.kind === 'assist') {
      return this.activities
        .filter(
          (a) =>
            a.activityId === event.activityId &&
            a.activityType === 'user_acquisition_assisting' &&
            liveAt(a, at),
        )
        .map((activity) => ({ activity }));
    }
    const types: ActivityType[] =
      event.kind === 'station_check_in'
        ? ['scenario_activity']
        : ['charger_red_packet', 'graded_charging_activity'];
    return this.activities.flatMap((activity) => {
      const station = this.stationOf.get(`${activity.activityId}|${event.resourceId}`);
      return types.includes(activity.activityType) && station && liveAt(activity, at)
        ? [{ activity, station }]
        : [];
    });
  }

  /** Every key a station event could give a reward under, for the given-keys query. */
  private keysOf(
    event: ChargingOrderEvent | CheckInEvent,
    activity: RewardingActivity,
    resourceId: string,
  ): string[] {
    const account = event.accountId;
    if (event.kind === 'station_check_in')
      return [`checkin:${resourceId}:${account}:${drawPeriod('once_per_day', event.time)}`];
    if (activity.activityType === 'charger_red_packet')
      return [`red:${resourceId}:${account}:${drawPeriod(frequencyOf(activity), event.endTime)}`];
    const station = this.stationOf.get(`${activity.activityId}|${resourceId}`)!;
    return [
      ...gradientOf(activity).map((_, step) => `grade:${account}:${step}`),
      ...station.awards.map((award) => `station:${resourceId}:${award.degree}:${account}`),
    ];
  }

  private value(key: repo.ProgressKey): number {
    return this.progress.get(repo.progressKey(key)) ?? 0;
  }

  private set(key: repo.ProgressKey, value: number): void {
    const id = repo.progressKey(key);
    this.progress.set(id, value);
    this.changed.set(id, { ...key, value });
  }

  changedProgress(): (repo.ProgressKey & { value: number })[] {
    return [...this.changed.values()];
  }

  /** Queues a reward unless its key was given; answers whether it did. */
  private give(reward: PendingReward): boolean {
    const id = `${reward.activityId}|${reward.eventKey}`;
    if (this.given.has(id)) return false;
    this.given.add(id);
    this.rewards.push(reward);
    return true;
  }

  chargingOrder(event: ChargingOrderEvent): void {
    for (const { activity, station } of this.placesOf(event)) {
      const activityId = activity.activityId;
      const resourceId = station!.resourceId;
      if (activity.activityType === 'charger_red_packet') {
        const points = numberRule(activity, 'basic_point') ?? 0;
        const perStation = numberRule(activity, 'reward_number_per_resource') ?? 0;
        const counter = { activityId, accountId: '', scope: `red:${resourceId}` };
        if (points <= 0 || this.value(counter) >= perStation) continue;
        const period = drawPeriod(frequencyOf(activity), event.endTime);
        const eventKey = `red:${resourceId}:${event.accountId}:${period}`;
        if (
          this.give({
            activityId,
            accountId: event.accountId,
            eventKey,
            give: { points },
            event,
            resourceId,
            redPacket: true,
          })
        )
          this.set(counter, this.value(counter) + 1);
        continue;
      }
      const total = { activityId, accountId: event.accountId, scope: 'kwh' };
      const atStation = { activityId, accountId: event.accountId, scope: `kwh:${resourceId}` };
      this.set(total, this.value(total) + event.kwh);
      this.set(atStation, this.value(atStation) + event.kwh);
      gradientOf(activity).forEach((step, index) => {
        if (this.value(total) < step.degree) return;
        this.give({
          activityId,
          accountId: event.accountId,
          eventKey: `grade:${event.accountId}:${index}`,
          give: { couponBatchId: Number(step.rewardCode), units: step.rewardNumber },
          event,
          resourceId,
        });
      });
      for (const award of station!.awards) {
        if (this.value(atStation) < award.degree) continue;
        this.give({
          activityId,
          accountId: event.accountId,
          eventKey: `station:${resourceId}:${award.degree}:${event.accountId}`,
          give: { couponBatchId: award.couponBatchId, units: 1 },
          event,
          resourceId,
          stationAward: { relationId: station!.relationId, degree: award.degree },
        });
      }
    }
  }

  checkIn(event: CheckInEvent): void {
    for (const { activity, station } of this.placesOf(event)) {
      const points = numberRule(activity, 'basic_point') ?? 0;
      if (points <= 0) continue;
      this.give({
        activityId: activity.activityId,
        accountId: event.accountId,
        eventKey: `checkin:${station!.resourceId}:${event.accountId}:${drawPeriod('once_per_day', event.time)}`,
        give: { points },
        event,
        resourceId: station!.resourceId,
      });
    }
  }

  /**
   * An assist counts once per helper and inviter: the helper's reward every `assist_count_for_reward` assists
   * given, at most `assist_max_count_each_one` times; the inviter's every `assisted_count_for_reward` received,
   * at most `assisted_max_reward_each_one` times.
   */
  assist(event: AssistEvent): void {
    if (event.accountId === event.assistedAccountId) return;
    for (const { activity } of this.placesOf(event)) {
      const activityId = activity.activityId;
      const pair = { activityId, accountId: event.accountId, scope: `helped:${event.assistedAccountId}` };
      if (this.value(pair) > 0) continue;
      this.set(pair, 1);
      for (const side of ['assist', 'assisted'] as const) {
        const accountId = side === 'assist' ? event.accountId : event.assistedAccountId;
        const counter = { activityId, accountId, scope: side === 'assist' ? 'assists' : 'assisted' };
        const count = this.value(counter) + 1;
        this.set(counter, count);
        const every = numberRule(activity, `${side}_count_for_reward`) ?? 0;
        const most =
          numberRule(
            activity,
            side === 'assist' ? 'assist_max_count_each_one' : 'assisted_max_reward_each_one',
          ) ?? 0;
        const code = numberRule(activity, `${side}_reward_code`);
        if (every <= 0 || count % every !== 0 || count / every > most || code === undefined) continue;
        this.give({
          activityId,
          accountId,
          eventKey: `${side}:${accountId}:${count / every}`,
          give: { couponBatchId: code, units: numberRule(activity, `${side}_reward_number`) ?? 1 },
          event,
        });
      }
    }
  }
}
