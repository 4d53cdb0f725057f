import { and, desc, eq, exists, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import { z } from 'zod';
import { Tenant as TenantSchema } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { couponBatches, couponBindRecords, coupons } from './coupons.tables.js';

/**
 * What the coupon record and deliver lists ask of `coupons`, their mobiles already turned into account
 * ids (`nothing` when a mobile has no account: the list is then empty, not an error). It is a job's
 * parameter when exported, so it stays plain data.
 */
export const CouponQuerySchema = z.object({
  tenant: TenantSchema,
  statuses: z.array(z.string().max(16)).max(10).default([]),
  createTimeFrom: z.number().int().optional(),
  createTimeTo: z.number().int().optional(),
  accountId: z.string().max(64).optional(),
  couponBatchId: z.number().int().optional(),
  operatorAccount: z.string().max(64).optional(),
  couponUuid: z.string().max(64).optional(),
  bizCode: z.string().max(32).optional(),
  /** Only coupons bound to an account (the deliver list). */
  boundOnly: z.boolean().default(false),
  nothing: z.boolean().default(false),
});
export type CouponQuery = z.infer<typeof CouponQuerySchema>;

/** The batch fields each coupon is shown with. */
const batchColumns = {
  couponName: couponBatches.couponName,
  batchName: couponBatches.batchName,
  couponBizCode: couponBatches.couponBizCode,
  couponTypeCode: couponBatches.couponTypeCode,
  couponValue: couponBatches.couponValue,
  imageUrl: couponBatches.imageUrl,
  couponDescription: couponBatches.couponDescription,
  isTransfer: couponBatches.isTransfer,
};
export type CouponWithBatch = {
  coupon: typeof coupons.$inferSelect;
  batch: { [K in keyof typeof batchColumns]: (typeof couponBatches.$inferSelect)[K] };
};

export function couponWhere(query: CouponQuery): SQL {
  if (query.nothing) return sql`false`;
  const conditions: (SQL | undefined)[] = [eq(coupons.tenant, query.tenant)];
  if (query.statuses.length > 0) conditions.push(inArray(coupons.status, query.statuses));
  if (query.createTimeFrom !== undefined)
    conditions.push(gte(coupons.createTime, new Date(query.createTimeFrom)));
  if (query.createTimeTo !== undefined)
    conditions.push(lte(coupons.createTime, new Date(query.createTimeTo)));
  if (query.accountId !== undefined) conditions.push(eq(coupons.accountId, query.accountId));
  if (query.couponBatchId !== undefined) conditions.push(eq(coupons.couponBatchId, query.couponBatchId));
  if (query.couponUuid !== undefined) conditions.push(eq(coupons.couponUuid, query.couponUuid));
  if (query.bizCode !== undefined) conditions.push(eq(couponBatches.couponBizCode, query.bizCode));
  if (query.boundOnly) conditions.push(isNotNull(coupons.accountId));
  if (query.operatorAccount !== undefined) {
    conditions.push(
      exists(
        sql`(select 1 from ${couponBindRecords} where ${couponBindRecords.couponId} = ${coupons.couponId} and ${couponBindRecords.operatorAccount} = ${query.operatorAccount})`,
      ),
    );
  }
  return and(...conditions)!;
}

/** Newest first, ties by id, so pages never overlap (the order of `coupons_time_idx`). */
const newestFirst = [desc(coupons.createTime), desc(coupons.couponId)];

const withBatch = (db: DbOrTx) =>
  db
    .select({ coupon: coupons, batch: batchColumns })
    .from(coupons)
    .innerJoin(couponBatches, eq(couponBatches.couponBatchId, coupons.couponBatchId));

export async function countCoupons(db: DbOrTx, query: CouponQuery): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(coupons)
    .innerJoin(couponBatches, eq(couponBatches.couponBatchId, coupons.couponBatchId))
    .where(couponWhere(query));
  return row?.n ?? 0;
}

export async function listCoupons(
  db: DbOrTx,
  query: CouponQuery,
  page: { offset: number; count: number },
): Promise<CouponWithBatch[]> {
  return withBatch(db)
    .where(couponWhere(query))
    .orderBy(...newestFirst)
    .limit(page.count)
    .offset(page.offset);
}

/** Where an export batch ended: the create time as the database prints it, and the id. */
export interface CouponCursor {
  createTime: string;
  couponId: number;
}

export async function exportCouponBatch(
  db: DbOrTx,
  query: CouponQuery,
  cursor: CouponCursor | null,
  size: number,
): Promise<{ rows: CouponWithBatch[]; next: CouponCursor | null }> {
  const after = cursor
    ? sql`(${coupons.createTime}, ${coupons.couponId}) < (${cursor.createTime}::timestamptz, ${cursor.couponId})`
    : undefined;
  const rows = await db
    .select({ coupon: coupons, batch: batchColumns, cursorTime: sql<string>`${coupons.createTime}::text` })
    .from(coupons)
    .innerJoin(couponBatches, eq(couponBatches.couponBatchId, coupons.couponBatchId))
    .where(and(couponWhere(query), after))
    .orderBy(...newestFirst)
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ coupon, batch }) => ({ coupon, batch })),
    next:
      last && rows.length === size ? { createTime: last.cursorTime, couponId: last.coupon.couponId } : null,
  };
}

export async function findCoupon(
  db: DbOrTx,
  tenant: Tenant,
  couponId: number,
): Promise<CouponWithBatch | undefined> {
  const [row] = await withBatch(db).where(and(eq(coupons.tenant, tenant), eq(coupons.couponId, couponId)));
  return row;
}

export interface BindRecordQuery {
  tenant: Tenant;
  accountId?: string;
  couponBatchId?: number;
}

export async function listBindRecords(
  db: DbOrTx,
  query: BindRecordQuery,
  page: { offset: number; count: number },
) {
  const where = and(
    eq(couponBindRecords.tenant, query.tenant),
    query.accountId === undefined ? undefined : eq(couponBindRecords.accountId, query.accountId),
    query.couponBatchId === undefined ? undefined : eq(couponBindRecords.couponBatchId, query.couponBatchId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        record: couponBindRecords,
        couponUuid: coupons.couponUuid,
        batchName: couponBatches.batchName,
      })
      .from(couponBindRecords)
      .innerJoin(coupons, eq(coupons.couponId, couponBindRecords.couponId))
      .innerJoin(couponBatches, eq(couponBatches.couponBatchId, couponBindRecords.couponBatchId))
      .where(where)
      .orderBy(desc(couponBindRecords.createTime), desc(couponBindRecords.bindRecordId))
      .limit(page.count)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(couponBindRecords)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
