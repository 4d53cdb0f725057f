import type { Tenant } from '@cmp/domain';
import type { AwardType } from '@cmp/domain/activities/gift-bags';
import { giftBagAwardId } from '@cmp/domain/activities/gift-bags';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { MAX_AWARDS_PER_ACTIVITY, type Award, type AwardFields } from '@cmp/domain/rewards/award-contracts';
import { MAX_AWARDS_PER_BAG } from '@cmp/domain/rewards/gift-bag-contracts';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { assertVersion, changedFields } from '../../platform/audit/edits.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { ActivitiesService } from '../activities/activities.service.js';
import { editableLottery } from './lottery-activities.js';
import * as repo from './lottery-setup.repo.js';

export const AWARD_ENTITY = 'award';

export function toAward({ award, couponName, bagQuota, bagWon }: repo.AwardView): Award {
  const left = award.awardAmount - award.issueAmount;
  return {
    activityId: award.activityId,
    awardId: award.awardId,
    awardType: award.awardType as AwardType,
    awardCode: award.awardCode,
    couponBatchName: couponName,
    awardTitle: award.awardTitle,
    awardSubTitle: award.awardSubTitle,
    awardImage: award.awardImage,
    needLogistics: award.needLogistics,
    awardUnits: award.awardUnits,
    awardAmount: award.awardAmount,
    issueAmount: award.issueAmount,
    surplusAmount: left,
    remainingAmount: left,
    remainingNumber: left * award.awardUnits,
    lotteryQuota: bagQuota,
    remainingQuota: bagQuota === null ? null : bagQuota - (bagWon ?? 0),
    giftBagId: award.giftBagId,
    giftBagAwardId: award.giftBagId === null ? null : giftBagAwardId(award.giftBagId, award.awardId),
    version: award.version,
    createTime: award.createdAt.getTime(),
    updateTime: award.updatedAt.getTime(),
  };
}

/** The stored award as a save compares it and the audit shows it. */
const editableOf = (row: repo.AwardRow) => ({
  awardType: row.awardType,
  awardCode: row.awardCode,
  awardTitle: row.awardTitle,
  awardSubTitle: row.awardSubTitle,
  awardImage: row.awardImage,
  needLogistics: row.needLogistics,
  awardUnits: row.awardUnits,
  awardAmount: row.awardAmount,
  giftBagId: row.giftBagId,
});

const columnsOf = (fields: AwardFields) => ({
  awardType: fields.awardType,
  awardCode: fields.awardCode,
  awardTitle: fields.awardTitle,
  awardSubTitle: fields.awardSubTitle ?? null,
  awardImage: fields.awardImage ?? null,
  needLogistics: fields.needLogistics,
  awardUnits: fields.awardUnits,
  awardAmount: fields.awardAmount,
  giftBagId: fields.giftBagId ?? null,
});

/**
 * Awards of lottery activities (spec M3.2.1, M7.3.16–19; docs/decisions.md "Awards and gift bags"): each a
 * coupon batch's coupons with a stock of wins, in one of the activity's gift bags or in its pool. A change
 * takes the lottery's lock, so it waits for draws in flight and they see it whole.
 */
export class AwardsService {
  constructor(
    private readonly db: Db,
    private readonly activities: ActivitiesService,
  ) {}

  async list(tenant: Tenant, activityIds: readonly number[]): Promise<Award[]> {
    return (await repo.awardsOfActivities(this.db, tenant, activityIds)).map(toAward);
  }

  async get(tenant: Tenant, activityId: number, awardId: number, db: DbOrTx = this.db): Promise<Award> {
    const row = await repo.findAward(db, tenant, awardId);
    if (!row || row.award.activityId !== activityId) throw AppError.notFound('award', awardId);
    return toAward(row);
  }

