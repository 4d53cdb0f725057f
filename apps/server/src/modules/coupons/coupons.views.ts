import { QueryBuilder } from 'drizzle-orm/pg-core';
import { couponBatches } from './coupons.tables.js';

/* What other modules may read of coupons: read-only views the module keeps stable whatever its tables become. */
const qb = new QueryBuilder();

/** A batch's names and tenant: what an activity's rewards show and check. */
export const couponBatchNames = qb
  .select({
    couponBatchId: couponBatches.couponBatchId,
    tenant: couponBatches.tenant,
    couponName: couponBatches.couponName,
    batchName: couponBatches.batchName,
  })
  .from(couponBatches)
  .as('coupon_batch_names');
