import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { couponBatchNames } from '../coupons/coupons.views.js';
import { awards, giftBags, lotteries } from './rewards.tables.js';

export type AwardRow = typeof awards.$inferSelect;
export type NewAward = typeof awards.$inferInsert;
export type GiftBagRow = typeof giftBags.$inferSelect;
export type LotteryRow = typeof lotteries.$inferSelect;

/** An award with its batch's coupon name and its bag's quota. */
export interface AwardView {
  award: AwardRow;
  couponName: string | null;
  bagQuota: number | null;
  bagWon: number | null;
}

const awardView = (db: DbOrTx) =>
  db
    .select({
      award: awards,
      couponName: couponBatchNames.couponName,
      bagQuota: giftBags.lotteryQuota,
      bagWon: giftBags.won,
    })
    .from(awards)
    .leftJoin(
      couponBatchNames,
      and(
        eq(couponBatchNames.tenant, awards.tenant),
        eq(sql`${couponBatchNames.couponBatchId}::text`, awards.awardCode),
      ),
    )
    .leftJoin(giftBags, eq(giftBags.giftBagId, awards.giftBagId));

export async function awardsOfActivities(
  db: DbOrTx,
  tenant: Tenant,
  activityIds: readonly number[],
): Promise<AwardView[]> {
  if (activityIds.length === 0) return [];
  return awardView(db)
    .where(and(eq(awards.tenant, tenant), inArray(awards.activityId, [...activityIds])))
    .orderBy(asc(awards.activityId), asc(awards.awardId));
}

export async function findAward(db: DbOrTx, tenant: Tenant, awardId: number): Promise<AwardView | undefined> {
  const [row] = await awardView(db).where(and(eq(awards.tenant, tenant), eq(awards.awardId, awardId)));
  return row;
}

export async function insertAward(tx: DbOrTx, values: NewAward): Promise<AwardRow> {
  const [row] = await tx.insert(awards).values(values).returning();
  return row!;
}

export async function updateAward(tx: DbOrTx, awardId: number, values: Partial<NewAward>): Promise<void> {
  await tx
    .update(awards)
    .set({ ...values, version: sql`${awards.version} + 1`, updatedAt: sql`now()` })
    .where(eq(awards.awardId, awardId));
}

export async function deleteAward(tx: DbOrTx, awardId: number): Promise<void> {
  await tx.delete(awards).where(eq(awards.awardId, awardId));
}

/** How many awards each bag holds. */
export async function bagSizes(db: DbOrTx, giftBagIds: readonly number[]): Promise<Map<number, number>> {
  if (giftBagIds.length === 0) return new Map();
  const rows = await db
    .select({ giftBagId: awards.giftBagId, count: sql<number>`count(*)::int` })
    .from(awards)
    .where(inArray(awards.giftBagId, [...giftBagIds]))
    .groupBy(awards.giftBagId);
  return new Map(rows.map((row) => [row.giftBagId!, row.count]));
}

/** The lottery row of an activity, made with the default claim type the first time, locked. */
export async function lockLottery(tx: DbOrTx, tenant: Tenant, activityId: number): Promise<LotteryRow> {
  await tx.insert(lotteries).values({ activityId, tenant }).onConflictDoNothing();
  const [row] = await tx.select().from(lotteries).where(eq(lotteries.activityId, activityId)).for('update');
  return row!;
}

export async function findLottery(db: DbOrTx, activityId: number): Promise<LotteryRow | undefined> {
  const [row] = await db.select().from(lotteries).where(eq(lotteries.activityId, activityId));
  return row;
}

export async function setClaimType(tx: DbOrTx, activityId: number, claimType: string): Promise<void> {
  await tx
    .update(lotteries)
    .set({ claimType, version: sql`${lotteries.version} + 1` })
    .where(eq(lotteries.activityId, activityId));
}

export async function bagsOfActivity(db: DbOrTx, activityId: number): Promise<GiftBagRow[]> {
  return db
    .select()
    .from(giftBags)
    .where(eq(giftBags.activityId, activityId))
    .orderBy(asc(giftBags.giftBagId));
}

export async function findBag(
  db: DbOrTx,
  tenant: Tenant,
  giftBagId: number,
): Promise<GiftBagRow | undefined> {
  const [row] = await db
    .select()
    .from(giftBags)
    .where(and(eq(giftBags.tenant, tenant), eq(giftBags.giftBagId, giftBagId)));
  return row;
}

export async function insertBag(tx: DbOrTx, values: typeof giftBags.$inferInsert): Promise<GiftBagRow> {
  const [row] = await tx.insert(giftBags).values(values).returning();
  return row!;
}

export async function updateBag(
  tx: DbOrTx,
  giftBagId: number,
  values: Partial<typeof giftBags.$inferInsert>,
): Promise<void> {
  await tx
    .update(giftBags)
    .set({ ...values, version: sql`${giftBags.version} + 1` })
    .where(eq(giftBags.giftBagId, giftBagId));
}

export async function deleteBag(tx: DbOrTx, giftBagId: number): Promise<void> {
  await tx.delete(giftBags).where(eq(giftBags.giftBagId, giftBagId));
}

/** Puts exactly `awardIds` in the bag: those named in, the bag's others out to the activity's pool. */
export async function setBagAwards(
  tx: DbOrTx,
  giftBagId: number,
  awardIds: readonly number[],
): Promise<void> {
  await tx
    .update(awards)
    .set({ giftBagId: null, version: sql`${awards.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(awards.giftBagId, giftBagId),
        awardIds.length === 0 ? undefined : sql`${awards.awardId} not in ${[...awardIds]}`,
      ),
    );
  if (awardIds.length === 0) return;
  await tx
    .update(awards)
    .set({ giftBagId, version: sql`${awards.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(inArray(awards.awardId, [...awardIds]), sql`${awards.giftBagId} is distinct from ${giftBagId}`),
    );
}

/** The awards of an activity among `awardIds`, with the bag each is in. */
export async function awardsIn(
  db: DbOrTx,
  activityId: number,
  awardIds: readonly number[],
): Promise<Pick<AwardRow, 'awardId' | 'giftBagId' | 'issueAmount'>[]> {
  if (awardIds.length === 0) return [];
  return db
    .select({ awardId: awards.awardId, giftBagId: awards.giftBagId, issueAmount: awards.issueAmount })
    .from(awards)
    .where(and(eq(awards.activityId, activityId), inArray(awards.awardId, [...awardIds])));
}

/** Whether the tenant has the coupon batch. */
export async function hasCouponBatch(db: DbOrTx, tenant: Tenant, couponBatchId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: couponBatchNames.couponBatchId })
    .from(couponBatchNames)
    .where(and(eq(couponBatchNames.tenant, tenant), eq(couponBatchNames.couponBatchId, couponBatchId)));
  return row !== undefined;
}
