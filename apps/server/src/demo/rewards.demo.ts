import { and, asc, eq, inArray } from 'drizzle-orm';
import { TENANTS, type Tenant } from '@cmp/domain';
import { drawPeriod } from '@cmp/domain/rewards/draw-period';
import { eventTime, type RewardEvent } from '@cmp/domain/rewards/reward-events';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { activities, activityStations } from '../modules/activities/activities.tables.js';
import { ActivityRewardSourcesService } from '../modules/activities/activity-reward-sources.service.js';
import { grantCouponsInBulk } from '../modules/coupons/coupon-issue.service.js';
import { couponBatches } from '../modules/coupons/coupons.tables.js';
import { RewardEngine } from '../modules/rewards/reward-engine.js';
import {
  awards,
  giftBags,
  lotteries,
  lotteryDraws,
  rewardEvents,
  rewardRecords,
} from '../modules/rewards/rewards.tables.js';
import type { Tx } from '../platform/db/database.js';
import type { DemoContext } from './demo-context.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type AwardRow = typeof awards.$inferSelect;

/** A lottery's prizes: a daily bag of two coupons, a small lucky bag, and an award waiting in the pool. */
async function seedPrizes(tx: Tx, tenant: Tenant, activityId: number, batches: number[], dailyQuota: number) {
  await tx.insert(lotteries).values({ activityId, tenant, claimType: 'random' });
  const [daily, lucky] = await tx
    .insert(giftBags)
    .values([
      { tenant, activityId, description: '日常礼包：5元或10元充电券', lotteryQuota: dailyQuota },
      { tenant, activityId, description: '幸运大礼包：30元充电礼包', lotteryQuota: 5 },
    ])
    .returning();
  const award = (
    values: Partial<typeof awards.$inferInsert> & { awardCode: string; awardTitle: string },
  ) => ({
    tenant,
    activityId,
    awardAmount: 100,
    ...values,
  });
  const rows = await tx
    .insert(awards)
    .values([
      award({
        giftBagId: daily!.giftBagId,
        awardCode: String(batches[0]),
        awardTitle: '5元充电券',
        awardAmount: 300,
      }),
      award({
        giftBagId: daily!.giftBagId,
        awardCode: String(batches[1]),
        awardTitle: '10元充电券',
        awardSubTitle: '满50可用',
      }),
      award({
        giftBagId: lucky!.giftBagId,
        awardCode: String(batches[2]),
        awardTitle: '30元充电礼包',
        awardUnits: 3,
        awardAmount: 5,
      }),
      award({ awardCode: String(batches[0]), awardTitle: '新人专享券', awardAmount: 50 }),
    ])
    .returning();
  return { bags: [daily!, lucky!], awards: rows };
}

/**
 * Draws of a lottery, as the apps' draws make them: each user once a period, a bag by its remaining quota
 * and one award of it by its stock, the coupons given for real; the last win's coupons failed (a batch that
 * ran short then), for the reissue screen; losses once the bags are drawn out.
 */
