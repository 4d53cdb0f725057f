import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity, ActivityCreate } from '@cmp/domain/activities/activity-contracts';
import type { ActivityStationPage, ActivityStationsAdded } from '@cmp/domain/activities/activity-stations';
import type { OperationListPage } from '@cmp/domain/stations/operation-list-item';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertCouponBatch } from '../../test/coupon-fixtures.js';
import { activityStationAwards } from './activities.tables.js';
import { insertChargeStation, insertOperator, insertSwapStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';

const DAY = 24 * 3_600_000;

const notice = (values: Partial<ActivityCreate> = {}): ActivityCreate => ({
  activityType: 'activity_notify',
  activityName: '站点活动',
  rewardSlogan: '到站有礼',
  beginTime: Date.now() - DAY,
  endTime: Date.now() + 7 * DAY,
  ...values,
});

describe('activity stations', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let peOperator: string;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    peOperator = await sut.userWith('operator', 'pe');
    const db = sut.database.db;
    await insertOperator(db, { operatorId: 'OP1', operatorName: '星星充电', equipmentOwnerId: 'OWN1' });
    await insertOperator(db, { operatorId: 'OP2', operatorName: '特来电', equipmentOwnerId: 'OWN2' });
    await insertChargeStation(db, 'CS1', { resourceName: '人民广场站', operatorId: 'OP1' });
    await insertChargeStation(db, 'CS2', { resourceName: '虹桥站', operatorId: 'OP1' });
    await insertChargeStation(db, 'CS3', { resourceName: '浦东站', operatorId: 'OP2' });
    await insertSwapStation(db, 'PS1', { resourceName: '换电站', operatorId: 'OP2' });
  });
  afterEach(() => sut.app.close());

  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    cookie = operator,
    tenant = 'nio',
  ) => sut.app.inject({ method, url: `/api/${tenant}${url}`, headers: { cookie }, payload });
  const activity = async (values: Partial<ActivityCreate> = {}, cookie = operator, tenant = 'nio') => {
    const response = await inject('POST', '/activities', notice(values), cookie, tenant);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Activity>();
  };
  const add = async (activityId: number, resourceIds: string[]) => {
    const response = await inject('POST', `/activities/${activityId}/stations`, { resourceIds });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ActivityStationsAdded>();
  };
  const stationsOf = async (query: string, cookie = viewer) => {
    const response = await inject('GET', `/activity-stations?${query}`, undefined, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ActivityStationPage>();
  };

  it('should add stations by id, saying which were added, already in or unknown, and list them active', async () => {
    const { activityId } = await activity();
    expect(await add(activityId, ['CS1', 'CS2', 'NOPE'])).toEqual({
      added: ['CS1', 'CS2'],
      alreadyIn: [],
      unknown: ['NOPE'],
      outOfScope: [],
      inactive: [],
    });
    expect(await add(activityId, ['CS2', 'CS3'])).toMatchObject({ added: ['CS3'], alreadyIn: ['CS2'] });
    const page = await stationsOf(`activityId=${activityId}&sort=resourceId:asc`);
    expect(page.total).toBe(3);
    expect(page.items.map((s) => [s.resourceId, s.resourceName, s.activityId, s.active])).toEqual([
      ['CS1', '人民广场站', activityId, true],
      ['CS2', '虹桥站', activityId, true],
      ['CS3', '浦东站', activityId, true],
    ]);
    expect(page.items[0]).toMatchObject({
      operatorName: '星星充电',
      resourceAwards: [],
      relationId: expect.any(Number),
    });
    const [record] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'activity'), eq(auditRecords.action, 'ACTIVITY_STATIONS_ADD')));
    expect(record?.after).toEqual({ resourceIds: ['CS1', 'CS2'] });
  });

  it('should deactivate and activate a station, and filter by whether it is active in the activity', async () => {
    const { activityId } = await activity();
    await add(activityId, ['CS1', 'CS2']);
    const off = await inject('POST', `/activities/${activityId}/stations/CS1/inactive`);
    expect(off.json()).toEqual({ resourceId: 'CS1', active: false });
    expect(
      (await stationsOf(`activityId=${activityId}&active=false`)).items.map((s) => s.resourceId),
    ).toEqual(['CS1']);
    expect((await stationsOf(`activityId=${activityId}&active=true`)).items.map((s) => s.resourceId)).toEqual(
      ['CS2'],
    );
    await inject('POST', `/activities/${activityId}/stations/CS1/active`);
    expect((await stationsOf(`activityId=${activityId}&active=true`)).total).toBe(2);
    expect((await inject('POST', `/activities/${activityId}/stations/CS3/active`)).statusCode).toBe(404);
  });

  it('should offer the stations outside an activity, and those in none of the tenant', async () => {
    const first = await activity();
    await add(first.activityId, ['CS1']);
    const pe = await activity({}, peOperator, 'pe');
    await inject('POST', `/activities/${pe.activityId}/stations`, { resourceIds: ['CS2'] }, peOperator, 'pe');
    const outside = await stationsOf(`activityIdExclude=${first.activityId}&sort=resourceId:asc`);
    expect(outside.items.map((s) => [s.resourceId, s.active])).toEqual([
      ['CS2', null],
      ['CS3', null],
      ['PS1', null],
    ]);
    expect((await stationsOf('hasActivity=true')).items.map((s) => s.resourceId)).toEqual(['CS1']);
    expect(
      (await stationsOf('hasActivity=false&sort=resourceId:asc')).items.map((s) => s.resourceId),
    ).toEqual(['CS2', 'CS3', 'PS1']);
    // The operations list reads the same filters, in the tenant of its area.
    const operations = await inject(
      'GET',
      `/stations?activityIdExclude=${first.activityId}&hasActivity=false`,
      undefined,
      viewer,
    );
    expect(
      operations
        .json<OperationListPage>()
        .items.map((s) => s.resourceId)
        .sort(),
    ).toEqual(['CS2', 'CS3', 'PS1']);
  });

  it('should add every station of an operator, and only of the operators an activity is limited to', async () => {
    const { activityId } = await activity();
    const response = await inject('POST', `/activities/${activityId}/stations/by-operator`, {
      operatorId: 'OP2',
    });
    expect(response.json()).toEqual({ added: 2, inactive: 0 });
    expect((await stationsOf(`activityId=${activityId}`)).total).toBe(2);
    const limited = await activity({ effectOperatorRules: [{ operatorId: 'OP1' }] });
    expect(await add(limited.activityId, ['CS1', 'CS3'])).toMatchObject({
      added: ['CS1'],
      outOfScope: ['CS3'],
    });
    const other = await inject('POST', `/activities/${limited.activityId}/stations/by-operator`, {
      operatorId: 'OP2',
    });
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).message).toBe('活动未包含运营商 OP2，请先将其加入活动的生效运营商');
  });

  it('should keep a red packet within its maximum of active stations', async () => {
    const { activityId } = await activity({
      activityType: 'charger_red_packet',
      activityRules: [
        { ruleKey: 'basic_point', ruleValue: '10' },
        { ruleKey: 'reward_number_per_resource', ruleValue: '5' },
        { ruleKey: 'max_active_resource_number', ruleValue: '2' },
        { ruleKey: 'individual_claim_frequency', ruleValue: 'once' },
      ],
    });
    expect(await add(activityId, ['CS1', 'CS2', 'CS3'])).toMatchObject({
      added: ['CS1', 'CS2', 'CS3'],
      inactive: ['CS3'],
    });
    const operatorAdd = await inject('POST', `/activities/${activityId}/stations/by-operator`, {
      operatorId: 'OP2',
    });
    expect(operatorAdd.json()).toEqual({ added: 1, inactive: 1 });
    const full = await inject('POST', `/activities/${activityId}/stations/CS3/active`);
    expect(full.statusCode).toBe(409);
    expect(errorOf(full).message).toBe('该红包活动最多同时生效 2 个站点，请先停用其他站点');
    expect((await inject('POST', `/activities/${activityId}/stations/CS1/inactive`)).statusCode).toBe(200);
    expect((await inject('POST', `/activities/${activityId}/stations/CS3/active`)).statusCode).toBe(200);
    const page = await stationsOf(`activityId=${activityId}&sort=resourceId:asc`);
    expect(page.items.map((s) => [s.resourceId, s.active])).toEqual([
      ['CS1', false],
      ['CS2', true],
      ['CS3', true],
      ['PS1', false],
    ]);
  });

  it('should keep the stations of a finished activity as they ended, and refuse viewers and other tenants', async () => {
    const created = await activity();
    await add(created.activityId, ['CS1']);
    const started = await inject('POST', `/activities/${created.activityId}/update-status`, {
      activityStatus: 'start',
      version: created.version,
    });
    await inject('POST', `/activities/${created.activityId}/update-status`, {
      activityStatus: 'finish',
      version: started.json<Activity>().version,
    });
    const adding = await inject('POST', `/activities/${created.activityId}/stations`, {
      resourceIds: ['CS2'],
    });
    expect(adding.statusCode).toBe(409);
    expect(errorOf(adding).message).toBe('已结束的活动不能修改');
    expect((await inject('DELETE', `/activities/${created.activityId}/stations/CS1`)).statusCode).toBe(409);
    const live = await activity();
    await add(live.activityId, ['CS1']);
    expect(
      (await inject('POST', `/activities/${live.activityId}/stations`, { resourceIds: ['CS2'] }, viewer))
        .statusCode,
    ).toBe(403);
    expect(
      (await inject('GET', `/activity-stations?activityId=${live.activityId}`, undefined, peOperator, 'pe'))
        .statusCode,
    ).toBe(404);
    expect((await inject('DELETE', `/activities/${live.activityId}/stations/CS1`)).statusCode).toBe(204);
    expect((await stationsOf(`activityId=${live.activityId}`)).total).toBe(0);
  });

  it('should bind awards per degree to a station, keep what an award gave, and take one bind at a time', async () => {
    const { activityId } = await activity();
    await add(activityId, ['CS1']);
    const batch = await insertCouponBatch(sut.database.db, 'nio', { couponName: '满50度券' });
    const bind = (resourceAwards: object[]) =>
      inject('POST', `/activities/${activityId}/stations/CS1/awards`, { resourceAwards });
    const bound = await bind([
      { degree: 50, couponBatchId: batch.couponBatchId, totalAmount: 100 },
      { degree: 20, couponBatchId: batch.couponBatchId, totalAmount: 300 },
    ]);
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().resourceAwards).toEqual([
      {
        degree: 20,
        couponBatchId: batch.couponBatchId,
        couponBatchName: '满50度券',
        issueAmount: 0,
        remainAmount: 300,
        totalAmount: 300,
      },
      {
        degree: 50,
        couponBatchId: batch.couponBatchId,
        couponBatchName: '满50度券',
        issueAmount: 0,
        remainAmount: 100,
        totalAmount: 100,
      },
    ]);
    const listed = await stationsOf(`activityId=${activityId}`);
    expect(listed.items[0]?.resourceAwards.map((a) => a.degree)).toEqual([20, 50]);

    // The reward engine has given 80 of the 50-degree award.
    await sut.database.db
      .update(activityStationAwards)
      .set({ issueAmount: 80 })
      .where(eq(activityStationAwards.degree, 50));
    const below = await bind([{ degree: 50, couponBatchId: batch.couponBatchId, totalAmount: 60 }]);
    expect(below.statusCode).toBe(422);
    expect(errorOf(below).message).toBe('50 kWh 的奖励已发放 80 张，总量不能少于已发放数量');
    const dropped = await bind([{ degree: 20, couponBatchId: batch.couponBatchId, totalAmount: 10 }]);
    expect(dropped.statusCode).toBe(422);

    // Binds at once: each replaces the whole list, so the last one stands whole, never a mix.
    const answers = await Promise.all(
      [120, 130, 140, 150].map((total) =>
        bind([
          { degree: 50, couponBatchId: batch.couponBatchId, totalAmount: total },
          { degree: 30, couponBatchId: batch.couponBatchId, totalAmount: total },
        ]),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await sut.database.db
      .select()
      .from(activityStationAwards)
      .orderBy(activityStationAwards.degree);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.totalAmount).toBe(rows[1]!.totalAmount);
    expect(rows[1]).toMatchObject({ degree: 50, issueAmount: 80 });

    const twice = await bind([
      { degree: 20, couponBatchId: batch.couponBatchId, totalAmount: 1 },
      { degree: 20, couponBatchId: batch.couponBatchId, totalAmount: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    const peBatch = await insertCouponBatch(sut.database.db, 'pe');
    expect(
      (await bind([{ degree: 80, couponBatchId: peBatch.couponBatchId, totalAmount: 1 }])).statusCode,
    ).toBe(422);
  });
});
