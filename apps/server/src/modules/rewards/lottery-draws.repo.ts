import { and, asc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { LotteryDrawFilter, LOTTERY_DRAW_SORTABLE } from '@cmp/domain/rewards/lottery-draw-contracts';
import { DEFAULT_LOTTERY_DRAW_SORT } from '@cmp/domain/rewards/lottery-draw-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { accountDirectory } from '../accounts/accounts.views.js';
import { awards, giftBags, lotteryDraws, rewardRecords } from './rewards.tables.js';

export type DrawRow = typeof lotteryDraws.$inferSelect;
export type RewardRecordRow = typeof rewardRecords.$inferSelect;

/** The draw filter (spec M3.2.9) of one tenant. */
export type DrawScopedFilter = Omit<LotteryDrawFilter, 'sort'> & { tenant: Tenant };

/** Draws of the tenant's accounts with this mobile. */
const ofMobile = (tenant: Tenant, mobile: string): SQL =>
  inArray(
    lotteryDraws.accountId,
    sql`(select ${accountDirectory.accountId} from ${accountDirectory}
         where ${accountDirectory.tenant} = ${tenant} and ${accountDirectory.mobile} = ${mobile})`,
  );

function drawWhere(f: DrawScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(lotteryDraws.tenant, f.tenant)];
  if (f.activityId !== undefined) conditions.push(eq(lotteryDraws.activityId, f.activityId));
  if (f.accountId) conditions.push(eq(lotteryDraws.accountId, f.accountId));
  if (f.mobile) conditions.push(ofMobile(f.tenant, f.mobile));
  if (f.searchInput) {
    conditions.push(
      f.searchInputSelect === 'mobile'
        ? ofMobile(f.tenant, f.searchInput)
        : eq(lotteryDraws.accountId, f.searchInput),
    );
  }
  if (f.drawState !== undefined) conditions.push(eq(lotteryDraws.drawState, f.drawState));
  if (f.rewardState !== undefined) {
    conditions.push(
      exists(
        sql`(select 1 from ${rewardRecords} where ${rewardRecords.drawLogId} = ${lotteryDraws.drawLogId}
             and ${rewardRecords.rewardState} = ${f.rewardState})`,
      ),
    );
  }
  return and(...conditions)!;
}

/** The lottery draw list: the latest first, ties by id, with each draw's account. */
export const drawList = defineList({
  table: lotteryDraws,
  id: lotteryDraws.drawLogId,
  sort: {
    keys: { createTime: lotteryDraws.createdAt } satisfies Record<
      (typeof LOTTERY_DRAW_SORTABLE)[number],
      AnyPgColumn
    >,
    default: DEFAULT_LOTTERY_DRAW_SORT,
  },
  where: drawWhere,
  select: (db, cursor) =>
    db
      .select({
        draw: lotteryDraws,
        mobile: accountDirectory.mobile,
        nickName: accountDirectory.nickName,
        ...cursor,
      })
      .from(lotteryDraws)
      .leftJoin(
        accountDirectory,
        and(
          eq(accountDirectory.tenant, lotteryDraws.tenant),
          eq(accountDirectory.accountId, lotteryDraws.accountId),
        ),
      )
      .$dynamic(),
});

export interface DrawWithAccount {
  draw: DrawRow;
  mobile: string | null;
  nickName: string | null;
}

/** The rewards of the draws, oldest first. */
export async function rewardsOfDraws(db: DbOrTx, drawLogIds: readonly number[]): Promise<RewardRecordRow[]> {
  if (drawLogIds.length === 0) return [];
  return db
    .select()
    .from(rewardRecords)
    .where(inArray(rewardRecords.drawLogId, [...drawLogIds]))
    .orderBy(asc(rewardRecords.recordId));
}

/** The stock of the awards the rewards name, as it stands. */
export async function awardStock(
  db: DbOrTx,
  awardIds: readonly number[],
): Promise<
  Map<
    number,
    {
      awardAmount: number;
      issueAmount: number;
      awardSubTitle: string | null;
      awardImage: string | null;
      needLogistics: boolean;
    }
  >
