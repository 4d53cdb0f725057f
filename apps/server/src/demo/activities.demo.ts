import { asc, eq, inArray } from 'drizzle-orm';
import { TENANTS, type Tenant } from '@cmp/domain';
import type { ActivityFields } from '@cmp/domain/activities/activity-contracts';
import type { ActivityState } from '@cmp/domain/activities/activity-statuses';
import { activities, activityStations } from '../modules/activities/activities.tables.js';
import { couponBatches } from '../modules/coupons/coupons.tables.js';
import { staffUsers } from '../modules/staff/staff.tables.js';
import { resources } from '../modules/stations/stations.tables.js';
import type { Tx } from '../platform/db/database.js';
import type { DemoContext } from './demo-context.js';

const DAY = 24 * 3_600_000;

/** An activity of the demo: its fields, what staff did to it, and how many of the stations take part. */
interface DemoActivity {
  fields: Omit<ActivityFields, 'beginTime' | 'endTime'>;
  /** Days from now to its begin and its end. */
  window: [number, number];
  state: ActivityState;
  stations: number;
}

const slots = (values: [string, string, number][], key: 'price' | 'discount') =>
  values.map(([start, end, value]) => ({ start, end, [key]: value }));

/** The demo's activities of one tenant: every type, in every status. `batch` names a coupon batch of it. */
function activitiesOf(tenant: Tenant, batches: number[]): DemoActivity[] {
  const batch = (i: number) => String(batches[i % batches.length]);
  const owners = tenant === 'nio';
  const base = {
    activityDescription: null,
    coverImage: null,
    activityLink: null,
    rewardSlogan: null,
    businessModule: null,
  };
  const common = { ...base, activityRules: [], chargingDiscountRules: [], effectOperatorRules: [] };
  return [
    {
      fields: {
        ...common,
        activityType: 'charging_discount',
        activityName: '夜间充电八折',
        activityDescription: '夜间 23:00 至次日 07:00 充电享八折，白天九五折',
        chargingDiscountRules: [
          {
            userRole: 'default',
            discountType: 2,
            discountActCostShare: 50,
            timesharing: slots(
              [
                ['00:00', '07:00', 0.8],
                ['07:00', '23:00', 0.95],
                ['23:00', '24:00', 0.8],
              ],
              'discount',
            ),
          },
          ...(owners
            ? [
                {
                  userRole: 'vehicle_owner' as const,
                  discountType: 1 as const,
                  timesharing: slots(
                    [
                      ['00:00', '08:00', 0.6],
                      ['08:00', '24:00', 1.0],
                    ],
                    'price',
                  ),
                },
              ]
            : []),
        ],
      },
      window: [-10, 50],
      state: 'started',
      stations: 40,
    },
    {
      fields: {
        ...common,
        activityType: 'charging_discount',
        activityName: '新站开业特惠',
        chargingDiscountRules: [
          { userRole: 'default', discountType: 1, timesharing: slots([['00:00', '24:00', 0.99]], 'price') },
        ],
      },
      window: [5, 35],
      state: 'started',
      stations: 8,
    },
    {
      fields: {
        ...common,
        activityType: 'activity_notify',
        activityName: '冬季充电安全提示',
        rewardSlogan: '冬季充电，安全第一',
        activityLink: 'https://example.com/winter-safety',
        activityDescription: '低温天气请提前预热电池，充电完成后及时挪车',
      },
      window: [-3, 27],
      state: 'started',
      stations: 20,
    },
    {
      fields: {
        ...common,
        activityType: 'charger_red_packet',
        activityName: '充电桩红包雨',
        activityRules: [
          { ruleKey: 'basic_point', ruleValue: '10' },
          { ruleKey: 'reward_number_per_resource', ruleValue: '50' },
          { ruleKey: 'max_active_resource_number', ruleValue: '20' },
          { ruleKey: 'individual_claim_frequency', ruleValue: 'once_per_day' },
        ],
      },
      window: [-20, 10],
      state: 'started',
      stations: 20,
    },
    {
      fields: {
        ...common,
        activityType: 'user_acquisition_assisting',
        activityName: '邀好友助力得券',
        activityRules: [
          { ruleKey: 'assist_reward_code', ruleValue: batch(0) },
          { ruleKey: 'assist_reward_type', ruleValue: 'pe_coupon' },
          { ruleKey: 'assist_reward_number', ruleValue: '1' },
          { ruleKey: 'assist_count_for_reward', ruleValue: '1' },
          { ruleKey: 'assist_max_count_each_one', ruleValue: '3' },
          { ruleKey: 'assisted_reward_code', ruleValue: batch(1) },
          { ruleKey: 'assisted_reward_type', ruleValue: 'pe_coupon' },
          { ruleKey: 'assisted_reward_number', ruleValue: '1' },
          { ruleKey: 'assisted_count_for_reward', ruleValue: '3' },
          { ruleKey: 'assisted_max_reward_each_one', ruleValue: '5' },
        ],
      },
      window: [2, 32],
      state: 'created',
      stations: 0,
    },
    {
      fields: {
        ...common,
        activityType: 'gift_bag_lottery_draw',
        activityName: '元旦礼包抽奖',
        activityRules: [{ ruleKey: 'individual_claim_frequency', ruleValue: 'once' }],
      },
      window: [-40, -5],
      state: 'finished',
      stations: 10,
    },
    {
      fields: {
        ...common,
        activityType: 'gift_bag_lottery_draw',
        activityName: '双旦礼包抽奖',
        rewardSlogan: '每天一次，好券等你抽',
        activityRules: [{ ruleKey: 'individual_claim_frequency', ruleValue: 'once_per_day' }],
      },
      window: [-3, 25],
      state: 'started',
      stations: 0,
    },
    {
      fields: {
        ...common,
        activityType: 'scenario_activity',
        activityName: '高速服务区补能关怀',
        businessModule: '5',
        activityRules: [{ ruleKey: 'basic_point', ruleValue: '20' }],
      },
      window: [-7, 60],
      state: 'started',
      stations: 12,
    },
    {
      fields: {
        ...common,
        activityType: 'graded_charging_activity',
        activityName: '充得越多奖得越多',
        activityRules: [
          {
            ruleKey: 'graded_charging_degree',
            ruleValue: '3',
            gradient: [
              { degree: 50, rewardType: 'pe_coupon', rewardCode: batch(0), rewardNumber: 1 },
              { degree: 200, rewardType: 'pe_coupon', rewardCode: batch(1), rewardNumber: 2 },
              { degree: 500, rewardType: 'pe_coupon', rewardCode: batch(2), rewardNumber: 5 },
            ],
          },
        ],
      },
      window: [-15, 45],
      state: 'started',
      stations: 30,
    },
  ];
}

