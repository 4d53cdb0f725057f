import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { CouponBatchFilter } from '@cmp/domain/coupons/coupon-batches';
import type { DbOrTx } from '../../platform/db/database.js';
import type { CouponBatchRow } from './coupon-issue.js';
import { couponBatches } from './coupons.tables.js';

export type NewCouponBatch = typeof couponBatches.$inferInsert;

/** `%`, `_` and `\` typed in a name are matched as themselves. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function couponBatchWhere(tenant: Tenant, filter: CouponBatchFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(couponBatches.tenant, tenant)];
  if (filter.couponBatchId !== undefined)
    conditions.push(eq(couponBatches.couponBatchId, filter.couponBatchId));
  if (filter.couponBatchName) {
    const part = containing(filter.couponBatchName);
    conditions.push(or(ilike(couponBatches.batchName, part), ilike(couponBatches.couponName, part)));
  }
  if (filter.couponBizCode) conditions.push(eq(couponBatches.couponBizCode, filter.couponBizCode));
  if (filter.couponTypeCode) conditions.push(eq(couponBatches.couponTypeCode, filter.couponTypeCode));
  if (filter.status) conditions.push(eq(couponBatches.status, filter.status));
  if (filter.createTimeFrom !== undefined) {
    conditions.push(gte(couponBatches.createTime, new Date(filter.createTimeFrom)));
  }
  if (filter.createTimeTo !== undefined) {
    conditions.push(lte(couponBatches.createTime, new Date(filter.createTimeTo)));
  }
  return and(...conditions)!;
}

/** Newest first, ties by id, so pages never overlap (the order of `coupon_batches_time_idx`). */
const newestFirst = [desc(couponBatches.createTime), desc(couponBatches.couponBatchId)];

export async function countCouponBatches(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(couponBatches)
    .where(where);
  return row?.n ?? 0;
}

export async function listCouponBatches(
  db: DbOrTx,
  where: SQL,
  page: { offset: number; count: number },
): Promise<{ rows: CouponBatchRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(couponBatches)
      .where(where)
      .orderBy(...newestFirst)
      .limit(page.count)
      .offset(page.offset),
    countCouponBatches(db, where),
  ]);
  return { rows, total };
}

/** Where an export batch ended: the create time as the database prints it, and the id. */
export interface CouponBatchCursor {
  createTime: string;
  couponBatchId: number;
}

export async function exportCouponBatchBatch(
  db: DbOrTx,
  where: SQL,
  cursor: CouponBatchCursor | null,
  size: number,
): Promise<{ rows: CouponBatchRow[]; next: CouponBatchCursor | null }> {
  const after = cursor
    ? sql`(${couponBatches.createTime}, ${couponBatches.couponBatchId}) < (${cursor.createTime}::timestamptz, ${cursor.couponBatchId})`
    : undefined;
  const rows = await db
    .select({ row: couponBatches, cursorTime: sql<string>`${couponBatches.createTime}::text` })
    .from(couponBatches)
    .where(and(where, after))
    .orderBy(...newestFirst)
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => r.row),
    next:
      last && rows.length === size
        ? { createTime: last.cursorTime, couponBatchId: last.row.couponBatchId }
        : null,
  };
}

export async function findCouponBatch(
  db: DbOrTx,
  tenant: Tenant,
  couponBatchId: number,
): Promise<CouponBatchRow | undefined> {
  const [row] = await db
    .select()
    .from(couponBatches)
    .where(and(eq(couponBatches.tenant, tenant), eq(couponBatches.couponBatchId, couponBatchId)));
  return row;
}

/** The batch, locked until the transaction ends, so stock and status changes of it go one after another. */
export async function lockCouponBatch(
  tx: DbOrTx,
  couponBatchId: number,
): Promise<CouponBatchRow | undefined> {
  const [row] = await tx
    .select()
    .from(couponBatches)
    .where(eq(couponBatches.couponBatchId, couponBatchId))
    .for('update');
  return row;
}

export async function insertCouponBatch(tx: DbOrTx, row: NewCouponBatch): Promise<CouponBatchRow> {
  const [inserted] = await tx.insert(couponBatches).values(row).returning();
  return inserted!;
}
