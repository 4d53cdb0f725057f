import { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import type { RewardState } from '@cmp/domain/activities/reward-states';
import { ruleMessage } from '@cmp/domain/messages/format';
import {
  BRAND_POINTS,
  RewardRecordFilterSchema,
  type PointRecord,
  type RewardRecordListQuery,
  type ReissueResult,
  type ReissueBody,
  type PointRecordListQuery,
  type PointRecordPage,
  type RewardType,
} from '@cmp/domain/rewards/reward-record-contracts';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { auditMobileReveal, mobileFor } from '../../platform/auth/mobile-reveal.js';
import type { Db } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import type { ActivitiesService } from '../activities/activities.service.js';
import { grantCoupons } from '../coupons/coupon-issue.service.js';
import { POINT_RECORD_EXPORT, REWARD_RECORD_EXPORT } from './reward-records.export.js';
import * as repo from './reward-records.repo.js';
import type { MobileReader } from './mobile-reader.js';

export const REWARD_RECORD_ENTITY = 'reward_record';

/** A reward record export's query: the list's filter, the tenant, and whether mobiles show whole. */
export const RewardRecordExportFilterSchema = RewardRecordFilterSchema.extend({
  tenant: TenantSchema,
  reveal: z.boolean(),
});

/**
 * Reward records: the point records (spec M3.4, M7.4; brand points, docs/decisions.md "Point records"),
 * every reward of the engine and the draws, and the reissue of a failed one (M3.2.11, M7.3.21).
 */
export class RewardRecordsService {
  constructor(
    private readonly db: Db,
    private readonly activities: ActivitiesService,
    private readonly clock: () => number = Date.now,
  ) {}

  async list(tenant: Tenant, query: RewardRecordListQuery, reader: MobileReader): Promise<PointRecordPage> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.rewardRecordList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    const items = await this.present(page.rows, reader.reveal);
    if (reader.reveal) {
      await auditMobileReveal(this.db, {
        actor: reader.actor,
        tenant,
        via: filter.rewardType === BRAND_POINTS ? 'point_records' : 'reward_records',
        query: filter,
        accountIds: [...new Set(page.rows.filter((row) => row.mobile).map((row) => row.record.accountId))],
      });
    }
    return { items, total: page.total };
  }

  /** The point records: the rewards of brand points. */
  pointRecords(tenant: Tenant, query: PointRecordListQuery, reader: MobileReader): Promise<PointRecordPage> {
    return this.list(tenant, { ...query, rewardType: BRAND_POINTS }, reader);
  }

  readonly pointExport = listExport({
    list: 'rewards.point-records',
    query: RewardRecordExportFilterSchema,
    sheet: POINT_RECORD_EXPORT,
    rows: repo.rewardRecordList,
    items: (rows, query) => this.present(rows, query.reveal),
  });

  readonly export = listExport({
    list: 'rewards.reward-records',
    query: RewardRecordExportFilterSchema,
    sheet: REWARD_RECORD_EXPORT,
    rows: repo.rewardRecordList,
    items: (rows, query) => this.present(rows, query.reveal),
  });

  private async present(rows: repo.PointRecordRow[], reveal: boolean): Promise<PointRecord[]> {
    const names = await this.activities.names(rows.map((row) => row.record.activityId));
    return rows.map(({ record, userName, mobile }) => ({
      recordId: record.recordId,
      activityId: record.activityId,
      activityName: names.get(record.activityId) ?? '',
      accountId: record.accountId,
      userName,
      mobile: mobileFor(mobile, reveal),
      vehicleId: record.vehicleId,
      resourceId: record.resourceId,
      resourceName: record.resourceName,
      rewardType: record.rewardType as RewardType,
      rewardCode: record.rewardCode,
      rewardName: record.rewardName,
      rewardAmount: record.rewardUnits,
      rewardState: record.rewardState as RewardState,
      failReason: record.failReason,
      reissueDesc: record.reissueDesc,
      couponIds: record.couponIds,
      drawLogId: record.drawLogId,
      extResourceType: record.extResourceType,
      extResourceId: record.extResourceId,
      rewardTime: record.rewardTime?.getTime() ?? null,
      createTime: record.createdAt.getTime(),
    }));
  }

  /**
   * Reissues a failed reward (state 2) with what staff give in its place: coupons of a batch of the tenant or
   * brand points. State 3 on success; a coupon failure refuses with its code (spec M8) and leaves the record
   * failed. Refused (409) for a reward that did not fail.
   */
  async reissue(tenant: Tenant, body: ReissueBody, actor: Actor): Promise<ReissueResult> {
    return this.db.transaction(async (tx) => {
      const stored = await repo.lockRecord(tx, tenant, body.recordId);
      if (!stored) throw AppError.notFound('reward record', body.recordId);
      if (stored.rewardState !== 2) throw AppError.conflict(ruleMessage('reward.notFailed'));
      const couponIds =
        body.rewardType === 'pe_coupon'
          ? await grantCoupons(tx, {
              tenant,
              couponBatchId: Number(body.rewardCode),
              accountId: stored.accountId,
              amount: body.rewardUnits,
              operatorAccount: actor.userName ?? 'system',
            })
          : [];
      const row = await repo.updateRecord(tx, stored.recordId, {
        rewardType: body.rewardType,
        rewardCode: body.rewardType === 'pe_coupon' ? (body.rewardCode ?? null) : null,
        rewardUnits: body.rewardUnits,
        rewardName: body.rewardName,
        rewardState: 3,
        reissueDesc: body.reissueDesc ?? null,
        couponIds,
        rewardTime: new Date(this.clock()),
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: REWARD_RECORD_ENTITY,
        entityId: stored.recordId,
        action: 'REWARD_REISSUE',
        before: {
          rewardType: stored.rewardType,
          rewardCode: stored.rewardCode,
          rewardUnits: stored.rewardUnits,
          rewardName: stored.rewardName,
          rewardState: stored.rewardState,
          failReason: stored.failReason,
        },
        after: { ...body, rewardState: 3, couponIds },
      });
      return { recordId: row.recordId, rewardState: 3 as const, couponIds };
    });
  }
}
