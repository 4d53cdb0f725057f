import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity, ActivityCreate, ActivityPage } from '@cmp/domain/activities/activity-contracts';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertCouponBatch } from '../../test/coupon-fixtures.js';
import { rowValues, sheetOf } from '../../test/export-files.js';
import { insertChargeStation, insertOperator, insertSwapStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { activityRewards, activityStations } from './activities.tables.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A window opening in a day and lasting a week, unless the test says otherwise. */
const base = (values: Partial<ActivityCreate> = {}): ActivityCreate => ({
  activityType: 'activity_notify',
  activityName: '春节充电季',
  rewardSlogan: '充电享好礼',
  beginTime: Date.now() + DAY,
  endTime: Date.now() + 8 * DAY,
  ...values,
});

const ALL_DAY = [{ start: '00:00', end: '24:00', price: 0.99 }];

describe('activities', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let peOperator: string;
  let couponBatchId: number;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    peOperator = await sut.userWith('operator', 'pe');
    await insertOperator(sut.database.db, {
      operatorId: 'OP1',
      operatorName: '星星充电',
      equipmentOwnerId: 'OWN1',
    });
    couponBatchId = (await insertCouponBatch(sut.database.db, 'nio', { couponName: '5元充电券' }))
      .couponBatchId;
  });
  afterEach(() => sut.app.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    { payload, cookie = operator, tenant = 'nio', language = 'zh-CN' } = {} as {
      payload?: object;
      cookie?: string;
      tenant?: string;
      language?: string;
    },
  ) =>
    sut.app.inject({
      method,
      url: `/api/${tenant}/activities${path}`,
      headers: { cookie, 'accept-language': language },
      payload,
    });
  const created = async (body: ActivityCreate, cookie = operator, tenant = 'nio') => {
    const response = await call('POST', '', { payload: body, cookie, tenant });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Activity>();
  };
  const list = async (query = '', cookie = viewer) => {
    const response = await call('GET', query ? `?${query}` : '', { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ActivityPage>();
  };
  const changeStatus = (
    activity: Pick<Activity, 'activityId' | 'version'>,
    activityStatus: 'start' | 'finish',
  ) =>
    call('POST', `/${activity.activityId}/update-status`, {
      payload: { activityStatus, version: activity.version },
    });

  describe('create, by type', () => {
    it('should create a notice, not started, with the signed-in user as its creator, and audit it', async () => {
      const activity = await created(
        base({ activityLink: 'https://example.com/spring', coverImage: 'https://example.com/c.png' }),
      );
      expect(activity).toMatchObject({
        activityType: 'activity_notify',
        activityName: '春节充电季',
        activityStatus: 'not_started',
        rewardSlogan: '充电享好礼',
        activityLink: 'https://example.com/spring',
        tenantId: 'nio',
        stationCount: 0,
        rewardStatistics: { totalRedPacket: 0, totalNioPoint: 0 },
        version: 1,
      });
      expect(activity.creatorName).toMatch(/^nio-operator/);
      const [record] = await sut.database.db
        .select()
        .from(auditRecords)
        .where(
          and(
            eq(auditRecords.entityType, 'activity'),
            eq(auditRecords.entityId, String(activity.activityId)),
          ),
        );
      expect(record).toMatchObject({ action: 'ACTIVITY_CREATE', tenant: 'nio' });
    });

    it('should refuse a notice without its slogan, and a window that ends before it begins, each at its field', async () => {
      const response = await call('POST', '', {
        payload: base({ rewardSlogan: '', endTime: Date.now() }),
      });
      expect(response.statusCode).toBe(400);
      const details = errorOf(response).details as { path: string; message: string }[];
      expect(details).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'body.rewardSlogan', message: '输入不能为空' }),
          expect.objectContaining({ path: 'body.endTime', message: '结束时间必须晚于开始时间' }),
        ]),
      );
    });

    it('should keep a charging discount with its percent slots as ratios, its rules widest first with the roles each keeps', async () => {
      const activity = await created(
        base({
          activityType: 'charging_discount',
          chargingDiscountRules: [
            {
              userRole: 'vehicle_owner',
              discountType: 2,
              discountActCostShare: 50,
              timesharing: [
                { start: '00:00', end: '08:00', discount: 0.5 },
                { start: '08:00', end: '24:00', discount: 0.85 },
              ],
            },
            { userRole: 'default', discountType: 1, timesharing: ALL_DAY },
          ],
          // What a discount does not use is not kept.
          rewardSlogan: 'ignored',
        }),
      );
      expect(activity.chargingDiscountRules[1]).toMatchObject({
        userRole: 'vehicle_owner',
        userRoles: ['vehicle_owner'],
        discountType: 2,
        discountActCostShare: 50,
        timesharing: [
          { start: '00:00', end: '08:00', discount: 0.5 },
          { start: '08:00', end: '24:00', discount: 0.85 },
        ],
      });
      expect(activity.chargingDiscountRules[0]).toMatchObject({
        userRole: 'default',
        userRoles: ['default', 'intentional_owner', 'pre_owner', 'vehicle_owner'],
        timesharing: ALL_DAY,
      });
      // The roles a rule keeps follow its role, whatever was sent.
      const resent = await call('PUT', `/${activity.activityId}`, {
        payload: {
          ...base({ activityType: 'charging_discount' }),
          version: activity.version,
          chargingDiscountRules: [
            { userRole: 'intentional_owner', userRoles: ['default'], discountType: 1, timesharing: ALL_DAY },
          ],
        },
      });
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json<Activity>().chargingDiscountRules[0]?.userRoles).toEqual([
        'intentional_owner',
        'pre_owner',
        'vehicle_owner',
      ]);
    });

    it('should refuse slots that do not start at 00:00 or leave a gap, naming the slot', async () => {
      const response = await call('POST', '', {
        payload: base({
          activityType: 'charging_discount',
          chargingDiscountRules: [
            {
              userRole: 'default',
              discountType: 1,
              timesharing: [
                { start: '01:00', end: '08:00', price: 0.5 },
                { start: '09:00', end: '24:00', price: 0.8 },
              ],
            },
          ],
        }),
        language: 'en-US',
      });
      expect(response.statusCode).toBe(400);
      const details = errorOf(response).details as { path: string; message: string }[];
      expect(details).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            path: 'body.chargingDiscountRules.0.timesharing.0',
            message: 'The first time slot must start at 00:00',
          }),
          expect.objectContaining({
            path: 'body.chargingDiscountRules.0.timesharing.1',
            message: 'Time slot 2 must start where the previous one ends',
          }),
        ]),
      );
    });

    it('should refuse a discount of more than 100 % and a discount without rules', async () => {
      const over = await call('POST', '', {
        payload: base({
          activityType: 'charging_discount',
          chargingDiscountRules: [
            {
              userRole: 'default',
              discountType: 2,
              timesharing: [{ start: '00:00', end: '24:00', discount: 1.2 }],
            },
          ],
        }),
      });
      expect(over.statusCode).toBe(400);
      expect(errorOf(over).message).toContain('chargingDiscountRules.0.timesharing.0');
      const none = await call('POST', '', { payload: base({ activityType: 'charging_discount' }) });
      expect(none.statusCode).toBe(400);
      expect(errorOf(none).message).toContain('请至少添加一条优惠规则');
    });

    it('should let tenants pe and rsc target only ordinary users, and nio every role', async () => {
      const owners = base({
        activityType: 'charging_discount',
        chargingDiscountRules: [{ userRole: 'pre_owner', discountType: 1, timesharing: ALL_DAY }],
      });
      const pe = await call('POST', '', { payload: owners, cookie: peOperator, tenant: 'pe' });
      expect(pe.statusCode).toBe(422);
      expect(errorOf(pe).message).toBe('该租户不能选择此用户角色');
      const rscOperator = await sut.userWith('operator', 'rsc');
      const rsc = await call('POST', '', { payload: owners, cookie: rscOperator, tenant: 'rsc' });
      expect(rsc.statusCode).toBe(422);
      expect(errorOf(rsc).message).toBe('该租户不能选择此用户角色');
      await created(owners);
      const everyone = base({
        activityType: 'charging_discount',
        chargingDiscountRules: [{ userRole: 'default', discountType: 1, timesharing: ALL_DAY }],
      });
      await created(everyone, peOperator, 'pe');
    });

    it('should take a red packet with its four rules, and name the one left out', async () => {
      const rules = [
        { ruleKey: 'basic_point', ruleValue: '10' },
        { ruleKey: 'reward_number_per_resource', ruleValue: '5' },
        { ruleKey: 'max_active_resource_number', ruleValue: '20' },
        { ruleKey: 'individual_claim_frequency', ruleValue: 'once_per_day' },
      ];
      const activity = await created(base({ activityType: 'charger_red_packet', activityRules: rules }));
      expect(activity.activityRules).toEqual(rules);
      const missing = await call('POST', '', {
        payload: base({ activityType: 'charger_red_packet', activityRules: rules.slice(1) }),
      });
      expect(missing.statusCode).toBe(400);
      expect(errorOf(missing).message).toContain('该活动类型必须填写规则 basic_point');
      const foreign = await call('POST', '', {
        payload: base({
          activityType: 'activity_notify',
          activityRules: [{ ruleKey: 'basic_point', ruleValue: '1' }],
        }),
      });
      expect(foreign.statusCode).toBe(400);
      expect(errorOf(foreign).message).toContain('规则 basic_point 不适用于该活动类型');
      const negative = await call('POST', '', {
        payload: base({
          activityType: 'charger_red_packet',
          activityRules: [{ ruleKey: 'basic_point', ruleValue: '-1' }, ...rules.slice(1)],
        }),
      });
      expect(negative.statusCode).toBe(400);
      expect(errorOf(negative).message).toContain('activityRules.0.ruleValue');
    });

    const assisting = (code: number): ActivityCreate['activityRules'] => [
      { ruleKey: 'assist_reward_code', ruleValue: String(code) },
      { ruleKey: 'assist_reward_type', ruleValue: 'pe_coupon' },
      { ruleKey: 'assist_reward_number', ruleValue: '1' },
      { ruleKey: 'assist_count_for_reward', ruleValue: '1' },
      { ruleKey: 'assist_max_count_each_one', ruleValue: '3' },
      { ruleKey: 'assisted_reward_code', ruleValue: String(code) },
      { ruleKey: 'assisted_reward_type', ruleValue: 'pe_coupon' },
      { ruleKey: 'assisted_reward_number', ruleValue: '2' },
      { ruleKey: 'assisted_count_for_reward', ruleValue: '3' },
      { ruleKey: 'assisted_max_reward_each_one', ruleValue: '5' },
    ];

    it("should show each assisting reward's coupon name, and refuse a batch of another tenant", async () => {
      const activity = await created(
        base({ activityType: 'user_acquisition_assisting', activityRules: assisting(couponBatchId) }),
      );
      const info = (await call('GET', `/${activity.activityId}`)).json<Activity>();
      expect(info.activityRules).toEqual(
        expect.arrayContaining([
          { ruleKey: 'assist_reward_name', ruleValue: '5元充电券' },
          { ruleKey: 'assisted_reward_name', ruleValue: '5元充电券' },
        ]),
      );
      const peBatch = await insertCouponBatch(sut.database.db, 'pe');
      const response = await call('POST', '', {
        payload: base({
          activityType: 'user_acquisition_assisting',
          activityRules: assisting(peBatch.couponBatchId),
        }),
      });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).message).toBe(`本租户不存在优惠券批次 ${peBatch.couponBatchId}`);
    });

    it('should take a graded activity whose gradient climbs, and refuse one that does not', async () => {
      const gradient = [
        { degree: 20, rewardType: 'pe_coupon' as const, rewardCode: String(couponBatchId), rewardNumber: 1 },
        { degree: 50, rewardType: 'pe_coupon' as const, rewardCode: String(couponBatchId), rewardNumber: 2 },
      ];
      const activity = await created(
        base({
          activityType: 'graded_charging_activity',
          activityRules: [{ ruleKey: 'graded_charging_degree', ruleValue: '', gradient }],
        }),
      );
      expect(activity.activityRules).toEqual([
        { ruleKey: 'graded_charging_degree', ruleValue: '2', gradient },
      ]);
      const flat = await call('POST', '', {
        payload: base({
          activityType: 'graded_charging_activity',
          activityRules: [
            { ruleKey: 'graded_charging_degree', ruleValue: '', gradient: [gradient[1]!, gradient[0]!] },
          ],
        }),
      });
      expect(flat.statusCode).toBe(400);
      expect(errorOf(flat).message).toContain('第2个阶梯的充电度数必须大于上一个阶梯');
    });

    it("should show a scenario's scene by its dictionary name, and refuse a scene the dictionary lacks", async () => {
      const activity = await created(base({ activityType: 'scenario_activity', businessModule: '5' }));
      expect(activity).toMatchObject({ businessModule: '5', businessModuleDesc: expect.any(String) });
      expect(activity.businessModuleDesc).not.toBe('');
      const unknown = await call('POST', '', {
        payload: base({ activityType: 'scenario_activity', businessModule: '999' }),
      });
      expect(unknown.statusCode).toBe(422);
      expect(errorOf(unknown).message).toBe('业务场景 999 不存在');
    });

    it('should create a lottery activity and limit an activity to known operators', async () => {
      const activity = await created(
        base({ activityType: 'gift_bag_lottery_draw', effectOperatorRules: [{ operatorId: 'OP1' }] }),
      );
      expect(activity.effectOperatorRules).toEqual([{ operatorId: 'OP1' }]);
      const unknown = await call('POST', '', {
        payload: base({
          activityType: 'gift_bag_lottery_draw',
          effectOperatorRules: [{ operatorId: 'NOPE' }],
        }),
      });
      expect(unknown.statusCode).toBe(422);
      expect(errorOf(unknown).message).toBe('运营商 NOPE 不存在');
    });

    it('should let viewers read but not create, and keep tenants apart', async () => {
      expect((await call('POST', '', { payload: base(), cookie: viewer })).statusCode).toBe(403);
      const activity = await created(base());
      expect(
        (await call('GET', `/${activity.activityId}`, { cookie: peOperator, tenant: 'pe' })).statusCode,
      ).toBe(404);
      expect((await call('GET', '', { cookie: peOperator, tenant: 'nio' })).statusCode).toBe(403);
    });
  });

  describe('status', () => {
    it('should start a created activity (scheduled until it begins) and finish it', async () => {
      const activity = await created(base());
      const started = await changeStatus(activity, 'start');
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json<Activity>().activityStatus).toBe('scheduled');
      const again = await changeStatus(started.json<Activity>(), 'start');
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).message).toBe('活动已启动');
      const finished = await changeStatus(started.json<Activity>(), 'finish');
      expect(finished.json<Activity>().activityStatus).toBe('finished');
      const restart = await changeStatus(finished.json<Activity>(), 'start');
      expect(restart.statusCode).toBe(409);
      expect(errorOf(restart).message).toBe('已结束的活动不能再次启动');
      const records = await sut.database.db
        .select({ action: auditRecords.action })
        .from(auditRecords)
        .where(
          and(
            eq(auditRecords.entityType, 'activity'),
            eq(auditRecords.entityId, String(activity.activityId)),
          ),
        )
        .orderBy(auditRecords.id);
      expect(records.map((r) => r.action)).toEqual(['ACTIVITY_CREATE', 'ACTIVITY_START', 'ACTIVITY_FINISH']);
    });

    it('should be in progress once started inside its window, and refuse to delete it until finished', async () => {
      const activity = await created(base({ beginTime: Date.now() - HOUR }));
      const started = (await changeStatus(activity, 'start')).json<Activity>();
      expect(started.activityStatus).toBe('in_progress');
      const deleting = await call('DELETE', `/${activity.activityId}?version=${started.version}`);
      expect(deleting.statusCode).toBe(409);
      expect(errorOf(deleting).message).toBe('请先结束活动再删除');
      const finished = (await changeStatus(started, 'finish')).json<Activity>();
      const editing = await call('PUT', `/${activity.activityId}`, {
        payload: {
          ...base({ beginTime: activity.beginTime, endTime: activity.endTime }),
          version: finished.version,
        },
      });
      expect(editing.statusCode).toBe(409);
      expect(errorOf(editing).message).toBe('已结束的活动不能修改');
      expect((await call('DELETE', `/${activity.activityId}?version=${finished.version}`)).statusCode).toBe(
        204,
      );
      expect((await call('GET', `/${activity.activityId}`)).statusCode).toBe(404);
    });

    it('should refuse to finish one not started, to start one whose end has passed, and a stale version', async () => {
      const activity = await created(base());
      const finishing = await changeStatus(activity, 'finish');
      expect(finishing.statusCode).toBe(409);
      expect(errorOf(finishing).message).toBe('只有已启动的活动才能结束');
      const stale = await changeStatus({ ...activity, version: 7 }, 'start');
      expect(stale.statusCode).toBe(409);
      const ended = await created(base({ beginTime: Date.now() - 2 * DAY, endTime: Date.now() - DAY }));
      expect(ended.activityStatus).toBe('finished');
      const starting = await changeStatus(ended, 'start');
      expect(starting.statusCode).toBe(422);
    });

    it('should update the fields from the version read, keep the type, and audit what changed', async () => {
      const activity = await created(base());
      const response = await call('PUT', `/${activity.activityId}`, {
        payload: {
          ...base({ activityName: '元宵充电季', beginTime: activity.beginTime, endTime: activity.endTime }),
          version: 1,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Activity>()).toMatchObject({ activityName: '元宵充电季', version: 2 });
      const [record] = await sut.database.db
        .select()
        .from(auditRecords)
        .where(
          and(
            eq(auditRecords.entityId, String(activity.activityId)),
            eq(auditRecords.action, 'ACTIVITY_UPDATE'),
          ),
        );
      expect(record?.before).toEqual({ activityName: '春节充电季', version: 1 });
      expect(record?.after).toEqual({ activityName: '元宵充电季', version: 2 });
      const stale = await call('PUT', `/${activity.activityId}`, { payload: { ...base(), version: 1 } });
      expect(stale.statusCode).toBe(409);
      const retyped = await call('PUT', `/${activity.activityId}`, {
        payload: { ...base({ activityType: 'gift_bag_lottery_draw' }), version: 2 },
      });
      expect(retyped.statusCode).toBe(422);
      expect(errorOf(retyped).message).toBe('活动类型创建后不能修改');
    });

    it('should keep an activity that gave rewards, and sum them as its statistics', async () => {
      const activity = await created(base());
      await sut.database.db.insert(activityRewards).values([
        { activityId: activity.activityId, accountId: 'A1', rewardKind: 'red_packet', amount: 250 },
        { activityId: activity.activityId, accountId: 'A2', rewardKind: 'red_packet', amount: 100 },
        { activityId: activity.activityId, accountId: 'A1', rewardKind: 'nio_point', amount: 30 },
      ]);
      const info = (await call('GET', `/${activity.activityId}`)).json<Activity>();
      expect(info.rewardStatistics).toEqual({ totalRedPacket: 350, totalNioPoint: 30 });
      expect((await list()).items[0]?.rewardStatistics).toEqual({ totalRedPacket: 350, totalNioPoint: 30 });
      const deleting = await call('DELETE', `/${activity.activityId}?version=1`);
      expect(deleting.statusCode).toBe(409);
      expect(errorOf(deleting).message).toBe('活动已发放奖励，需保留作为发放记录，不能删除');
    });
  });

  describe('list', () => {
    it('should list the newest first, page 1 of 20, with the filter of the spec', async () => {
      const notice = await created(base({ activityName: '春节通知' }));
      const discount = await created(
        base({
          activityName: '夜间充电折扣',
          activityType: 'charging_discount',
          chargingDiscountRules: [{ userRole: 'default', discountType: 1, timesharing: ALL_DAY }],
        }),
      );
      const lottery = await created(
        base({
          activityName: '春节抽奖',
          activityType: 'gift_bag_lottery_draw',
          beginTime: Date.now() - HOUR,
        }),
      );
      await changeStatus(lottery, 'start');
      await created(base({ activityName: '其他租户' }), peOperator, 'pe');

      const all = await list();
      expect(all.total).toBe(3);
      expect(all.items.map((a) => a.activityName)).toEqual(['春节抽奖', '夜间充电折扣', '春节通知']);
      expect((await list('searchInput=春节')).items.map((a) => a.activityId)).toEqual([
        lottery.activityId,
        notice.activityId,
      ]);
      expect(
        (await list(`searchInputSelect=activityId&searchInput=${discount.activityId}`)).items,
      ).toHaveLength(1);
      expect((await list('searchInputSelect=creatorName&searchInput=nio-operator')).total).toBe(3);
      expect((await list('activityTypes=charging_discount,gift_bag_lottery_draw')).total).toBe(2);
      expect((await list('activityStatus=in_progress')).items.map((a) => a.activityId)).toEqual([
        lottery.activityId,
      ]);
      expect((await list('activityStatus=not_started')).total).toBe(2);
      expect((await list('sort=activityName:asc&pageSize=1&pageNo=2')).items).toHaveLength(1);
      const bad = await call('GET', '?activityTypes=parade', { cookie: viewer });
      expect(bad.statusCode).toBe(400);
    });

    it('should list the activities a station takes part in, each with its own station count', async () => {
      const taking = await created(base({ activityName: '参与' }));
      const other = await created(base({ activityName: '不参与' }));
      await sut.database.db.insert(activityStations).values([
        { tenant: 'nio', activityId: taking.activityId, resourceId: 'CS-1' },
        { tenant: 'nio', activityId: taking.activityId, resourceId: 'CS-2' },
        { tenant: 'nio', activityId: other.activityId, resourceId: 'CS-3' },
      ]);
      const page = await list('resourceId=CS-1');
      expect(page.items.map((a) => [a.activityName, a.stationCount])).toEqual([['参与', 2]]);
      expect((await list()).items.map((a) => [a.activityName, a.stationCount])).toEqual([
        ['不参与', 1],
        ['参与', 2],
      ]);
      expect((await call('GET', `/${other.activityId}`)).json<Activity>().stationCount).toBe(1);
    });

    it("should list the activities of stations by the station's name and type", async () => {
      await insertChargeStation(sut.database.db, 'CS-1', { resourceName: '人民广场站' });
      await insertSwapStation(sut.database.db, 'PS-1', { resourceName: '虹桥换电站' });
      const charging = await created(base({ activityName: '充电站活动' }));
      const swapping = await created(base({ activityName: '换电站活动' }));
      await sut.database.db.insert(activityStations).values([
        { tenant: 'nio', activityId: charging.activityId, resourceId: 'CS-1' },
        { tenant: 'nio', activityId: swapping.activityId, resourceId: 'PS-1' },
      ]);
      expect((await list('resourceName=人民')).items.map((a) => a.activityName)).toEqual(['充电站活动']);
      expect((await list('resourceType=PowerSwap')).items.map((a) => a.activityName)).toEqual(['换电站活动']);
      expect((await list('resourceName=虹桥&resourceType=ChargeStation')).total).toBe(0);
    });

    it('should export the list as filtered, with type and status labels', async () => {
      await created(base({ activityName: '导出通知' }));
      await created(base({ activityName: '导出折扣', activityType: 'gift_bag_lottery_draw' }));
      const sheet = await sheetOf(
        await call('GET', '/export?activityTypes=activity_notify', { cookie: viewer }),
      );
      expect(rowValues(sheet, 1).slice(0, 4)).toEqual(['活动ID', '活动名称', '活动类型', '活动状态']);
      expect(sheet.rowCount).toBe(2);
      expect(rowValues(sheet, 2).slice(1, 4)).toEqual(['导出通知', '活动通知', '未启动']);
    });
  });

  describe('reward timeline and overlaps', () => {
    it('should sum the rewards per day in UTC+08:00', async () => {
      const activity = await created(base());
      await sut.database.db.insert(activityRewards).values([
        {
          activityId: activity.activityId,
          accountId: 'A1',
          rewardKind: 'red_packet',
          amount: 100,
          givenAt: new Date('2026-11-27T15:59:00Z'),
        },
        {
          activityId: activity.activityId,
          accountId: 'A2',
          rewardKind: 'red_packet',
          amount: 200,
          givenAt: new Date('2026-11-27T16:01:00Z'),
        },
        {
          activityId: activity.activityId,
          accountId: 'A2',
          rewardKind: 'nio_point',
          amount: 5,
          givenAt: new Date('2026-11-28T01:00:00Z'),
        },
      ]);
      const response = await call('GET', `/${activity.activityId}/reward-statistics`);
      expect(response.json()).toEqual({
        days: [
          { day: '2026-11-27', totalRedPacket: 100, totalNioPoint: 0 },
          { day: '2026-11-28', totalRedPacket: 200, totalNioPoint: 5 },
        ],
      });
    });

    it('should warn of the other discounts meeting this one in time on shared stations', async () => {
      const discount = (activityName: string, beginTime: number, endTime: number) =>
        created(
          base({
            activityName,
            activityType: 'charging_discount',
            beginTime,
            endTime,
            chargingDiscountRules: [{ userRole: 'default', discountType: 1, timesharing: ALL_DAY }],
          }),
        );
      const mine = await discount('本活动', Date.now() + DAY, Date.now() + 10 * DAY);
      const meets = await discount('同时段', Date.now() + 5 * DAY, Date.now() + 20 * DAY);
      const later = await discount('之后', Date.now() + 11 * DAY, Date.now() + 20 * DAY);
      const elsewhere = await discount('别处', Date.now(), Date.now() + 20 * DAY);
      await sut.database.db.insert(activityStations).values([
        { tenant: 'nio', activityId: mine.activityId, resourceId: 'CS-1' },
        { tenant: 'nio', activityId: mine.activityId, resourceId: 'CS-2' },
        { tenant: 'nio', activityId: meets.activityId, resourceId: 'CS-1' },
        { tenant: 'nio', activityId: meets.activityId, resourceId: 'CS-2' },
        { tenant: 'nio', activityId: later.activityId, resourceId: 'CS-1' },
        { tenant: 'nio', activityId: elsewhere.activityId, resourceId: 'CS-9' },
      ]);
      const response = await call('GET', `/${mine.activityId}/overlaps`);
      expect(response.json().overlaps).toEqual([
        expect.objectContaining({
          activityId: meets.activityId,
          activityName: '同时段',
          sharedStations: 2,
          activityStatus: 'not_started',
        }),
      ]);
      const notice = await created(base());
      expect((await call('GET', `/${notice.activityId}/overlaps`)).json()).toEqual({ overlaps: [] });
    });
  });
});
