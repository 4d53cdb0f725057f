import { and, eq, inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
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

/** The coupon names of the tenant's batches among `ids`, by batch id (a batch of another tenant is left out). */
export async function couponNamesOf(
  db: DbOrTx,
  tenant: Tenant,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: couponBatchNames.couponBatchId, name: couponBatchNames.couponName })
    .from(couponBatchNames)
    .where(
      and(eq(couponBatchNames.tenant, tenant), inArray(couponBatchNames.couponBatchId, [...new Set(ids)])),
    );
  return new Map(rows.map((row) => [row.id, row.name]));
}
