import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { Tenant as TenantSchema } from '@cmp/domain';
import { COUPON_ABANDON_BY } from '@cmp/domain/coupons/coupon-records';
import type { DbOrTx } from '../../platform/db/database.js';
import { couponAbandonRecords } from './coupons.tables.js';

export type AbandonRecordRow = typeof couponAbandonRecords.$inferSelect;

/** The abandon record list's filter with its tenant: an export job's parameter, so plain data. */
export const AbandonQuerySchema = z.object({
  tenant: TenantSchema,
  couponAbandonRecordId: z.number().int().optional(),
  abandonType: z.enum(COUPON_ABANDON_BY).optional(),
  value: z.string().max(64).optional(),
  operatorAccount: z.string().max(64).optional(),
});
export type AbandonQuery = z.infer<typeof AbandonQuerySchema>;

const whereOf = (query: AbandonQuery): SQL =>
  and(
    eq(couponAbandonRecords.tenant, query.tenant),
    query.couponAbandonRecordId === undefined
      ? undefined
      : eq(couponAbandonRecords.couponAbandonRecordId, query.couponAbandonRecordId),
    query.abandonType === undefined ? undefined : eq(couponAbandonRecords.abandonType, query.abandonType),
    query.value === undefined ? undefined : eq(couponAbandonRecords.value, query.value),
    query.operatorAccount === undefined
      ? undefined
      : eq(couponAbandonRecords.operatorAccount, query.operatorAccount),
  )!;

const newestFirst = [desc(couponAbandonRecords.createTime), desc(couponAbandonRecords.couponAbandonRecordId)];

export async function countAbandonRecords(db: DbOrTx, query: AbandonQuery): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(couponAbandonRecords)
    .where(whereOf(query));
  return row?.n ?? 0;
}

export async function listAbandonRecords(
  db: DbOrTx,
  query: AbandonQuery,
  page: { offset: number; count: number },
): Promise<AbandonRecordRow[]> {
  return db
    .select()
    .from(couponAbandonRecords)
    .where(whereOf(query))
    .orderBy(...newestFirst)
    .limit(page.count)
    .offset(page.offset);
}

export interface AbandonCursor {
  createTime: string;
  id: number;
}

export async function exportAbandonBatch(
  db: DbOrTx,
  query: AbandonQuery,
  cursor: AbandonCursor | null,
  size: number,
): Promise<{ rows: AbandonRecordRow[]; next: AbandonCursor | null }> {
  const after = cursor
    ? sql`(${couponAbandonRecords.createTime}, ${couponAbandonRecords.couponAbandonRecordId}) < (${cursor.createTime}::timestamptz, ${cursor.id})`
    : undefined;
  const rows = await db
    .select({ row: couponAbandonRecords, cursorTime: sql<string>`${couponAbandonRecords.createTime}::text` })
    .from(couponAbandonRecords)
    .where(and(whereOf(query), after))
    .orderBy(...newestFirst)
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => r.row),
    next:
      last && rows.length === size
        ? { createTime: last.cursorTime, id: last.row.couponAbandonRecordId }
        : null,
  };
}
