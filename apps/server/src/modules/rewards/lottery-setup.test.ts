import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Award } from '@cmp/domain/rewards/award-contracts';
import type { GiftBag, GiftBagList } from '@cmp/domain/rewards/gift-bag-contracts';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { batchCode, createAward, createBag, createLottery } from './lottery.fixtures.js';
import { awards, giftBags } from './rewards.tables.js';

describe('awards and gift bags', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let code: string;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    code = await batchCode(sut);
  });
  afterEach(() => sut.app.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    { cookie = operator, tenant = 'nio' } = {},
  ) => sut.app.inject({ method, url: `/api/${tenant}${url}`, headers: { cookie }, payload });

  it('should create an award of pe_coupon by default, with its stock, batch name and audit', async () => {
    const lottery = await createLottery(call, { started: false });
    const award = await createAward(call, lottery.activityId, {
      awardCode: code,
      awardUnits: 2,
      awardAmount: 30,
    });
    expect(award).toMatchObject({
      activityId: lottery.activityId,
      awardType: 'pe_coupon',
      awardCode: code,
      couponBatchName: '充电券',
      needLogistics: false,
      awardUnits: 2,
      awardAmount: 30,
      issueAmount: 0,
      surplusAmount: 30,
      remainingAmount: 30,
      remainingNumber: 60,
      giftBagId: null,
      giftBagAwardId: null,
      lotteryQuota: null,
    });
    const listed = await call('GET', `/awards?activityIds=${lottery.activityId},999`);
    expect(listed.json<{ items: Award[] }>().items.map((a) => a.awardId)).toEqual([award.awardId]);
    const [audit] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'award'), eq(auditRecords.action, 'AWARD_CREATE')));
    expect(audit?.entityId).toBe(String(award.awardId));
  });

  it('should refuse awards outside lotteries, of unknown batches, and to viewers and other tenants', async () => {
    const lottery = await createLottery(call, { started: false });
    const notify = await call('POST', '/activities', {
      activityType: 'activity_notify',
      activityName: '通知',
      rewardSlogan: '好礼',
      beginTime: Date.now(),
      endTime: Date.now() + 3_600_000,
    });
    const notLottery = await call(
      'POST',
      `/activities/${notify.json<{ activityId: number }>().activityId}/awards`,
      {
        awardCode: code,
        awardTitle: '券',
        awardAmount: 1,
      },
    );
    expect(notLottery.statusCode).toBe(422);
    expect(errorOf(notLottery).message).toBe('奖品和礼包只属于礼包抽奖活动');

    const unknown = await call('POST', `/activities/${lottery.activityId}/awards`, {
      awardCode: '987654',
      awardTitle: '券',
      awardAmount: 1,
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).message).toBe('本租户没有优惠券批次 987654');

    const empty = await call('POST', `/activities/${lottery.activityId}/awards`, {
      awardCode: code,
      awardTitle: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.awardTitle', message: '输入不能为空' }),
        expect.objectContaining({ path: 'body.awardAmount' }),
      ]),
    );

    const asViewer = await call(
      'POST',
      `/activities/${lottery.activityId}/awards`,
      { awardCode: code, awardTitle: '券', awardAmount: 1 },
      { cookie: viewer },
    );
    expect(asViewer.statusCode).toBe(403);
    const peOperator = await sut.userWith('operator', 'pe');
    const otherTenant = await call('GET', `/activities/${lottery.activityId}/gift-bags`, undefined, {
      cookie: peOperator,
      tenant: 'pe',
    });
    expect(otherTenant.statusCode).toBe(404);
  });

  it('should build a bag of awards, name each award by the bag id then its own, and keep the last one in', async () => {
    const lottery = await createLottery(call, { started: false });
    const first = await createAward(call, lottery.activityId, { awardCode: code });
    const second = await createAward(call, lottery.activityId, { awardCode: code, awardTitle: '10元券' });
    const spare = await createAward(call, lottery.activityId, { awardCode: code, awardTitle: '备用' });
    const bag = await createBag(call, lottery.activityId, 50, [first.awardId, second.awardId]);
    expect(bag).toMatchObject({ lotteryQuota: 50, remainingQuota: 50, lastOne: false });
    expect(bag.awards.map((a) => [a.awardId, a.giftBagAwardId, a.lotteryQuota, a.remainingQuota])).toEqual([
      [first.awardId, `${bag.giftBagId}${first.awardId}`, 50, 50],
      [second.awardId, `${bag.giftBagId}${second.awardId}`, 50, 50],
    ]);

    const list = (await call('GET', `/activities/${lottery.activityId}/gift-bags`)).json<GiftBagList>();
    expect(list).toMatchObject({
      activityId: lottery.activityId,
      claimType: 'random',
      claimFrequency: 'once',
    });
    expect(list.giftBags.map((b) => b.giftBagId)).toEqual([bag.giftBagId]);
    expect(list.pool.map((a) => a.awardId)).toEqual([spare.awardId]);

    const elsewhere = await call('POST', `/activities/${lottery.activityId}/gift-bags`, {
      lotteryQuota: 1,
      awardIds: [first.awardId],
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(errorOf(elsewhere).message).toBe(`奖品 ${first.awardId} 已在其他礼包中，请先从该礼包移出`);

    const out = await call('DELETE', `/gift-bags/${bag.giftBagId}/awards/${second.awardId}`);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<GiftBag>()).toMatchObject({ lastOne: true });
    const last = await call('DELETE', `/gift-bags/${bag.giftBagId}/awards/${first.awardId}`);
    expect(last.statusCode).toBe(409);
    expect(errorOf(last).message).toBe('这是礼包的最后一个奖品：请直接删除礼包');
    const stored = await sut.database.db.select().from(awards).where(eq(awards.awardId, first.awardId));
    const deleteLast = await call(
      'DELETE',
      `/activities/${lottery.activityId}/awards/${first.awardId}?version=${stored[0]!.version}`,
    );
    expect(deleteLast.statusCode).toBe(409);

    const current = (await call('GET', `/gift-bags/${bag.giftBagId}`)).json<GiftBag>();
    const removed = await call('DELETE', `/gift-bags/${bag.giftBagId}?version=${current.version}`);
    expect(removed.statusCode).toBe(204);
    const after = (await call('GET', `/activities/${lottery.activityId}/gift-bags`)).json<GiftBagList>();
    expect(after.giftBags).toEqual([]);
    expect(after.pool.map((a) => a.awardId).sort()).toEqual(
      [first.awardId, second.awardId, spare.awardId].sort(),
    );
  });

  it('should keep quotas and stock above what was given', async () => {
    const lottery = await createLottery(call, { started: false });
    const award = await createAward(call, lottery.activityId, { awardCode: code, awardAmount: 10 });
    const bag = await createBag(call, lottery.activityId, 10, [award.awardId]);
    await sut.database.db.update(giftBags).set({ won: 4 }).where(eq(giftBags.giftBagId, bag.giftBagId));
    await sut.database.db.update(awards).set({ issueAmount: 4 }).where(eq(awards.awardId, award.awardId));

    const quota = await call('PUT', `/gift-bags/${bag.giftBagId}`, {
      lotteryQuota: 3,
      awardIds: [award.awardId],
      version: bag.version,
    });
    expect(quota.statusCode).toBe(422);
    expect(errorOf(quota).message).toBe('抽奖名额不能低于已中奖的 4 次');

    const current = (await call('GET', `/gift-bags/${bag.giftBagId}`)).json<GiftBag>().awards[0]!;
    const stock = await call('PUT', `/activities/${lottery.activityId}/awards/${award.awardId}`, {
      awardCode: code,
      awardTitle: '5元充电券',
      awardAmount: 3,
      giftBagId: bag.giftBagId,
      version: current.version,
    });
    expect(stock.statusCode).toBe(422);
    expect(errorOf(stock).message).toBe('库存不能低于已发放的 4 份');
    const units = await call('PUT', `/activities/${lottery.activityId}/awards/${award.awardId}`, {
      awardCode: code,
      awardTitle: '5元充电券',
      awardAmount: 20,
      awardUnits: 2,
      giftBagId: bag.giftBagId,
      version: current.version,
    });
    expect(units.statusCode).toBe(409);
    const more = await call('PUT', `/activities/${lottery.activityId}/awards/${award.awardId}`, {
      awardCode: code,
      awardTitle: '5元充电券（加量）',
      awardAmount: 20,
      giftBagId: bag.giftBagId,
      version: current.version,
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json<Award>()).toMatchObject({
      awardAmount: 20,
      surplusAmount: 16,
      awardTitle: '5元充电券（加量）',
    });
    const stale = await call('PUT', `/activities/${lottery.activityId}/awards/${award.awardId}`, {
      awardCode: code,
      awardTitle: '旧的',
      awardAmount: 20,
      giftBagId: bag.giftBagId,
      version: current.version,
    });
    expect(stale.statusCode).toBe(409);
    const won = await call('DELETE', `/gift-bags/${bag.giftBagId}?version=${bag.version}`);
    expect(won.statusCode).toBe(409);
    expect(errorOf(won).message).toBe('礼包已有人抽中，作为抽奖记录保留');
  });

  it('should set the claim type from the version read', async () => {
    const lottery = await createLottery(call, { started: false });
    const list = (await call('GET', `/activities/${lottery.activityId}/gift-bags`)).json<GiftBagList>();
    const fixed = await call('PUT', `/activities/${lottery.activityId}/gift-bags/claim-type`, {
      claimType: 'fixed',
      version: list.version,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<GiftBagList>()).toMatchObject({ claimType: 'fixed', version: list.version + 1 });
    const stale = await call('PUT', `/activities/${lottery.activityId}/gift-bags/claim-type`, {
      claimType: 'random',
      version: list.version,
    });
    expect(stale.statusCode).toBe(409);
  });
});