async function seedTenant(tx: Tx, tenant: Tenant, now: Date, stationIds: string[]) {
  const [creator] = await tx
    .select({ id: staffUsers.id, userName: staffUsers.userName })
    .from(staffUsers)
    .where(eq(staffUsers.userName, `${tenant}-operator`));
  const batches = (
    await tx
      .select({ id: couponBatches.couponBatchId })
      .from(couponBatches)
      .where(eq(couponBatches.tenant, tenant))
      .orderBy(asc(couponBatches.couponBatchId))
  ).map((row) => row.id);
  for (const [index, demo] of activitiesOf(tenant, batches).entries()) {
    const createdAt = new Date(now.getTime() + (Math.min(demo.window[0], 0) - 3) * DAY);
    const [row] = await tx
      .insert(activities)
      .values({
        ...demo.fields,
        tenant,
        state: demo.state,
        beginTime: new Date(now.getTime() + demo.window[0] * DAY),
        endTime: new Date(now.getTime() + demo.window[1] * DAY),
        creatorId: creator?.id ?? 0,
        creatorName: creator?.userName ?? 'system',
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ activityId: activities.activityId });
    const taking = stationIds.slice(index * 7, index * 7 + demo.stations);
    if (taking.length > 0) {
      await tx.insert(activityStations).values(
        taking.map((resourceId, i) => ({
          tenant,
          activityId: row!.activityId,
          resourceId,
          active: i % 9 !== 8,
          createdAt,
        })),
      );
    }
  }
}

/**
 * Activities of every tenant: each of the seven types, live, scheduled, not started and finished, on the
 * network's charge stations (one in nine deactivated), so the activity screens, the station lists and the
 * apps' quotes open on believable rows. Their rewards are the rewards demo's (`rewards.demo.ts`).
 */
export async function seedActivities({ tx, now }: DemoContext): Promise<void> {
  const stationIds = (
    await tx
      .select({ resourceId: resources.resourceId })
      .from(resources)
      .where(inArray(resources.resourceType, ['ChargeStation']))
      .orderBy(asc(resources.resourceId))
      .limit(120)
  ).map((row) => row.resourceId);
  for (const tenant of TENANTS) await seedTenant(tx, tenant, now, stationIds);
}
