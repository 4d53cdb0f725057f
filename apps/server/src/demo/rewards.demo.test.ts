import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANTS } from '@cmp/domain';
import type { ActivityPage } from '@cmp/domain/activities/activity-contracts';
import type { GiftBagList } from '@cmp/domain/rewards/gift-bag-contracts';
import type { LotteryDrawPage } from '@cmp/domain/rewards/lottery-draw-contracts';
import type { PointRecordPage } from '@cmp/domain/rewards/reward-record-contracts';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { insertAccountRange } from '../test/account-fixtures.js';
import { insertCouponBatch } from '../test/coupon-fixtures.js';
import { insertChargeStation } from '../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { seedActivities } from './activities.demo.js';
import { seededRandom } from './random.js';
import { seedRewards } from './rewards.demo.js';

describe('demo rewards', () => {
  let sut: TestContext;
  let viewer: string;
  beforeAll(async () => {
    sut = await createTestContext();
    const db = sut.database.db;
    for (let i = 0; i < 120; i++) await insertChargeStation(db, `CS-D${String(i).padStart(3, '0')}`);
    for (const tenant of TENANTS) {
      await sut.userWith('operator', tenant);
      for (let i = 0; i < 3; i++) await insertCouponBatch(db, tenant, { couponName: `${tenant} 券 ${i}` });
      await insertAccountRange(db, tenant, 40, `${tenant}-U`);
    }
    viewer = await sut.userWith('viewer', 'nio');
    const context = {
      random: seededRandom(7),
      size: 'small' as const,
      password: '',
      now: new Date(),
      storage: new LocalFileStorage(sut.config.dataDir),
    };
    await db.transaction(async (tx) => {
      await seedActivities({ tx, ...context });
      await seedRewards({ tx, ...context });
    });
  });
  afterAll(() => sut.app.close());

  const get = async <T>(url: string) => {
    const response = await sut.app.inject({ url: `/api/nio${url}`, headers: { cookie: viewer } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('should give both lotteries prizes and draws: wins, losses once drawn out, a failed reward', async () => {
    const draws = await get<LotteryDrawPage>('/lottery-draws?pageSize=100');
    expect(draws.total).toBe(55);
    expect(new Set(draws.items.map((d) => d.drawState))).toEqual(new Set(['win', 'lose']));
    expect(draws.items.flatMap((d) => d.rewards).filter((r) => r.rewardState === 2)).toHaveLength(2);
    const lottery = (await get<ActivityPage>('/activities?activityTypes=gift_bag_lottery_draw')).items.find(
      (a) => a.activityStatus === 'in_progress',
    )!;
    const prizes = await get<GiftBagList>(`/activities/${lottery.activityId}/gift-bags`);
    expect(prizes.giftBags.map((b) => b.awards.length)).toEqual([2, 1]);
    expect(prizes.pool.map((a) => a.awardTitle)).toEqual(['新人专享券']);
  });

  it('should run the engine over the orders and check-ins: red packets, points and statistics', async () => {
    const points = await get<PointRecordPage>('/point-records?pageSize=200');
    expect(new Set(points.items.map((p) => p.rewardName))).toEqual(new Set(['red_packet', 'check_in']));
    const red = (await get<ActivityPage>('/activities?activityTypes=charger_red_packet')).items[0]!;
    const packets = points.items.filter((p) => p.activityId === red.activityId);
    expect(red.rewardStatistics).toEqual({
      totalRedPacket: packets.length,
      totalNioPoint: packets.length * 10,
    });
    expect(packets.length).toBeGreaterThan(0);
    const coupons = await get<PointRecordPage>('/reward-records?rewardType=pe_coupon&pageSize=200');
    expect(coupons.items.some((r) => r.extResourceType === 'charging_order_finished')).toBe(true);
  });
});
