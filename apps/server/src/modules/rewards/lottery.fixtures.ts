import { expect } from 'vitest';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import type { Award, AwardCreate } from '@cmp/domain/rewards/award-contracts';
import type { GiftBag } from '@cmp/domain/rewards/gift-bag-contracts';
import { insertCouponBatch } from '../../test/coupon-fixtures.js';
import type { TestContext } from '../../test/test-app.js';

const HOUR = 3_600_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Staff calls of one tenant's operator. */
export const staffCaller =
  (sut: TestContext, cookie: () => string, tenant = 'nio') =>
  (method: Method, url: string, payload?: object) =>
    sut.app.inject({ method, url: `/api/${tenant}${url}`, headers: { cookie: cookie() }, payload });

/**
 * A lottery activity made through the API, its rules as given, live from an hour ago for a day (started)
 * unless `started` is false.
 */
export async function createLottery(
  call: ReturnType<typeof staffCaller>,
  {
    rules = [],
    started = true,
  }: { rules?: { ruleKey: string; ruleValue: string }[]; started?: boolean } = {},
): Promise<Activity> {
  const created = await call('POST', '/activities', {
    activityType: 'gift_bag_lottery_draw',
    activityName: '双十一抽奖',
    beginTime: Date.now() - HOUR,
    endTime: Date.now() + 24 * HOUR,
    activityRules: rules,
  });
  expect(created.statusCode, created.body).toBe(201);
  const activity = created.json<Activity>();
  if (!started) return activity;
  const start = await call('POST', `/activities/${activity.activityId}/update-status`, {
    activityStatus: 'start',
    version: activity.version,
  });
  expect(start.statusCode, start.body).toBe(200);
  return start.json<Activity>();
}

export async function createAward(
  call: ReturnType<typeof staffCaller>,
  activityId: number,
  fields: Partial<AwardCreate> & { awardCode: string },
): Promise<Award> {
  const response = await call('POST', `/activities/${activityId}/awards`, {
    awardTitle: '5元充电券',
    awardAmount: 100,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Award>();
}

export async function createBag(
  call: ReturnType<typeof staffCaller>,
  activityId: number,
  lotteryQuota: number,
  awardIds: number[],
): Promise<GiftBag> {
  const response = await call('POST', `/activities/${activityId}/gift-bags`, { lotteryQuota, awardIds });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<GiftBag>();
}

/** A batch of the tenant with `amount` coupons in stock, as a string code for an award. */
export async function batchCode(sut: TestContext, amount = 1000, fields = {}): Promise<string> {
  return String((await insertCouponBatch(sut.database.db, 'nio', { amount, ...fields })).couponBatchId);
}
