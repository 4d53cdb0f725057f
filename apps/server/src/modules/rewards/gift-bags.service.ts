import type { Tenant } from '@cmp/domain';
import { isLastOneGiftBag, type ClaimType } from '@cmp/domain/activities/gift-bags';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import {
  MAX_GIFT_BAGS,
  type GiftBag,
  type GiftBagFields,
  type GiftBagList,
} from '@cmp/domain/rewards/gift-bag-contracts';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { assertVersion } from '../../platform/audit/edits.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { ActivitiesService } from '../activities/activities.service.js';
import { toAward } from './awards.service.js';
import { claimFrequencyOf, editableLottery, lotteryActivity } from './lottery-activities.js';
import { hasDraws } from './lottery-draws.repo.js';
import * as repo from './lottery-setup.repo.js';

export const GIFT_BAG_ENTITY = 'gift_bag';
const DEFAULT_CLAIM_TYPE: ClaimType = 'random';

function toGiftBag(bag: repo.GiftBagRow, awards: repo.AwardView[]): GiftBag {
  const held = awards.filter((row) => row.award.giftBagId === bag.giftBagId).map(toAward);
  return {
    activityId: bag.activityId,
    giftBagId: bag.giftBagId,
    description: bag.description,
    lotteryQuota: bag.lotteryQuota,
    remainingQuota: bag.lotteryQuota - bag.won,
    lastOne: isLastOneGiftBag({ awards: held }),
    awards: held,
    version: bag.version,
    createTime: bag.createdAt.getTime(),
  };
}

/**
 * Gift bags of lottery activities (spec M3.2.3–7, M7.3.22–27): the list with the lottery's claim type and
 * frequency, create, update, get, delete a bag (its awards go back to the activity's pool) and take one
 * award out of a bag. A bag holds at least one award: its last one cannot be taken out (last-one).
 */
export class GiftBagsService {
  constructor(
    private readonly db: Db,
    private readonly activities: ActivitiesService,
  ) {}

  async list(tenant: Tenant, activityId: number): Promise<GiftBagList> {
    const activity = await lotteryActivity(this.activities, this.db, tenant, activityId);
    const [lottery, bags, awards, drawn] = await Promise.all([
      repo.findLottery(this.db, activityId),
      repo.bagsOfActivity(this.db, activityId),
      repo.awardsOfActivities(this.db, tenant, [activityId]),
      hasDraws(this.db, activityId),
    ]);
    return {
      activityId,
      claimType: (lottery?.claimType as ClaimType | undefined) ?? DEFAULT_CLAIM_TYPE,
      claimFrequency: claimFrequencyOf(activity),
      version: lottery?.version ?? 1,
      drawn,
      giftBags: bags.map((bag) => toGiftBag(bag, awards)),
      pool: awards.filter((row) => row.award.giftBagId === null).map(toAward),
    };
  }

  async get(tenant: Tenant, giftBagId: number, db: DbOrTx = this.db): Promise<GiftBag> {
    const bag = await repo.findBag(db, tenant, giftBagId);
    if (!bag) throw AppError.notFound('gift bag', giftBagId);
    return toGiftBag(bag, await repo.awardsOfActivities(db, tenant, [bag.activityId]));
  }

