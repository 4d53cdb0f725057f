import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LotteryDraw, LotteryDrawPage } from '@cmp/domain/rewards/lottery-draw-contracts';
import { coupons } from '../coupons/coupons.tables.js';
import { batchCounters } from '../coupons/coupon-app.fixtures.js';
import { insertAccount, insertAccountRange } from '../../test/account-fixtures.js';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { rowValues, sheetOf } from '../../test/export-files.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { batchCode, createAward, createBag, createLottery, staffCaller } from './lottery.fixtures.js';
import { awards, giftBags, lotteryDraws } from './rewards.tables.js';

describe('lottery draws', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let app: TestAppClient;
  let call: ReturnType<typeof staffCaller>;
  let requests = 0;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    call = staffCaller(sut, () => operator);
    app = await createAppClient(sut, 'nio');
    await insertAccount(sut.database.db, 'nio', 'A1', { mobile: '13800000001', nickName: '小明' });
    await insertAccount(sut.database.db, 'nio', 'A2', { mobile: '13800000002', nickName: '小红' });
  });
  afterEach(() => sut.app.close());

  const draw = (activityId: number, accountId: string, requestId = `req-${(requests += 1)}-${accountId}`) =>
    sendSigned(sut, app, 'POST', '/api/app/lottery-draws', { activityId, accountId, requestId });
  const drawn = async (activityId: number, accountId: string, requestId?: string) => {
    const response = await draw(activityId, accountId, requestId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LotteryDraw>();
  };

  it('should give every award of a fixed bag as coupons of their batches, once per user', async () => {
    const five = await batchCode(sut, 100);
    const ten = await batchCode(sut, 100);
    const lottery = await createLottery(call);
    const a = await createAward(call, lottery.activityId, {
      awardCode: five,
      awardUnits: 2,
      awardAmount: 10,
    });
    const b = await createAward(call, lottery.activityId, {
      awardCode: ten,
      awardTitle: '10元券',
      awardAmount: 10,
    });
    const bag = await createBag(call, lottery.activityId, 10, [a.awardId, b.awardId]);
    const list = await call('GET', `/activities/${lottery.activityId}/gift-bags`);
    await call('PUT', `/activities/${lottery.activityId}/gift-bags/claim-type`, {
      claimType: 'fixed',
      version: list.json<{ version: number }>().version,
    });

    const first = await drawn(lottery.activityId, 'A1', 'request-0001');
    expect(first).toMatchObject({ drawState: 'win', giftBagId: bag.giftBagId, drawStateLoseReason: null });
    expect(first.rewards.map((r) => [r.awardId, r.rewardState, r.awardUnits, r.couponIds.length])).toEqual([
      [a.awardId, 1, 2, 2],
      [b.awardId, 1, 1, 1],
    ]);
    const held = await sut.database.db.select().from(coupons).where(eq(coupons.accountId, 'A1'));
    expect(held.map((c) => [c.couponBatchId, c.status, c.couponChannel]).sort()).toEqual(
      [
        [Number(five), 'assigned', 'activity_reward'],
        [Number(five), 'assigned', 'activity_reward'],
        [Number(ten), 'assigned', 'activity_reward'],
      ].sort(),
    );
    expect(await batchCounters(sut, Number(five))).toMatchObject({ stockAmount: 98 });

    // The same request answers the same draw; another is past the claim frequency (once by default).
    expect((await drawn(lottery.activityId, 'A1', 'request-0001')).drawLogId).toBe(first.drawLogId);
    const again = await draw(lottery.activityId, 'A1');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('用户在本周期内已抽过奖');
    const taken = await draw(lottery.activityId, 'A2', 'request-0001');
    expect(taken.statusCode).toBe(409);
    const [stored] = await sut.database.db
      .select()
      .from(giftBags)
      .where(eq(giftBags.giftBagId, bag.giftBagId));
    expect(stored?.won).toBe(1);
    // Users drew: the claim type is fixed now.
    expect(
      (await call('GET', `/activities/${lottery.activityId}/gift-bags`)).json<{ drawn: boolean }>().drawn,
    ).toBe(true);
  });

  it('should let a user draw again the next day under once_per_day', async () => {
    const lottery = await createLottery(call, {
      rules: [{ ruleKey: 'individual_claim_frequency', ruleValue: 'once_per_day' }],
    });
    const award = await createAward(call, lottery.activityId, { awardCode: await batchCode(sut) });
    await createBag(call, lottery.activityId, 10, [award.awardId]);
    await drawn(lottery.activityId, 'A1');
    expect((await draw(lottery.activityId, 'A1')).statusCode).toBe(409);
    // As if the first draw had been made yesterday.
    await sut.database.db.update(lotteryDraws).set({ period: '2000-01-01' });
    expect((await drawn(lottery.activityId, 'A1')).drawState).toBe('win');
  });

  it('should pick one award of a random bag by remaining stock, then lose once drawn out', async () => {
    await insertAccountRange(sut.database.db, 'nio', 3, 'R');
    const lottery = await createLottery(call);
    const code = await batchCode(sut);
    const a = await createAward(call, lottery.activityId, { awardCode: code, awardAmount: 1 });
    const b = await createAward(call, lottery.activityId, {
      awardCode: code,
      awardAmount: 1,
      awardTitle: '二等奖',
    });
    await createBag(call, lottery.activityId, 5, [a.awardId, b.awardId]);
    const wins = [await drawn(lottery.activityId, 'R0'), await drawn(lottery.activityId, 'R1')];
    expect(wins.map((w) => w.rewards.length)).toEqual([1, 1]);
    expect(wins.flatMap((w) => w.rewards.map((r) => r.awardId)).sort()).toEqual(
      [a.awardId, b.awardId].sort(),
    );
    const lost = await drawn(lottery.activityId, 'R2', 'lost-request-1');
    expect(lost).toMatchObject({
      drawState: 'lose',
      drawStateLoseReason: 'drawn_out',
      rewards: [],
      giftBagId: null,
    });
    // A lost draw counts for the claim frequency; its request answers it again.
    expect((await draw(lottery.activityId, 'R2')).statusCode).toBe(409);
    expect((await drawn(lottery.activityId, 'R2', 'lost-request-1')).drawLogId).toBe(lost.drawLogId);
  });

  it('should lose without a bag, and refuse lotteries not in progress and unknown users', async () => {
    const empty = await createLottery(call);
    expect(await drawn(empty.activityId, 'A1')).toMatchObject({
      drawState: 'lose',
      drawStateLoseReason: 'no_gift_bag',
    });
    const waiting = await createLottery(call, { started: false });
    const notLive = await draw(waiting.activityId, 'A1');
    expect(notLive.statusCode).toBe(409);
    expect(errorOf(notLive).message).toBe('抽奖活动不在进行中');
    const nobody = await draw(empty.activityId, 'NOBODY');
    expect(nobody.statusCode).toBe(404);
    expect(errorOf(nobody).code).toBe('user_not_found');
    const unsigned = await sut.app.inject({
      method: 'POST',
      url: '/api/app/lottery-draws',
      payload: { activityId: empty.activityId, accountId: 'A1', requestId: 'request-0002' },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('should keep a reward whose coupons failed with its reason, and reissue it once', async () => {
    const soldOut = await batchCode(sut, 0);
    const spare = await batchCode(sut, 10);
    const lottery = await createLottery(call);
    const award = await createAward(call, lottery.activityId, { awardCode: soldOut, awardAmount: 5 });
    await createBag(call, lottery.activityId, 5, [award.awardId]);
    const result = await drawn(lottery.activityId, 'A1');
    expect(result.drawState).toBe('win');
    const [reward] = result.rewards;
    expect(reward).toMatchObject({
      rewardState: 2,
      failReason: 'coupon_batch_stock_not_enough',
      couponIds: [],
    });

    const failed = await call('GET', '/lottery-draws?rewardState=2');
    expect(failed.json<LotteryDrawPage>().items.map((d) => d.drawLogId)).toEqual([result.drawLogId]);
    // The reward records name a draw's reward by where it came from, as their screen does.
    const sheet = await sheetOf(
      await call('GET', '/reward-records/export?rewardState=2&columns=recordId,failReason,extResourceType'),
    );
    expect(rowValues(sheet, 2)).toEqual([reward!.rewardRecordId, '批次库存不足', '抽奖']);
    const reissue = {
      rewardType: 'pe_coupon',
      recordId: reward!.rewardRecordId,
      rewardCode: spare,
      rewardUnits: 1,
      rewardName: '补发5元券',
      reissueDesc: '原批次库存不足',
    };
    const asViewer = await staffCaller(sut, () => viewer)('POST', '/reward-records/reissue', reissue);
    expect(asViewer.statusCode).toBe(403);
    const short = await call('POST', '/reward-records/reissue', { ...reissue, rewardCode: soldOut });
    expect(short.statusCode).toBe(409);
    expect(errorOf(short).code).toBe('coupon_batch_stock_not_enough');
    const done = await call('POST', '/reward-records/reissue', reissue);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ recordId: reward!.rewardRecordId, rewardState: 3 });
    expect(await batchCounters(sut, Number(spare))).toMatchObject({ stockAmount: 9 });
    const twice = await call('POST', '/reward-records/reissue', reissue);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe('只有发放失败的奖励可以补发');
    const records = (
      await call('GET', `/lottery-draws?activityId=${lottery.activityId}`)
    ).json<LotteryDrawPage>();
    expect(records.items[0]!.rewards[0]).toMatchObject({
      rewardState: 3,
      awardTitle: '补发5元券',
      reissueDesc: '原批次库存不足',
      failReason: 'coupon_batch_stock_not_enough',
    });
  });

  it('should list draws by mobile, 10 a page, masked for viewers, and export them', async () => {
    await insertAccountRange(sut.database.db, 'nio', 12, 'P');
    const lottery = await createLottery(call);
    const award = await createAward(call, lottery.activityId, { awardCode: await batchCode(sut) });
    await createBag(call, lottery.activityId, 100, [award.awardId]);
    for (let i = 0; i < 12; i += 1) await drawn(lottery.activityId, `P${i}`);

    const page = (await call('GET', '/lottery-draws')).json<LotteryDrawPage>();
    expect(page.total).toBe(12);
    expect(page.items).toHaveLength(10);
    expect(page.items[0]!.account).toEqual({ accountId: 'P11', mobile: '13900000011', nickName: '用户11' });
    const byMobile = (await call('GET', '/lottery-draws?searchInput=13900000003')).json<LotteryDrawPage>();
    expect(byMobile.items.map((d) => d.account.accountId)).toEqual(['P3']);
    const byAccount = await call(
      'GET',
      '/lottery-draws?searchInputSelect=accountId&searchInput=P4&drawState=win',
    );
    expect(byAccount.json<LotteryDrawPage>().total).toBe(1);
    const masked = await staffCaller(sut, () => viewer)('GET', '/lottery-draws?pageSize=1');
    expect(masked.json<LotteryDrawPage>().items[0]!.account.mobile).toBe('139****0011');

    const sheet = await sheetOf(await call('GET', '/lottery-draws/export?searchInput=13900000003'));
    expect(rowValues(sheet, 1).slice(0, 6)).toEqual([
      '抽奖ID',
      '活动名称',
      '手机号',
      '账号',
      '抽奖状态',
      '奖品',
    ]);
    expect(rowValues(sheet, 2).slice(1, 6)).toEqual([
      '双十一抽奖',
      '13900000003',
      'P3',
      '中奖',
      '5元充电券 ×1',
    ]);
  });

  it('should never oversell: many users drawing at once on a bag of 100 give exactly 100 wins', async () => {
    const users = 300;
    await insertAccountRange(sut.database.db, 'nio', users, 'C');
    const code = await batchCode(sut, 1000);
    const lottery = await createLottery(call);
    const award = await createAward(call, lottery.activityId, { awardCode: code, awardAmount: 100 });
    const bag = await createBag(call, lottery.activityId, 100, [award.awardId]);

    const results = await Promise.all(
      Array.from({ length: users }, (_, i) => draw(lottery.activityId, `C${i}`, `burst-${i}-request`)),
    );
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const states = results.map((r) => r.json<LotteryDraw>().drawState);
    expect(states.filter((s) => s === 'win')).toHaveLength(100);
    expect(states.filter((s) => s === 'lose')).toHaveLength(users - 100);
    const [storedBag] = await sut.database.db
      .select()
      .from(giftBags)
      .where(eq(giftBags.giftBagId, bag.giftBagId));
    const [storedAward] = await sut.database.db
      .select()
      .from(awards)
      .where(eq(awards.awardId, award.awardId));
    expect([storedBag?.won, storedAward?.issueAmount]).toEqual([100, 100]);
    expect(await batchCounters(sut, Number(code))).toMatchObject({ stockAmount: 900 });
    const winners = new Set(
      (
        await sut.database.db
          .select()
          .from(coupons)
          .where(eq(coupons.couponBatchId, Number(code)))
      ).map((c) => c.accountId),
    );
    expect(winners.size).toBe(100);
  }, 120_000);
});