> {
  if (awardIds.length === 0) return new Map();
  const rows = await db
    .select({
      awardId: awards.awardId,
      awardAmount: awards.awardAmount,
      issueAmount: awards.issueAmount,
      awardSubTitle: awards.awardSubTitle,
      awardImage: awards.awardImage,
      needLogistics: awards.needLogistics,
    })
    .from(awards)
    .where(inArray(awards.awardId, [...new Set(awardIds)]));
  return new Map(rows.map(({ awardId, ...rest }) => [awardId, rest]));
}

export async function findDraw(
  db: DbOrTx,
  tenant: Tenant,
  drawLogId: number,
): Promise<DrawWithAccount | undefined> {
  const [row] = await db
    .select({ draw: lotteryDraws, mobile: accountDirectory.mobile, nickName: accountDirectory.nickName })
    .from(lotteryDraws)
    .leftJoin(
      accountDirectory,
      and(
        eq(accountDirectory.tenant, lotteryDraws.tenant),
        eq(accountDirectory.accountId, lotteryDraws.accountId),
      ),
    )
    .where(and(eq(lotteryDraws.tenant, tenant), eq(lotteryDraws.drawLogId, drawLogId)));
  return row;
}

/** The draw a request made, or the user's draw of the period: what a new draw must not repeat. */
export async function earlierDraw(
  db: DbOrTx,
  activityId: number,
  requestId: string,
  accountId: string,
  period: string,
): Promise<DrawRow | undefined> {
  const [row] = await db
    .select()
    .from(lotteryDraws)
    .where(
      and(
        eq(lotteryDraws.activityId, activityId),
        sql`(${lotteryDraws.requestId} = ${requestId} or (${lotteryDraws.accountId} = ${accountId} and ${lotteryDraws.period} = ${period}))`,
      ),
    )
    // The request's own draw first.
    .orderBy(sql`${lotteryDraws.requestId} = ${requestId} desc`)
    .limit(1);
  return row;
}

export async function insertDraw(tx: DbOrTx, values: typeof lotteryDraws.$inferInsert): Promise<DrawRow> {
  const [row] = await tx.insert(lotteryDraws).values(values).returning();
  return row!;
}

/** A lost draw, unless the user drew in the period or the request drew before (unique indexes). */
export async function insertLoss(
  db: DbOrTx,
  values: typeof lotteryDraws.$inferInsert,
): Promise<DrawRow | undefined> {
  const [row] = await db.insert(lotteryDraws).values(values).onConflictDoNothing().returning();
  return row;
}

export async function hasDraws(db: DbOrTx, activityId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lotteryDraws.drawLogId })
    .from(lotteryDraws)
    .where(eq(lotteryDraws.activityId, activityId))
    .limit(1);
  return row !== undefined;
}

/** Counts one more win of the bag, unless it is drawn out; answers whether it did. */
export async function winBag(tx: DbOrTx, giftBagId: number): Promise<boolean> {
  const rows = await tx
    .update(giftBags)
    .set({ won: sql`${giftBags.won} + 1` })
    .where(and(eq(giftBags.giftBagId, giftBagId), sql`${giftBags.won} < ${giftBags.lotteryQuota}`))
    .returning({ id: giftBags.giftBagId });
  return rows.length === 1;
}

/** Counts one more win of the award, unless its stock is gone; answers whether it did. */
export async function giveAward(tx: DbOrTx, awardId: number): Promise<boolean> {
  const rows = await tx
    .update(awards)
    .set({ issueAmount: sql`${awards.issueAmount} + 1` })
    .where(and(eq(awards.awardId, awardId), sql`${awards.issueAmount} < ${awards.awardAmount}`))
    .returning({ id: awards.awardId });
  return rows.length === 1;
}

export async function insertReward(
  tx: DbOrTx,
  values: typeof rewardRecords.$inferInsert,
): Promise<RewardRecordRow> {
  const [row] = await tx.insert(rewardRecords).values(values).returning();
  return row!;
}
