import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity, ActivityCreate } from '@cmp/domain/activities/activity-contracts';
import type { PriceQuote, StationActivity } from '@cmp/domain/activities/price-quote';
import type { TariffCalendar } from '@cmp/domain/activities/tariff-calendar';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { insertChargeStation, insertOperator } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';

const HOUR = 3_600_000;

describe('activities for the apps', () => {
  let sut: TestContext;
  let operator: string;
  let app: TestAppClient;
  /** The top of the next hour in UTC+08:00 terms is also the top of a UTC hour. */
  const nextHour = Math.ceil(Date.now() / HOUR) * HOUR;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    app = await createAppClient(sut, 'nio');
    await insertOperator(sut.database.db, {
      operatorId: 'OP1',
      operatorName: '星星充电',
      equipmentOwnerId: 'OWN1',
    });
    // 0.8 + 0.4 yuan per kWh all day.
    await insertChargeStation(sut.database.db, 'CS1', { operatorId: 'OP1' });
    await insertChargeStation(sut.database.db, 'CS2', { operatorId: 'OP1' });
  });
  afterEach(() => sut.app.close());

  const staff = (method: 'POST', url: string, payload: object) =>
    sut.app.inject({ method, url: `/api/nio${url}`, headers: { cookie: operator }, payload });
  /** A started activity of the stations, live from an hour ago for a day unless said otherwise. */
  const live = async (values: Partial<ActivityCreate>, stations = ['CS1']) => {
    const created = await staff('POST', '/activities', {
      activityName: '充电优惠',
      beginTime: Date.now() - HOUR,
      endTime: Date.now() + 24 * HOUR,
      ...values,
    });
    expect(created.statusCode, created.body).toBe(201);
    const activity = created.json<Activity>();
    await staff('POST', `/activities/${activity.activityId}/stations`, { resourceIds: stations });
    const started = await staff('POST', `/activities/${activity.activityId}/update-status`, {
      activityStatus: 'start',
      version: activity.version,
    });
    expect(started.statusCode, started.body).toBe(200);
    return activity;
  };
  const discount = (discount: number, userRole: 'default' | 'vehicle_owner' = 'default') => ({
    activityType: 'charging_discount' as const,
    chargingDiscountRules: [
      { userRole, discountType: 2 as const, timesharing: [{ start: '00:00', end: '24:00', discount }] },
    ],
  });
  const quote = async (body: object) => {
    const response = await sendSigned(sut, app, 'POST', '/api/app/activities/quote', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PriceQuote>();
  };

  it('should quote the price under the best discount that reaches the user, slot by slot', async () => {
    const everyone = await live({ activityName: '九折', ...discount(0.9) });
    const owners = await live({ activityName: '车主五折', ...discount(0.5, 'vehicle_owner') });
    const window = { resourceId: 'CS1', start: nextHour, end: nextHour + 2 * HOUR };

    const ordinary = await quote(window);
    expect(ordinary.activities).toEqual([{ activityId: everyone.activityId, activityName: '九折' }]);
    expect(ordinary.slots).toEqual([
      {
        start: nextHour,
        end: nextHour + 2 * HOUR,
        base: { electricity: 0.8, service: 0.4, total: 1.2 },
        price: { electricity: 0.72, service: 0.36, total: 1.08 },
        activityId: everyone.activityId,
      },
    ]);
    const owner = await quote({ ...window, userRole: 'vehicle_owner' });
    expect(owner.slots[0]).toMatchObject({ price: { total: 0.6 }, activityId: owners.activityId });
    expect(owner.activities.map((a) => a.activityId)).toEqual([everyone.activityId, owners.activityId]);
  });

  it('should leave out a discount that is not started, has ended, or where the station is inactive', async () => {
    const paused = await live(discount(0.5));
    await staff('POST', `/activities/${paused.activityId}/stations/CS1/inactive`, {});
    await staff('POST', '/activities', {
      activityName: '未启动',
      beginTime: Date.now(),
      endTime: Date.now() + HOUR,
      ...discount(0.1),
    });
    await live(discount(0.2), ['CS2']);
    const result = await quote({ resourceId: 'CS1', start: nextHour, end: nextHour + HOUR });
    expect(result.activities).toEqual([]);
    expect(result.slots[0]).toMatchObject({ price: { total: 1.2 }, activityId: null });
  });

  it('should refuse a window longer than 48 hours, an unknown station, and an unsigned call', async () => {
    const long = await sendSigned(sut, app, 'POST', '/api/app/activities/quote', {
      resourceId: 'CS1',
      start: nextHour,
      end: nextHour + 49 * HOUR,
    });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).message).toContain('充电时段的结束时间必须晚于开始时间，且不超过48小时');
    const unknown = await sendSigned(sut, app, 'POST', '/api/app/activities/quote', {
      resourceId: 'NOPE',
      start: nextHour,
      end: nextHour + HOUR,
    });
    expect(unknown.statusCode).toBe(404);
    const unsigned = await sut.app.inject({
      method: 'POST',
      url: '/api/app/activities/quote',
      payload: { resourceId: 'CS1' },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it("should list the activities a user sees at a station, with a discount's rule for their role", async () => {
    const notice = await live({
      activityType: 'activity_notify',
      activityName: '到站有礼',
      rewardSlogan: '扫码领券',
    });
    const owners = await live({ activityName: '车主专享', ...discount(0.5, 'vehicle_owner') });
    const response = await sendSigned(sut, app, 'GET', '/api/app/activities?resourceId=CS1');
    expect(response.statusCode, response.body).toBe(200);
    const seen = response.json<{ activities: StationActivity[] }>().activities;
    expect(seen.map((a) => [a.activityId, a.rewardSlogan, a.chargingDiscountRule])).toEqual([
      [notice.activityId, '扫码领券', null],
    ]);
    const asOwner = await sendSigned(
      sut,
      app,
      'GET',
      '/api/app/activities?resourceId=CS1&userRole=vehicle_owner',
    );
    const ownerSees = asOwner.json<{ activities: StationActivity[] }>().activities;
    expect(ownerSees.map((a) => a.activityId)).toEqual([notice.activityId, owners.activityId]);
    expect(ownerSees[1]?.chargingDiscountRule).toMatchObject({ userRole: 'vehicle_owner', discountType: 2 });
    const pe = await createAppClient(sut, 'pe');
    const other = await sendSigned(sut, pe, 'GET', '/api/app/activities?resourceId=CS1');
    expect(other.json<{ activities: StationActivity[] }>().activities).toEqual([]);
  });

  describe("a station's tariff calendar (staff)", () => {
    const DAY = 24 * HOUR;
    // Two days ahead in UTC+08:00, the test stations' zone.
    const date = new Date(Date.now() + 2 * DAY + 8 * HOUR).toISOString().slice(0, 10);
    const dayStart = Date.parse(`${date}T00:00:00Z`) - 8 * HOUR;
    const dayEnd = dayStart + DAY;
    const station = { electricity: 0.8, service: 0.4, total: 1.2 };
    const calendar = async (query: string, cookie = operator) => {
      const response = await sut.app.inject({
        method: 'GET',
        url: `/api/nio/activities/tariff-calendar?resourceId=CS1&date=${date}${query}`,
        headers: { cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TariffCalendar>();
    };

    it('should price the day under each discount alone, preview one not started, and warn of overlaps', async () => {
      const everyone = await live({
        activityName: '八折',
        beginTime: dayStart - DAY,
        endTime: dayStart + 2 * DAY,
        ...discount(0.8),
      });
      const owners = await live({
        activityName: '车主早鸟价',
        beginTime: dayStart + 6 * HOUR,
        endTime: dayStart + 3 * DAY,
        activityType: 'charging_discount',
        chargingDiscountRules: [
          {
            userRole: 'vehicle_owner',
            discountType: 1,
            timesharing: [
              { start: '00:00', end: '08:00', price: 0.6 },
              { start: '08:00', end: '24:00', price: 2 },
            ],
          },
        ],
      });
      const planned = await staff('POST', '/activities', {
        activityName: '筹备中',
        beginTime: dayStart,
        endTime: dayEnd,
        ...discount(0.5),
      });

      const ordinary = await calendar('');
      expect(ordinary).toMatchObject({ dayStart, dayEnd, userRole: 'default' });
      expect(ordinary.base).toEqual([{ start: dayStart, end: dayEnd, price: station }]);
      expect(ordinary.discounts).toEqual([
        {
          activityId: everyone.activityId,
          activityName: '八折',
          beginTime: dayStart - DAY,
          endTime: dayStart + 2 * DAY,
          live: true,
          reaches: true,
          slots: [
            {
              start: dayStart,
              end: dayEnd,
              price: { electricity: 0.64, service: 0.32, total: 0.96 },
              discounted: true,
            },
          ],
        },
        expect.objectContaining({ activityId: owners.activityId, live: true, reaches: false, slots: [] }),
      ]);
      expect(ordinary.overlaps).toEqual([
        {
          activityIds: [everyone.activityId, owners.activityId],
          start: dayStart + 6 * HOUR,
          end: dayEnd,
          userRoles: ['vehicle_owner'],
        },
      ]);

      const owner = await calendar('&userRole=vehicle_owner');
      expect(owner.discounts[1]?.slots).toEqual([
        { start: dayStart, end: dayStart + 6 * HOUR, price: station, discounted: false },
        {
          start: dayStart + 6 * HOUR,
          end: dayStart + 8 * HOUR,
          price: { electricity: 0.6, service: 0, total: 0.6 },
          discounted: true,
        },
        { start: dayStart + 8 * HOUR, end: dayEnd, price: station, discounted: false },
      ]);

      const preview = await calendar(`&activityId=${planned.json<Activity>().activityId}`);
      expect(preview.discounts[2]).toMatchObject({
        activityName: '筹备中',
        live: false,
        slots: [{ price: { total: 0.6 }, discounted: true }],
      });
      expect(preview.overlaps).toHaveLength(1);
      const viewer = await sut.userWith('viewer', 'nio');
      expect((await calendar('', viewer)).discounts).toHaveLength(2);
    });

    it('should refuse a bad date, an unknown station, and an activity of another tenant', async () => {
      const get = (query: string) =>
        sut.app.inject({
          method: 'GET',
          url: `/api/nio/activities/tariff-calendar?${query}`,
          headers: { cookie: operator },
        });
      const badDate = await get('resourceId=CS1&date=2026-13-40');
      expect(badDate.statusCode).toBe(400);
      expect(errorOf(badDate).message).toContain('请选择日期（年-月-日）');
      expect((await get(`resourceId=NOPE&date=${date}`)).statusCode).toBe(404);
      const peOperator = await sut.userWith('operator', 'pe');
      const theirs = await sut.app.inject({
        method: 'POST',
        url: '/api/pe/activities',
        headers: { cookie: peOperator },
        payload: { activityName: '别家', beginTime: dayStart, endTime: dayEnd, ...discount(0.5) },
      });
      expect(theirs.statusCode, theirs.body).toBe(201);
      const response = await get(
        `resourceId=CS1&date=${date}&activityId=${theirs.json<Activity>().activityId}`,
      );
      expect(response.statusCode).toBe(404);
    });
  });
});