  /** Sets how the lottery gives its bags; fixed once users have drawn. */
  async setClaimType(
    tenant: Tenant,
    activityId: number,
    { claimType, version }: { claimType: ClaimType; version: number },
    actor: Actor,
  ): Promise<GiftBagList> {
    await this.db.transaction(async (tx) => {
      await editableLottery(this.activities, tx, tenant, activityId);
      const lottery = await repo.lockLottery(tx, tenant, activityId);
      assertVersion(lottery.version, version, 'lottery.versionConflict');
      if (lottery.claimType === claimType) return;
      if (await hasDraws(tx, activityId)) throw AppError.conflict(ruleMessage('lottery.claimTypeFixed'));
      await repo.setClaimType(tx, activityId, claimType);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: 'activity',
        entityId: activityId,
        action: 'LOTTERY_CLAIM_TYPE',
        before: { claimType: lottery.claimType },
        after: { claimType },
      });
    });
    return this.list(tenant, activityId);
  }

  async create(tenant: Tenant, activityId: number, fields: GiftBagFields, actor: Actor): Promise<GiftBag> {
    return this.db.transaction(async (tx) => {
      await editableLottery(this.activities, tx, tenant, activityId);
      await repo.lockLottery(tx, tenant, activityId);
      if ((await repo.bagsOfActivity(tx, activityId)).length >= MAX_GIFT_BAGS)
        throw new RuleError(ruleMessage('giftBag.tooMany', { max: MAX_GIFT_BAGS }));
      await this.checkAwards(tx, activityId, fields.awardIds, null);
      const bag = await repo.insertBag(tx, {
        tenant,
        activityId,
        description: fields.description ?? null,
        lotteryQuota: fields.lotteryQuota,
      });
      await repo.setBagAwards(tx, bag.giftBagId, fields.awardIds);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: GIFT_BAG_ENTITY,
        entityId: bag.giftBagId,
        action: 'GIFT_BAG_CREATE',
        after: { activityId, ...fields },
      });
      return this.get(tenant, bag.giftBagId, tx);
    });
  }

  /** Updates a bag from the version read: its quota not below the wins given, its awards as named. */
  async update(
    tenant: Tenant,
    giftBagId: number,
    { version, ...fields }: GiftBagFields & { version: number },
    actor: Actor,
  ): Promise<GiftBag> {
    return this.db.transaction(async (tx) => {
      const stored = await this.lockedBag(tx, tenant, giftBagId);
      assertVersion(stored.version, version, 'giftBag.versionConflict');
      if (fields.lotteryQuota < stored.won)
        throw new RuleError(ruleMessage('giftBag.quotaBelowWon', { won: stored.won }));
      const before = await this.get(tenant, giftBagId, tx);
      const beforeIds = before.awards.map((award) => award.awardId);
      const leaving = before.awards.filter((award) => !fields.awardIds.includes(award.awardId));
      if (leaving.some((award) => award.issueAmount > 0))
        throw AppError.conflict(ruleMessage('award.givenFixed'));
      await this.checkAwards(tx, stored.activityId, fields.awardIds, giftBagId);
      await repo.updateBag(tx, giftBagId, {
        description: fields.description ?? null,
        lotteryQuota: fields.lotteryQuota,
      });
      await repo.setBagAwards(tx, giftBagId, fields.awardIds);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: GIFT_BAG_ENTITY,
        entityId: giftBagId,
        action: 'GIFT_BAG_UPDATE',
        before: { description: stored.description, lotteryQuota: stored.lotteryQuota, awardIds: beforeIds },
        after: fields,
      });
      return this.get(tenant, giftBagId, tx);
    });
  }

  /** Deletes a bag nobody won; its awards go back to the activity's pool. */
  async remove(tenant: Tenant, giftBagId: number, version: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const stored = await this.lockedBag(tx, tenant, giftBagId);
      assertVersion(stored.version, version, 'giftBag.versionConflict');
      if (stored.won > 0) throw AppError.conflict(ruleMessage('giftBag.won'));
      await repo.deleteBag(tx, giftBagId);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: GIFT_BAG_ENTITY,
        entityId: giftBagId,
        action: 'GIFT_BAG_DELETE',
        before: {
          activityId: stored.activityId,
          description: stored.description,
          lotteryQuota: stored.lotteryQuota,
        },
      });
    });
  }

  /** Takes one award out of a bag, back to the pool: not its last one (last-one), not one that gave. */
  async removeAward(tenant: Tenant, giftBagId: number, awardId: number, actor: Actor): Promise<GiftBag> {
    return this.db.transaction(async (tx) => {
      await this.lockedBag(tx, tenant, giftBagId);
      const bag = await this.get(tenant, giftBagId, tx);
      const award = bag.awards.find((held) => held.awardId === awardId);
      if (!award) throw AppError.notFound('award', awardId);
      if (bag.lastOne) throw AppError.conflict(ruleMessage('giftBag.lastAward'));
      if (award.issueAmount > 0) throw AppError.conflict(ruleMessage('award.givenFixed'));
      await repo.setBagAwards(
        tx,
        giftBagId,
        bag.awards.filter((held) => held.awardId !== awardId).map((held) => held.awardId),
      );
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: GIFT_BAG_ENTITY,
        entityId: giftBagId,
        action: 'GIFT_BAG_AWARD_REMOVE',
        before: { awardId },
      });
      return this.get(tenant, giftBagId, tx);
    });
  }

  /** The bag, its lottery editable and locked. */
  private async lockedBag(tx: DbOrTx, tenant: Tenant, giftBagId: number): Promise<repo.GiftBagRow> {
    const bag = await repo.findBag(tx, tenant, giftBagId);
    if (!bag) throw AppError.notFound('gift bag', giftBagId);
    await editableLottery(this.activities, tx, tenant, bag.activityId);
    await repo.lockLottery(tx, tenant, bag.activityId);
    return (await repo.findBag(tx, tenant, giftBagId))!;
  }

  /** Every award named must be the activity's and in no other bag. */
  private async checkAwards(
    tx: DbOrTx,
    activityId: number,
    awardIds: readonly number[],
    giftBagId: number | null,
  ): Promise<void> {
    const found = await repo.awardsIn(tx, activityId, awardIds);
    const missing = awardIds.filter((id) => !found.some((row) => row.awardId === id));
    if (missing.length > 0) throw new RuleError(ruleMessage('giftBag.unknownAward', { id: missing[0]! }));
    const elsewhere = found.find((row) => row.giftBagId !== null && row.giftBagId !== giftBagId);
    if (elsewhere) throw new RuleError(ruleMessage('giftBag.awardElsewhere', { id: elsewhere.awardId }));
    const given = found.find((row) => row.issueAmount > 0 && row.giftBagId !== giftBagId);
    if (given) throw AppError.conflict(ruleMessage('award.givenFixed'));
  }
}
