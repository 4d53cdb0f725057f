import type { Tenant } from '@cmp/domain';
import { couponBatches } from '../modules/coupons/coupons.tables.js';
import type { DbOrTx } from '../platform/db/database.js';

type CouponBatchInsert = typeof couponBatches.$inferInsert;
export type CouponBatchFixture = typeof couponBatches.$inferSelect;

/**
 * A coupon batch straight in the database, as batch creation would have saved it: a fixed-date voucher of
 * 10 yuan valid through 2099 with `amount` coupons in stock, unless `fields` say otherwise.
 */
export async function insertCouponBatch(
  db: DbOrTx,
  tenant: Tenant,
  fields: Partial<Omit<CouponBatchInsert, 'tenant'>> = {},
): Promise<CouponBatchFixture> {
  const amount = fields.amount ?? 1000;
  const [row] = await db
    .insert(couponBatches)
    .values({
      tenant,
      couponName: '充电券',
      batchName: `批次-${amount}`,
      couponBizCode: 'charging_external',
      couponTypeCode: 'voucher',
      amount,
      stockAmount: amount,
      expireTypeCode: 'fixed_date',
      effectiveDate: new Date('2025-01-01T00:00:00+08:00'),
      expireDate: new Date('2099-12-31T23:59:59.999+08:00'),
      couponValue: 1000,
      operatorAccount: 'fixture',
      ...fields,
    })
    .returning();
  return row!;
}