async function seedDraws(
  tx: Tx,
  tenant: Tenant,
  activityId: number,
  prizes: Awaited<ReturnType<typeof seedPrizes>>,
  users: string[],
  times: number[],
  random: () => number,
) {
  const bags = prizes.bags.map((bag) => ({ ...bag }));
  const stock = new Map<number, AwardRow>(prizes.awards.map((a) => [a.awardId, { ...a }]));
  const wins: { drawLogId: number; accountId: string; award: AwardRow; at: Date }[] = [];
  for (const [i, accountId] of users.entries()) {
    const at = new Date(times[i % times.length]!);
    const open = bags.filter(
      (bag) =>
        bag.won < bag.lotteryQuota &&
        [...stock.values()].some((a) => a.giftBagId === bag.giftBagId && a.issueAmount < a.awardAmount),
    );
    const bag = open.length === 0 ? undefined : open[Math.floor(random() * open.length)]!;
    const held = bag
      ? [...stock.values()].filter((a) => a.giftBagId === bag.giftBagId && a.issueAmount < a.awardAmount)
      : [];
    const award = held.length === 0 ? undefined : held[Math.floor(random() * held.length)]!;
    const [draw] = await tx
      .insert(lotteryDraws)
      .values({
        tenant,
        activityId,
        accountId,
        requestId: `demo-${activityId}-${i}`,
        period: drawPeriod('once_per_day', at.getTime()),
        giftBagId: bag && award ? bag.giftBagId : null,
        drawState: bag && award ? 'win' : 'lose',
        loseReason: bag && award ? null : 'drawn_out',
        createdAt: at,
      })
      .returning();
    if (!bag || !award) continue;
    bag.won += 1;
    award.issueAmount += 1;
    wins.push({ drawLogId: draw!.drawLogId, accountId, award, at });
  }
  for (const bag of bags)
    await tx.update(giftBags).set({ won: bag.won }).where(eq(giftBags.giftBagId, bag.giftBagId));
  for (const award of stock.values())
    await tx.update(awards).set({ issueAmount: award.issueAmount }).where(eq(awards.awardId, award.awardId));
  for (const [i, win] of wins.entries()) {
    const failed = i === wins.length - 1;
    const [outcome] = failed
      ? [{ failure: 'coupon_batch_stock_not_enough' as const }]
      : await grantCouponsInBulk(
          tx,
          tenant,
          Number(win.award.awardCode),
          [{ accountId: win.accountId, amount: win.award.awardUnits }],
          'lottery',
        );
    const given = outcome && 'couponIds' in outcome;
    await tx.insert(rewardRecords).values({
      tenant,
      activityId,
      accountId: win.accountId,
      drawLogId: win.drawLogId,
      awardId: win.award.awardId,
      rewardType: 'pe_coupon',
      rewardCode: win.award.awardCode,
      rewardName: win.award.awardTitle,
      rewardUnits: win.award.awardUnits,
      rewardState: given ? 1 : 2,
      failReason: given ? null : (outcome as { failure: string }).failure,
      couponIds: given ? outcome.couponIds : [],
      rewardTime: given ? win.at : null,
      createdAt: win.at,
    });
  }
}

/** What the apps' back end reported: orders at the red packet's and graded activity's stations, check-ins. */
function eventsOf(
  now: number,
  users: string[],
  stationsOf: Map<string, string[]>,
  random: () => number,
): RewardEvent[] {
  const events: RewardEvent[] = [];
  const charging = [
    ...(stationsOf.get('charger_red_packet') ?? []),
    ...(stationsOf.get('graded_charging_activity') ?? []),
  ];
  const scenes = stationsOf.get('scenario_activity') ?? [];
  for (let i = 0; i < users.length * 4 && charging.length > 0; i += 1) {
    const endTime = now - Math.floor(random() * 6 * DAY) - HOUR;
    events.push({
      kind: 'charging_order_finished',
      eventId: `demo-order-${i}`,
      orderId: `DEMO${String(i).padStart(6, '0')}`,
      accountId: users[i % users.length]!,
      resourceId: charging[Math.floor(random() * charging.length)]!,
      vehicleId: `LDP${String(i % users.length).padStart(6, '0')}`,
      kwh: Math.round((10 + random() * 60) * 100) / 100,
      startTime: endTime - HOUR,
      endTime,
    });
  }
  for (let i = 0; i < users.length && scenes.length > 0; i += 1) {
    events.push({
      kind: 'station_check_in',
      eventId: `demo-check-in-${i}`,
      accountId: users[i]!,
      resourceId: scenes[i % scenes.length]!,
      time: now - Math.floor(random() * 5 * DAY) - HOUR,
    });
  }
  return events.sort((a, b) => eventTime(a) - eventTime(b));
}

