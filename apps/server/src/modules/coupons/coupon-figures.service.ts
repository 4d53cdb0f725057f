import { desc, eq, sum } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { Db } from '../../platform/db/database.js';
import { couponBatches } from './coupons.tables.js';

export interface CouponFigures {
  issued: number;
  assigned: number;
  used: number;
  batches: { couponBatchId: number; batchName: string; issued: number; used: number }[];
}

/**
 * What the home dashboard reads of the tenant's coupons: the counters every batch keeps in the statement
 * that makes, assigns or uses its coupons, added over the tenant's batches (a few hundred rows, not the
 * coupons).
 */
export class CouponFiguresService {
  constructor(private readonly db: Db) {}

  async figures(tenant: Tenant, newestBatches: number): Promise<CouponFigures> {
    const [totals] = await this.db
      .select({
        issued: sum(couponBatches.createdAmount).mapWith(Number),
        assigned: sum(couponBatches.assignedAmount).mapWith(Number),
        used: sum(couponBatches.usedAmount).mapWith(Number),
      })
      .from(couponBatches)
      .where(eq(couponBatches.tenant, tenant));
    const batches = await this.db
      .select({
        couponBatchId: couponBatches.couponBatchId,
        batchName: couponBatches.batchName,
        issued: couponBatches.createdAmount,
        used: couponBatches.usedAmount,
      })
      .from(couponBatches)
      .where(eq(couponBatches.tenant, tenant))
      .orderBy(desc(couponBatches.createTime), desc(couponBatches.couponBatchId))
      .limit(newestBatches);
    return {
      issued: totals?.issued ?? 0,
      assigned: totals?.assigned ?? 0,
      used: totals?.used ?? 0,
      batches,
    };
  }
}
