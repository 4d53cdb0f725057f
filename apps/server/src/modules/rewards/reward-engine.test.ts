import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import type { ActivityStationPage } from '@cmp/domain/activities/activity-stations';
import type { PointRecordPage } from '@cmp/domain/rewards/reward-record-contracts';
import type { RewardEvent, RewardEventReceipt } from '@cmp/domain/rewards/reward-events';
import { jobs } from '../../platform/jobs/jobs.tables.js';
import { insertAccountRange } from '../../test/account-fixtures.js';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { rowValues, sheetOf } from '../../test/export-files.js';
import { insertChargeStation, insertOperator } from '../../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { coupons } from '../coupons/coupons.tables.js';
import { batchCode, staffCaller } from './lottery.fixtures.js';
import { rewardEvents, rewardRecords } from './rewards.tables.js';

const HOUR = 3_600_000;
/** Noon in UTC+08:00 today, and the same time the next day. */
const NOON = Math.floor((Date.now() + 8 * HOUR) / (24 * HOUR)) * 24 * HOUR - 8 * HOUR + 12 * HOUR;
const NEXT_NOON = NOON + 24 * HOUR;

describe('the reward engine', () => {
  let sut: TestContext;
  let operator: string;
  let app: TestAppClient;
  let call: ReturnType<typeof staffCaller>;
  let orders = 0;

  beforeEach(async () => {
    sut = await createTestContext({}, { jobRunner: { pollMs: 20 } });
    operator = await sut.userWith('operator', 'nio');
    call = staffCaller(sut, () => operator);
    app = await createAppClient(sut, 'nio');
    await insertAccountRange(sut.database.db, 'nio', 5, 'U');
    await insertOperator(sut.database.db, {
      operatorId: 'OP1',
      operatorName: '星星充电',
      equipmentOwnerId: 'OWN1',
    });
    await insertChargeStation(sut.database.db, 'CS1', { operatorId: 'OP1', resourceName: '虹桥充电站' });
    await insertChargeStation(sut.database.db, 'CS2', { operatorId: 'OP1' });
  });
  afterEach(() => sut.app.close());

  /** A started activity of the type and rules on the stations, live from two days ago for a week. */
  const activity = async (activityType: string, activityRules: object[], stations: string[] = []) => {
    const created = await call('POST', '/activities', {
      activityType,
      activityName: activityType,
      beginTime: NOON - 48 * HOUR,
      endTime: NOON + 7 * 24 * HOUR,
      activityRules,
      ...(activityType === 'scenario_activity' ? { businessModule: '1' } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json<Activity>();
    if (stations.length > 0)
      await call('POST', `/activities/${made.activityId}/stations`, { resourceIds: stations });
    const started = await call('POST', `/activities/${made.activityId}/update-status`, {
      activityStatus: 'start',
      version: made.version,
    });
    expect(started.statusCode, started.body).toBe(200);
    return made;
  };
  const rule = (ruleKey: string, ruleValue: string | number) => ({ ruleKey, ruleValue: String(ruleValue) });

  const send = async (events: RewardEvent[]) => {
    const response = await sendSigned(sut, app, 'POST', '/api/app/reward-events', { events });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<RewardEventReceipt>();
  };
  /** Waits until the engine has read every event and its runs have ended. */
  const settled = async () => {
    for (;;) {
      const pending = await sut.database.db
        .select()
        .from(rewardEvents)
        .where(isNull(rewardEvents.processedAt))
        .limit(1);
      const running = await sut.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'rewards.engine'), inArray(jobs.state, ['queued', 'running'])))
        .limit(1);
      if (pending.length === 0 && running.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const order = (accountId: string, resourceId: string, kwh: number, endTime = NOON): RewardEvent => ({
    kind: 'charging_order_finished',
    eventId: `order-${(orders += 1)}`,
    orderId: `O${orders}`,
    accountId,
    resourceId,
    vehicleId: `V-${accountId}`,
    kwh,
    startTime: endTime - HOUR,
    endTime,
  });
  const rewardsOf = (activityId: number) =>
    sut.database.db.select().from(rewardRecords).where(eq(rewardRecords.activityId, activityId));
  const couponsOf = async (accountId: string) =>
    (await sut.database.db.select().from(coupons).where(eq(coupons.accountId, accountId)))
      .map((c) => c.couponBatchId)
      .sort();

  it('should give a red packet of points per user, station and day, up to the station’s number, exactly once', async () => {
    const red = await activity(
      'charger_red_packet',
      [
        rule('basic_point', 50),
        rule('reward_number_per_resource', 3),
        rule('max_active_resource_number', 10),
        rule('individual_claim_frequency', 'once_per_day'),
      ],
      ['CS1'],
    );
    const first = order('U0', 'CS1', 20);
    const receipt = await send([
      first,
      order('U0', 'CS1', 10),
      order('U1', 'CS1', 5),
      order('U0', 'CS2', 30),
    ]);
    expect(receipt).toEqual({ accepted: 4, duplicates: [] });
    await settled();
    expect(
      await send([first, order('U0', 'CS1', 10, NEXT_NOON), order('U2', 'CS1', 8), order('U3', 'CS1', 8)]),
    ).toEqual({
      accepted: 3,
      duplicates: [first.eventId],
    });
    await settled();

    const given = await rewardsOf(red.activityId);
    expect(given.map((r) => [r.accountId, r.rewardType, r.rewardUnits, r.rewardState]).sort()).toEqual([
      ['U0', 'nio_point', 50, 1],
      ['U0', 'nio_point', 50, 1],
      ['U1', 'nio_point', 50, 1],
    ]);
    const points = (
      await call(
        'GET',
        `/point-records?activityId=${red.activityId}&searchInputSelect=accountId&searchInput=U1`,
      )
    ).json<PointRecordPage>();
    expect(points.items).toEqual([
      expect.objectContaining({
        accountId: 'U1',
        userName: '用户1',
        mobile: '13900000001',
        resourceId: 'CS1',
        resourceName: '虹桥充电站',
        vehicleId: 'V-U1',
        rewardType: 'nio_point',
        rewardAmount: 50,
        rewardState: 1,
        extResourceType: 'charging_order_finished',
      }),
    ]);
    const stations = await call('GET', `/activity-stations?activityId=${red.activityId}`);
    expect(stations.json<ActivityStationPage>().items.map((s) => [s.resourceId, s.surplusNum])).toEqual([
      ['CS1', 0],
    ]);
    const stats = (await call('GET', `/activities/${red.activityId}`)).json<Activity>().rewardStatistics;
    expect(stats).toEqual({ totalRedPacket: 3, totalNioPoint: 150 });
  });

  it('should give each step of a gradient once the user’s kWh at the activity’s stations reach it', async () => {
    const small = await batchCode(sut);
    const large = await batchCode(sut);
    const station = await batchCode(sut);
    const graded = await activity(
      'graded_charging_activity',
      [
        {
          ruleKey: 'graded_charging_degree',
          ruleValue: '2',
          gradient: [
            { degree: 10, rewardCode: small, rewardNumber: 1 },
            { degree: 30, rewardCode: large, rewardNumber: 2 },
          ],
        },
      ],
      ['CS1'],
    );
    const bind = await call('POST', `/activities/${graded.activityId}/stations/CS1/awards`, {
      resourceAwards: [{ degree: 15, couponBatchId: Number(station), totalAmount: 1 }],
    });
    expect(bind.statusCode, bind.body).toBe(200);

    await send([order('U0', 'CS1', 8), order('U0', 'CS2', 50), order('U0', 'CS1', 5)]);
    await settled();
    expect(await couponsOf('U0')).toEqual([Number(small)]);
    await send([order('U0', 'CS1', 20), order('U1', 'CS1', 16)]);
    await settled();
    expect(await couponsOf('U0')).toEqual(
      [Number(small), Number(large), Number(large), Number(station)].sort(),
    );
    // The station's award had one coupon: the second user past its degree gets nothing of it.
    expect(await couponsOf('U1')).toEqual([Number(small)]);
    expect((await rewardsOf(graded.activityId)).map((r) => r.rewardState)).toEqual([1, 1, 1, 1]);
  });

  it('should reward helpers and inviters at their counts up to their maximums, each pair once', async () => {
    const helperCoupon = await batchCode(sut);
    const inviterCoupon = await batchCode(sut);
    const assisting = await activity('user_acquisition_assisting', [
      rule('assist_reward_code', helperCoupon),
      rule('assist_reward_type', 'pe_coupon'),
      rule('assist_reward_number', 1),
      rule('assist_count_for_reward', 2),
      rule('assist_max_count_each_one', 1),
      rule('assisted_reward_code', inviterCoupon),
      rule('assisted_reward_type', 'pe_coupon'),
      rule('assisted_reward_number', 2),
      rule('assisted_count_for_reward', 2),
      rule('assisted_max_reward_each_one', 5),
    ]);
    const assist = (helper: string, inviter: string, n: number): RewardEvent => ({
      kind: 'assist',
      eventId: `assist-${n}`,
      activityId: assisting.activityId,
      accountId: helper,
      assistedAccountId: inviter,
      time: NOON,
    });
    await send([
      assist('U1', 'U0', 1),
      assist('U1', 'U0', 2),
      assist('U2', 'U0', 3),
      assist('U1', 'U3', 4),
      assist('U1', 'U4', 5),
      assist('U1', 'U1', 6),
    ]);
    await settled();
    // U0 was helped by U1 and U2 (U1's second assist of U0 counts once): one inviter reward of 2 coupons.
    expect(await couponsOf('U0')).toEqual([Number(inviterCoupon), Number(inviterCoupon)]);
    // U1 helped U0, U3 and U4: a reward at 2 assists, and at most 1.
    expect(await couponsOf('U1')).toEqual([Number(helperCoupon)]);
    expect(await couponsOf('U2')).toEqual([]);
  });

  it('should give check-in points once per user, station and day, and keep a failed coupon reward to reissue', async () => {
    const scene = await activity('scenario_activity', [rule('basic_point', 5)], ['CS1']);
    const checkIn = (accountId: string, n: number, time = NOON): RewardEvent => ({
      kind: 'station_check_in',
      eventId: `check-in-${n}`,
      accountId,
      resourceId: 'CS1',
      time,
    });
    await send([checkIn('U0', 1), checkIn('U0', 2), checkIn('U0', 3, NEXT_NOON)]);
    await settled();
    expect((await rewardsOf(scene.activityId)).map((r) => r.rewardUnits)).toEqual([5, 5]);

    const soldOut = await batchCode(sut, 0);
    const graded = await activity(
      'graded_charging_activity',
      [
        {
          ruleKey: 'graded_charging_degree',
          ruleValue: '1',
          gradient: [{ degree: 1, rewardCode: soldOut, rewardNumber: 1 }],
        },
      ],
      ['CS2'],
    );
    await send([order('U1', 'CS2', 3)]);
    await settled();
    const [failed] = await rewardsOf(graded.activityId);
    expect(failed).toMatchObject({
      rewardState: 2,
      failReason: 'coupon_batch_stock_not_enough',
      rewardType: 'pe_coupon',
    });
    const listed = (
      await call('GET', '/reward-records?rewardState=2&rewardType=pe_coupon')
    ).json<PointRecordPage>();
    expect(listed.items.map((r) => [r.recordId, r.rewardCode, r.accountId])).toEqual([
      [failed!.recordId, soldOut, 'U1'],
    ]);
    // The point records hold brand points only, in their creation range.
    expect((await call('GET', '/point-records?rewardState=2')).json<PointRecordPage>().total).toBe(0);
    const later = Date.now() + 60_000;
    const none = await call('GET', `/point-records?createTimeBegin=${later}&createTimeEnd=${later + 1000}`);
    expect(none.json<PointRecordPage>().total).toBe(0);
    const recent = await call(
      'GET',
      `/point-records?createTimeBegin=${Date.now() - 600_000}&createTimeEnd=${later}`,
    );
    expect(recent.json<PointRecordPage>().total).toBe(2);
    const sheet = await sheetOf(await call('GET', `/point-records/export?activityId=${scene.activityId}`));
    expect(sheet.rowCount).toBe(3);
    expect(rowValues(sheet, 1).slice(5, 9)).toEqual(['奖励类型', '奖励名称', '券批次ID', '奖励数量']);
    expect(rowValues(sheet, 2).slice(5, 9)).toEqual(['品牌积分', '打卡积分', undefined, 5]);
    const reissued = await call('POST', '/reward-records/reissue', {
      rewardType: 'pe_coupon',
      recordId: failed!.recordId,
      rewardCode: await batchCode(sut),
      rewardUnits: 1,
      rewardName: '补发',
    });
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect(reissued.json()).toMatchObject({ rewardState: 3 });
  });
});
