import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import {
  CouponAbandonFilterSchema,
  type CouponAbandon,
  type CouponAbandonListQuery,
  type CouponAbandonPage,
  type CouponAbandonRecord,
} from '@cmp/domain/coupons/coupon-records';
import { ruleMessage } from '@cmp/domain/messages/format';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import * as repo from './coupon-abandon.repo.js';
import { COUPON_ABANDON_SHEET } from './coupon-abandon.export.js';
import { lockTenantBatch } from './coupon-batches.repo.js';
import { operatorOf } from './coupon-issue.service.js';

export const COUPON_ABANDON_ENTITY = 'coupon_abandon';

/** The export's query: the list's filter with the tenant. */
export const AbandonExportFilterSchema = CouponAbandonFilterSchema.extend({ tenant: TenantSchema });

export const toAbandonRecord = (row: repo.AbandonRecordRow): CouponAbandonRecord => ({
  id: row.couponAbandonRecordId,
  abandonType: row.abandonType as CouponAbandonRecord['abandonType'],
  value: row.value,
  batchId: row.couponBatchId,
  batchName: row.batchName,
  abandonAmount: row.abandonAmount,
  operatorAccount: row.operatorAccount,
  remark: row.remark,
  createTime: row.createTime.getTime(),
});

/** A record or batch id given as the abandon's value: digits only, else 400 on `value`. */
function idOf(value: string): number {
  const id = /^\d{1,15}$/.test(value) ? Number(value) : 0;
  if (id < 1) throw AppError.validation([{ path: 'body.value', message: 'must be a positive whole number' }]);
  return id;
}

const nothingToAbandon = () => AppError.conflict(ruleMessage('couponAbandon.nothing'));

/**
 * Abandons coupons (spec M3.3.11, M7.1.14) by code, by generate record, by account (optionally of one
 * batch) or a whole batch, which also ends the batch (status killed) so nothing more is issued from it.
 * Only coupons not yet used, expired or abandoned are taken, unclaimed codes included; the batches'
 * counters move in the same statement, and the record with its operator and remark and the audit in the
 * same transaction. An abandon that takes nothing (and ends no batch) is refused with 409.
 */
export class CouponAbandonService {
  constructor(private readonly db: Db) {}

  async abandon(tenant: Tenant, body: CouponAbandon, actor: Actor): Promise<CouponAbandonRecord> {
    return this.db.transaction(async (tx) => {
      let closedBatch: number | undefined;
      let target: repo.AbandonTarget;
      switch (body.abandonType) {
        case 'coupon_uuid':
          target = { couponUuid: body.value };
          break;
        case 'coupon_generate_record_id':
          target = { generateRecordId: idOf(body.value) };
          break;
        case 'account_id':
          target = { accountId: body.value };
          break;
        case 'coupon_batch_id':
          closedBatch = await this.closeBatch(tx, tenant, idOf(body.value));
          target = { couponBatchId: closedBatch };
          break;
      }
      const retired = await repo.retireCoupons(
        tx,
        repo.abandonTargets(tenant, target, body.couponBatchId),
        'abandon',
      );
      const total = retired.reduce((sum, batch) => sum + batch.total, 0);
      if (total === 0 && closedBatch === undefined) throw nothingToAbandon();
      const batchId =
        closedBatch ?? body.couponBatchId ?? (retired.length === 1 ? retired[0]!.couponBatchId : null);
      const record = await repo.insertAbandonRecord(tx, {
        tenant,
        abandonType: body.abandonType,
        value: body.value,
        couponBatchId: batchId,
        batchName: batchId === null ? null : await repo.batchNameOf(tx, batchId),
        abandonAmount: total,
        operatorAccount: operatorOf(actor),
        remark: body.remark,
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: COUPON_ABANDON_ENTITY,
        entityId: record.couponAbandonRecordId,
        action: 'COUPON_ABANDON',
        after: { ...body, abandonAmount: total, batches: retired },
      });
      return toAbandonRecord(record);
    });
  }

  /** Ends the tenant's batch (killed); 404 when it has none, 409 when it is ended already with nothing left. */
  private async closeBatch(tx: DbOrTx, tenant: Tenant, couponBatchId: number): Promise<number> {
    const batch = await lockTenantBatch(tx, tenant, couponBatchId);
    if (!batch) throw AppError.notFound('coupon batch', couponBatchId);
    if (batch.status === 'killed' && !(await repo.hasUnusedCoupons(tx, couponBatchId))) {
      throw nothingToAbandon();
    }
    await repo.killBatch(tx, couponBatchId, new Date());
    return couponBatchId;
  }

  async list(tenant: Tenant, query: CouponAbandonListQuery): Promise<CouponAbandonPage> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.abandonRecordList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return { items: page.rows.map(toAbandonRecord), total: page.total };
  }

  /** The list as an export (`platform/export`): the same filter and order, read batch by batch by key. */
  readonly export = listExport({
    list: 'coupon-abandon-records',
    query: AbandonExportFilterSchema,
    sheet: COUPON_ABANDON_SHEET,
    rows: repo.abandonRecordList,
    items: (rows) => rows.map(toAbandonRecord),
  });
}