async function seedTenant(tx: Tx, tenant: Tenant, now: Date, random: () => number) {
  const batches = (
    await tx
      .select({ id: couponBatches.couponBatchId })
      .from(couponBatches)
      .where(eq(couponBatches.tenant, tenant))
      .orderBy(asc(couponBatches.couponBatchId))
      .limit(3)
  ).map((row) => row.id);
  const users = (
    await tx
      .select({ accountId: accounts.accountId })
      .from(accounts)
      .where(and(eq(accounts.tenant, tenant), eq(accounts.isDelete, false)))
      .orderBy(asc(accounts.accountId))
      .limit(40)
  ).map((row) => row.accountId);
  const tenantActivities = await tx
    .select({
      activityId: activities.activityId,
      activityType: activities.activityType,
      state: activities.state,
    })
    .from(activities)
    .where(eq(activities.tenant, tenant))
    .orderBy(asc(activities.activityId));
  if (batches.length < 3 || users.length === 0) return;

  for (const lottery of tenantActivities.filter((a) => a.activityType === 'gift_bag_lottery_draw')) {
    const finished = lottery.state === 'finished';
    const prizes = await seedPrizes(tx, tenant, lottery.activityId, batches, finished ? 25 : 400);
    const times = finished
      ? Array.from({ length: 10 }, (_, i) => now.getTime() - (30 - i * 2) * DAY)
      : [now.getTime() - 2 * DAY, now.getTime() - DAY, now.getTime() - 2 * HOUR];
    await seedDraws(
      tx,
      tenant,
      lottery.activityId,
      prizes,
      finished ? users : users.slice(0, 15),
      times,
      random,
    );
  }

  const rewarding = tenantActivities.filter((a) =>
    ['charger_red_packet', 'graded_charging_activity', 'scenario_activity'].includes(a.activityType),
  );
  const relations = await tx
    .select({ activityId: activityStations.activityId, resourceId: activityStations.resourceId })
    .from(activityStations)
    .where(
      and(
        inArray(
          activityStations.activityId,
          rewarding.map((a) => a.activityId),
        ),
        eq(activityStations.active, true),
      ),
    );
  const stationsOf = new Map<string, string[]>();
  for (const activity of rewarding) {
    stationsOf.set(
      activity.activityType,
      relations.filter((r) => r.activityId === activity.activityId).map((r) => r.resourceId),
    );
  }
  const events = eventsOf(now.getTime(), users, stationsOf, random);
  if (events.length === 0) return;
  const rows = await tx
    .insert(rewardEvents)
    .values(
      events.map((event) => ({
        tenant,
        eventId: event.eventId,
        kind: event.kind,
        payload: event,
        occurredAt: new Date(eventTime(event)),
        receivedAt: new Date(eventTime(event)),
      })),
    )
    .returning();
  // Read as the engine reads them a moment after they arrive, an hour of events at a time, so the rewards
  // carry the times they would have.
  const engine = new RewardEngine(new ActivityRewardSourcesService());
  const hourOf = (row: (typeof rows)[number]) => Math.floor(row.occurredAt.getTime() / HOUR);
  rows.sort((a, b) => a.seq - b.seq);
  for (let at = 0; at < rows.length;) {
    let end = at;
    while (end < rows.length && hourOf(rows[end]!) === hourOf(rows[at]!)) end += 1;
    const chunk = rows.slice(at, end);
    await engine.process(tx, tenant, chunk, new Date(chunk.at(-1)!.occurredAt.getTime() + 60_000));
    at = end;
  }
}

/**
 * Rewards of every tenant: both lotteries' awards and gift bags with draws (wins, losses once drawn out, a
 * failed reward to reissue), and the reward engine run over a week of the apps' charging orders and
 * check-ins, so the red packet, the graded activity and the scenario have point records, coupons and
 * statistics.
 */
export async function seedRewards({ tx, now, random }: DemoContext): Promise<void> {
  for (const tenant of TENANTS) await seedTenant(tx, tenant, now, random);
}