  async create(tenant: Tenant, activityId: number, fields: AwardFields, actor: Actor): Promise<Award> {
    return this.db.transaction(async (tx) => {
      await editableLottery(this.activities, tx, tenant, activityId);
      await repo.lockLottery(tx, tenant, activityId);
      const held = await repo.awardsOfActivities(tx, tenant, [activityId]);
      if (held.length >= MAX_AWARDS_PER_ACTIVITY)
        throw new RuleError(ruleMessage('award.tooMany', { max: MAX_AWARDS_PER_ACTIVITY }));
      await this.checkReferences(tx, tenant, activityId, fields, undefined);
      const row = await repo.insertAward(tx, { tenant, activityId, ...columnsOf(fields) });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: AWARD_ENTITY,
        entityId: row.awardId,
        action: 'AWARD_CREATE',
        after: { activityId, ...editableOf(row) },
      });
      return this.get(tenant, activityId, row.awardId, tx);
    });
  }

  /**
   * Updates an award from the version read. Its stock cannot go below the wins given; once it gave a win,
   * its batch, units and bag stay as they were (the draws name them).
   */
  async update(
    tenant: Tenant,
    activityId: number,
    awardId: number,
    { version, ...fields }: AwardFields & { version: number },
    actor: Actor,
  ): Promise<Award> {
    return this.db.transaction(async (tx) => {
      await editableLottery(this.activities, tx, tenant, activityId);
      await repo.lockLottery(tx, tenant, activityId);
      const stored = await this.stored(tx, tenant, activityId, awardId);
      assertVersion(stored.version, version, 'award.versionConflict');
      const next = columnsOf(fields);
      if (next.awardAmount < stored.issueAmount)
        throw new RuleError(ruleMessage('award.amountBelowIssued', { issued: stored.issueAmount }));
      const changes = changedFields(editableOf(stored), next);
      const fixed = (['awardCode', 'awardUnits', 'giftBagId', 'awardType'] as const).filter((key) =>
        changes.changed.includes(key),
      );
      if (stored.issueAmount > 0 && fixed.length > 0)
        throw AppError.conflict(ruleMessage('award.givenFixed'));
      await this.checkReferences(tx, tenant, activityId, fields, stored);
      if (changes.changed.length > 0) {
        await repo.updateAward(tx, awardId, next);
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: AWARD_ENTITY,
          entityId: awardId,
          action: 'AWARD_UPDATE',
          before: changes.before,
          after: changes.after,
        });
      }
      return this.get(tenant, activityId, awardId, tx);
    });
  }

  /** Deletes an award that gave nothing and is not the last of its bag (spec M3.2.5). */
  async remove(tenant: Tenant, activityId: number, awardId: number, version: number, actor: Actor) {
    await this.db.transaction(async (tx) => {
      await editableLottery(this.activities, tx, tenant, activityId);
      await repo.lockLottery(tx, tenant, activityId);
      const stored = await this.stored(tx, tenant, activityId, awardId);
      assertVersion(stored.version, version, 'award.versionConflict');
      if (stored.issueAmount > 0) throw AppError.conflict(ruleMessage('award.given'));
      if (stored.giftBagId !== null && (await this.isLastOfBag(tx, stored.giftBagId)))
        throw AppError.conflict(ruleMessage('giftBag.lastAward'));
      await repo.deleteAward(tx, awardId);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: AWARD_ENTITY,
        entityId: awardId,
        action: 'AWARD_DELETE',
        before: { activityId, ...editableOf(stored) },
      });
    });
  }

  private async stored(tx: DbOrTx, tenant: Tenant, activityId: number, awardId: number) {
    const row = await repo.findAward(tx, tenant, awardId);
    if (!row || row.award.activityId !== activityId) throw AppError.notFound('award', awardId);
    return row.award;
  }

  private async isLastOfBag(tx: DbOrTx, giftBagId: number): Promise<boolean> {
    return ((await repo.bagSizes(tx, [giftBagId])).get(giftBagId) ?? 0) <= 1;
  }

  /** The batch must be the tenant's; a bag named must be the activity's, with room, and not left empty. */
  private async checkReferences(
    tx: DbOrTx,
    tenant: Tenant,
    activityId: number,
    fields: AwardFields,
    stored: repo.AwardRow | undefined,
  ): Promise<void> {
    if (!(await repo.hasCouponBatch(tx, tenant, Number(fields.awardCode))))
      throw new RuleError(ruleMessage('award.unknownBatch', { id: fields.awardCode }));
    const bagId = fields.giftBagId ?? null;
    if (
      stored &&
      stored.giftBagId !== null &&
      stored.giftBagId !== bagId &&
      (await this.isLastOfBag(tx, stored.giftBagId))
    )
      throw AppError.conflict(ruleMessage('giftBag.lastAward'));
    if (bagId === null || bagId === stored?.giftBagId) return;
    const bag = await repo.findBag(tx, tenant, bagId);
    if (!bag || bag.activityId !== activityId) throw new RuleError(ruleMessage('award.bagNotInActivity'));
    if (((await repo.bagSizes(tx, [bagId])).get(bagId) ?? 0) >= MAX_AWARDS_PER_BAG)
      throw new RuleError(ruleMessage('giftBag.full', { max: MAX_AWARDS_PER_BAG }));
  }
}
