import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import { USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import type { ClaimType } from '@cmp/domain/activities/gift-bags';
import type { RewardType } from '@cmp/domain/rewards/reward-record-contracts';
import type { DrawState, RewardState } from '@cmp/domain/activities/reward-states';
import { ruleMessage } from '@cmp/domain/messages/format';
import { drawPeriod } from '@cmp/domain/rewards/draw-period';
import {
  LotteryDrawFilterSchema,
  type AppDrawRequest,
  type DrawReward,
  type LoseReason,
  type LotteryDraw,
  type LotteryDrawListQuery,
  type LotteryDrawPage,
} from '@cmp/domain/rewards/lottery-draw-contracts';
import type { Db } from '../../platform/db/database.js';
import { auditMobileReveal, mobileFor } from '../../platform/auth/mobile-reveal.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { ActivitiesService } from '../activities/activities.service.js';
import { claimFrequencyOf, lotteryActivity } from './lottery-activities.js';
import * as draws from './lottery-draws.repo.js';
import * as setup from './lottery-setup.repo.js';
import { LOTTERY_DRAW_EXPORT } from './lottery-draws.export.js';
import { grantCouponsInBulk } from '../coupons/coupon-issue.service.js';
import type { MobileReader } from './mobile-reader.js';

/** The draw export's query: the list's filter, the tenant, and whether mobiles show whole. */
export const LotteryDrawExportFilterSchema = LotteryDrawFilterSchema.extend({
  tenant: TenantSchema,
  reveal: z.boolean(),
});

/** Who the lottery's coupons name as their operator. */
const LOTTERY_OPERATOR = 'lottery';

/** One of `items` picked with a chance in proportion to its weight, from a cryptographic random source. */
export function pickWeighted<T>(items: readonly T[], weight: (item: T) => number): T | undefined {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  if (total <= 0) return undefined;
  let ticket = randomInt(total);
  for (const item of items) {
    ticket -= weight(item);
    if (ticket < 0) return item;
  }
  return undefined;
}

interface Prize {
  bag: setup.GiftBagRow;
  awards: setup.AwardRow[];
}

/**
 * What a draw wins: a bag picked by its remaining quota among those that can still be given, and of it
 * every award (fixed) or one award picked by its remaining stock (random). A fixed bag can be given only
 * while each of its awards has stock left.
 */
function pick(claimType: ClaimType, bags: setup.GiftBagRow[], awards: setup.AwardView[]): Prize | LoseReason {
  const held = (bag: setup.GiftBagRow) =>
    awards.map((row) => row.award).filter((a) => a.giftBagId === bag.giftBagId);
  const inStock = (award: setup.AwardRow) => award.issueAmount < award.awardAmount;
  const filled = bags.filter((bag) => held(bag).length > 0);
  if (filled.length === 0) return 'no_gift_bag';
  const open = filled.filter((bag) => {
    if (bag.won >= bag.lotteryQuota) return false;
    return claimType === 'fixed' ? held(bag).every(inStock) : held(bag).some(inStock);
  });
  const bag = pickWeighted(open, (b) => b.lotteryQuota - b.won);
  if (!bag) return 'drawn_out';
  if (claimType === 'fixed') return { bag, awards: held(bag) };
  const award = pickWeighted(held(bag).filter(inStock), (a) => a.awardAmount - a.issueAmount)!;
  return { bag, awards: [award] };
}

/**
 * Lottery draws (spec M3.2.8–10, M7.3.15, M7.3.20): the apps' draw, signed by their back end, and the
 * staff's draw records. A draw holds the lottery's lock from its check of the frequency rule to its last
 * reward, so draws of one lottery run one after the other: quotas and stock never oversell, and a user
 * never draws past the rule, whichever database runs them.
 */
export class LotteryDrawsService {
  constructor(
    private readonly db: Db,
    private readonly activities: ActivitiesService,
    private readonly accounts: AccountsService,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * A user's draw. The same request id answers the draw it made; another draw in the user's period is
   * refused (409). A reward whose coupons could not be given is kept with state 2 and its reason.
   */
  async draw(tenant: Tenant, request: AppDrawRequest): Promise<LotteryDraw> {
    const account = await this.accounts.find(tenant, request.accountId);
    if (!account || account.isDelete)
      throw new AppError(404, USER_NOT_FOUND, `account ${request.accountId} not found`);
    const drawLogId =
      (await this.loseAtOnce(tenant, request)) ??
      (await this.db.transaction(async (tx) => {
        const activity = await lotteryActivity(this.activities, tx, tenant, request.activityId);
        const lottery = await setup.lockLottery(tx, tenant, request.activityId);
        const period = drawPeriod(claimFrequencyOf(activity), this.clock());
        const earlier = await draws.earlierDraw(
          tx,
          request.activityId,
          request.requestId,
          request.accountId,
          period,
        );
        if (earlier?.requestId === request.requestId) {
          if (earlier.accountId !== request.accountId)
            throw AppError.conflict(ruleMessage('lottery.requestIdTaken'));
          return earlier.drawLogId;
        }
        if (earlier) throw AppError.conflict(ruleMessage('lottery.frequency'));
        if (activity.status !== 'in_progress') throw AppError.conflict(ruleMessage('lottery.notInProgress'));
        const [bags, awards] = await Promise.all([
          setup.bagsOfActivity(tx, request.activityId),
          setup.awardsOfActivities(tx, tenant, [request.activityId]),
        ]);
        const prize = pick(lottery.claimType as ClaimType, bags, awards);
        const won = typeof prize !== 'string';
        const draw = await draws.insertDraw(tx, {
          tenant,
          activityId: request.activityId,
          accountId: request.accountId,
          requestId: request.requestId,
          period,
          giftBagId: won ? prize.bag.giftBagId : null,
          drawState: (won ? 'win' : 'lose') satisfies DrawState,
          loseReason: won ? null : prize,
        });
        if (!won) return draw.drawLogId;
        if (!(await draws.winBag(tx, prize.bag.giftBagId))) throw new Error('a locked bag was drawn out');
        for (const award of prize.awards) {
          if (!(await draws.giveAward(tx, award.awardId))) throw new Error('a locked award ran out');
          // Judged before anything is issued: a refusal leaves the draw's transaction as it was.
          const [outcome] = await grantCouponsInBulk(
            tx,
            tenant,
            Number(award.awardCode),
            [{ accountId: request.accountId, amount: award.awardUnits }],
            LOTTERY_OPERATOR,
          );
          const given = 'couponIds' in outcome! ? outcome : undefined;
          await draws.insertReward(tx, {
            tenant,
            activityId: request.activityId,
            accountId: request.accountId,
            drawLogId: draw.drawLogId,
            awardId: award.awardId,
            rewardType: award.awardType,
            rewardCode: award.awardCode,
            rewardName: award.awardTitle,
            rewardUnits: award.awardUnits,
            rewardState: given ? 1 : 2,
            failReason: 'failure' in outcome! ? outcome.failure : null,
            couponIds: given?.couponIds ?? [],
            rewardTime: given ? new Date(this.clock()) : null,
          });
        }
        return draw.drawLogId;
      }));
    const row = await draws.findDraw(this.db, tenant, drawLogId);
    return (await this.present([row!], false))[0]!;
  }

  /**
   * A draw in a lottery with nothing left to win loses without waiting for the lottery's lock, so a burst
   * past the last prize does not queue behind it; the unique indexes still hold the frequency rule and the
   * request id. Undefined when the draw may win, or when the user or the request drew before: the locked
   * path then answers.
   */
  private async loseAtOnce(tenant: Tenant, request: AppDrawRequest): Promise<number | undefined> {
    const activity = await lotteryActivity(this.activities, this.db, tenant, request.activityId);
    if (activity.status !== 'in_progress') return undefined;
    const [lottery, bags, awards] = await Promise.all([
      setup.findLottery(this.db, request.activityId),
      setup.bagsOfActivity(this.db, request.activityId),
      setup.awardsOfActivities(this.db, tenant, [request.activityId]),
    ]);
    const outcome = pick((lottery?.claimType ?? 'random') as ClaimType, bags, awards);
    if (typeof outcome !== 'string') return undefined;
    const lost = await draws.insertLoss(this.db, {
      tenant,
      activityId: request.activityId,
      accountId: request.accountId,
      requestId: request.requestId,
      period: drawPeriod(claimFrequencyOf(activity), this.clock()),
      drawState: 'lose' satisfies DrawState,
      loseReason: outcome,
    });
    return lost?.drawLogId;
  }

  async list(tenant: Tenant, query: LotteryDrawListQuery, reader: MobileReader): Promise<LotteryDrawPage> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await draws.drawList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    const items = await this.present(page.rows, reader.reveal);
    if (reader.reveal) {
      await auditMobileReveal(this.db, {
        actor: reader.actor,
        tenant,
        via: 'lottery_draws',
        query: filter,
        accountIds: [...new Set(page.rows.filter((row) => row.mobile).map((row) => row.draw.accountId))],
      });
    }
    return { items, total: page.total };
  }

  /** The list as an export: the same filter and order. */
  readonly export = listExport({
    list: 'rewards.lottery-draws',
    query: LotteryDrawExportFilterSchema,
    sheet: LOTTERY_DRAW_EXPORT,
    rows: draws.drawList,
    items: (rows, query) => this.present(rows, query.reveal),
  });

  async present(rows: draws.DrawWithAccount[], reveal: boolean): Promise<LotteryDraw[]> {
    const rewards = await draws.rewardsOfDraws(
      this.db,
      rows.map((row) => row.draw.drawLogId),
    );
    const stock = await draws.awardStock(
      this.db,
      rewards.flatMap((reward) => (reward.awardId === null ? [] : [reward.awardId])),
    );
    const names = await this.activities.names(rows.map((row) => row.draw.activityId));
    return rows.map(({ draw, mobile, nickName }) => {
      const own = rewards.filter((reward) => reward.drawLogId === draw.drawLogId);
      return {
        drawLogId: draw.drawLogId,
        activityId: draw.activityId,
        activityName: names.get(draw.activityId) ?? '',
        account: { accountId: draw.accountId, mobile: mobileFor(mobile, reveal), nickName },
        rewardRecordId: own[0]?.recordId ?? null,
        giftBagId: draw.giftBagId,
        drawState: draw.drawState as DrawState,
        drawStateLoseReason: draw.loseReason as LoseReason | null,
        createTime: draw.createdAt.getTime(),
        rewards: own.map((reward): DrawReward => {
          const award = reward.awardId === null ? undefined : stock.get(reward.awardId);
          return {
            rewardRecordId: reward.recordId,
            awardId: reward.awardId,
            rewardState: reward.rewardState as RewardState,
            awardTitle: reward.rewardName,
            awardUnits: reward.rewardUnits,
            awardType: reward.rewardType as RewardType,
            awardCode: reward.rewardCode ?? '',
            awardAmount: award?.awardAmount ?? null,
            remainingAmount: award ? award.awardAmount - award.issueAmount : null,
            awardSubTitle: award?.awardSubTitle ?? null,
            awardImage: award?.awardImage ?? null,
            needLogistics: award?.needLogistics ?? false,
            failReason: reward.failReason,
            reissueDesc: reward.reissueDesc,
            couponIds: reward.couponIds,
          };
        }),
      };
    });
  }
}
