import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type {
  CouponAbandon,
  CouponAbandonList,
  CouponAbandonListQuery,
  CouponAbandonRecord,
} from '@cmp/domain/coupons/coupon-records';
import { ruleMessage } from '@cmp/domain/messages/format';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import * as repo from './coupon-abandon.repo.js';
import { retireCoupons } from './coupon-abandon.retire.js';
import { operatorOf } from './coupon-sending.js';
import { couponAbandonRecords, couponBatches, coupons } from './coupons.tables.js';

export const COUPON_ABANDON_ENTITY = 'coupon_abandon';

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
      const conditions: (SQL | undefined)[] = [eq(coupons.tenant, tenant)];
      if (body.couponBatchId !== undefined) conditions.push(eq(coupons.couponBatchId, body.couponBatchId));
      let closedBatch: number | undefined;
      switch (body.abandonType) {
        case 'coupon_uuid':
          conditions.push(eq(coupons.couponUuid, body.value));
          break;
        case 'coupon_generate_record_id':
          conditions.push(eq(coupons.generateRecordId, idOf(body.value)));
          break;
        case 'account_id':
          conditions.push(eq(coupons.accountId, body.value));
          break;
        case 'coupon_batch_id':
          closedBatch = await this.closeBatch(tx, tenant, idOf(body.value));
          conditions.push(eq(coupons.couponBatchId, closedBatch));
          break;
      }
      const retired = await retireCoupons(tx, and(...conditions)!, 'abandon');
      const total = retired.reduce((sum, batch) => sum + batch.total, 0);
      if (total === 0 && closedBatch === undefined) throw nothingToAbandon();
      const batchId =
        closedBatch ?? body.couponBatchId ?? (retired.length === 1 ? retired[0]!.couponBatchId : null);
      const [batch] =
        batchId === null
          ? []
          : await tx
              .select({ batchName: couponBatches.batchName })
              .from(couponBatches)
              .where(eq(couponBatches.couponBatchId, batchId));
      const [record] = await tx
        .insert(couponAbandonRecords)
        .values({
          tenant,
          abandonType: body.abandonType,
          value: body.value,
          couponBatchId: batchId,
          batchName: batch?.batchName ?? null,
          abandonAmount: total,
          operatorAccount: operatorOf(actor),
          remark: body.remark,
        })
        .returning();
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: COUPON_ABANDON_ENTITY,
        entityId: record!.couponAbandonRecordId,
        action: 'COUPON_ABANDON',
        after: { ...body, abandonAmount: total, batches: retired },
      });
      return toAbandonRecord(record!);
    });
  }

  /** Ends the tenant's batch (killed); 404 when it has none, 409 when it is ended already with nothing left. */
  private async closeBatch(tx: DbOrTx, tenant: Tenant, couponBatchId: number): Promise<number> {
    const [batch] = await tx
      .select({ status: couponBatches.status })
      .from(couponBatches)
      .where(and(eq(couponBatches.tenant, tenant), eq(couponBatches.couponBatchId, couponBatchId)))
      .for('update');
    if (!batch) throw AppError.notFound('coupon batch', couponBatchId);
    if (batch.status === 'killed') {
      const [left] = await tx
        .select({ couponId: coupons.couponId })
        .from(coupons)
        .where(
          and(eq(coupons.couponBatchId, couponBatchId), inArray(coupons.status, ['created', 'assigned'])),
        )
        .limit(1);
      if (!left) throw nothingToAbandon();
    }
    await tx
      .update(couponBatches)
      .set({ status: 'killed', updateTime: new Date() })
      .where(eq(couponBatches.couponBatchId, couponBatchId));
    return couponBatchId;
  }

  async list(tenant: Tenant, query: CouponAbandonListQuery): Promise<CouponAbandonList> {
    const { offset, count, ...filter } = query;
    const where = repo.AbandonQuerySchema.parse({ ...filter, tenant });
    const [rows, total] = await Promise.all([
      repo.listAbandonRecords(this.db, where, { offset, count }),
      repo.countAbandonRecords(this.db, where),
    ]);
    return { list: rows.map(toAbandonRecord), offset, count, total };
  }
}
