import { and, arrayContains, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { GenerateRecordFilter } from '@cmp/domain/coupons/coupon-batches';
import { COUPON_BATCH_STATUSES } from '@cmp/domain/coupons/coupon-statuses';
import type { DbOrTx } from '../../platform/db/database.js';
import { couponBatches, couponGenerateRecords, coupons } from './coupons.tables.js';

export type GenerateRecordRow = typeof couponGenerateRecords.$inferSelect;
export type NewGenerateRecord = typeof couponGenerateRecords.$inferInsert;

/** A record with the fields of its batch the lists show. */
export const recordWithBatch = {
  record: couponGenerateRecords,
  couponBizCode: couponBatches.couponBizCode,
  couponTypeCode: couponBatches.couponTypeCode,
  couponValue: couponBatches.couponValue,
  batchName: couponBatches.batchName,
  couponName: couponBatches.couponName,
};
export type GenerateRecordWithBatch = {
  record: GenerateRecordRow;
  couponBizCode: string;
  couponTypeCode: string;
  couponValue: number;
  batchName: string;
  couponName: string;
};

/** Statuses of a record still being worked. */
export const UNFINISHED_RECORD_STATUSES = ['created', 'processing'];

/**
 * The record filter (spec M3.3.6), its account mobile resolved to the account first (one left in the
 * filter is one no account has, and matches nothing): statuses
 * comma-joined (unknown ones match nothing), the batch's business and type, who made it, an account it
 * assigned coupons to, the record a code belongs to, and the create-time range.
 */
export function generateRecordWhere(tenant: Tenant, filter: GenerateRecordFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(couponGenerateRecords.tenant, tenant)];
  if (filter.accountMobile) conditions.push(sql`false`);
  if (filter.couponBatchId !== undefined) {
    conditions.push(eq(couponGenerateRecords.couponBatchId, filter.couponBatchId));
  }
  if (filter.generateType) conditions.push(eq(couponGenerateRecords.generateType, filter.generateType));
  if (filter.couponTypeCode) conditions.push(eq(couponBatches.couponTypeCode, filter.couponTypeCode));
  if (filter.couponBizCode) conditions.push(eq(couponBatches.couponBizCode, filter.couponBizCode));
  if (filter.operatorAccount) {
    conditions.push(eq(couponGenerateRecords.operatorAccount, filter.operatorAccount));
  }
  if (filter.accountId) conditions.push(arrayContains(couponGenerateRecords.accountIds, [filter.accountId]));
  if (filter.couponUuid) {
    conditions.push(
      inArray(
        couponGenerateRecords.generateRecordId,
        sql`(select ${coupons.generateRecordId} from ${coupons} where ${coupons.tenant} = ${tenant} and ${coupons.couponUuid} = ${filter.couponUuid.toUpperCase()})`,
      ),
    );
  }
  if (filter.status) {
    const statuses = filter.status
      .split(',')
      .map((status) => status.trim())
      .filter((status) => (COUPON_BATCH_STATUSES as readonly string[]).includes(status));
    conditions.push(statuses.length > 0 ? inArray(couponGenerateRecords.status, statuses) : sql`false`);
  }
  if (filter.createTimeFrom !== undefined) {
    conditions.push(gte(couponGenerateRecords.createTime, new Date(filter.createTimeFrom)));
  }
  if (filter.createTimeTo !== undefined) {
    conditions.push(lte(couponGenerateRecords.createTime, new Date(filter.createTimeTo)));
  }
  return and(...conditions)!;
}

const newestFirst = [desc(couponGenerateRecords.createTime), desc(couponGenerateRecords.generateRecordId)];

const joined = (db: DbOrTx) =>
  db
    .select(recordWithBatch)
    .from(couponGenerateRecords)
    .innerJoin(couponBatches, eq(couponBatches.couponBatchId, couponGenerateRecords.couponBatchId));

export async function countGenerateRecords(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(couponGenerateRecords)
    .innerJoin(couponBatches, eq(couponBatches.couponBatchId, couponGenerateRecords.couponBatchId))
    .where(where);
  return row?.n ?? 0;
}

export async function listGenerateRecords(
  db: DbOrTx,
  where: SQL,
  page: { offset: number; count: number },
): Promise<{ rows: GenerateRecordWithBatch[]; total: number }> {
  const [rows, total] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(page.count)
      .offset(page.offset),
    countGenerateRecords(db, where),
  ]);
  return { rows, total };
}

export interface GenerateRecordCursor {
  createTime: string;
  generateRecordId: number;
}

export async function exportGenerateRecordBatch(
  db: DbOrTx,
  where: SQL,
  cursor: GenerateRecordCursor | null,
  size: number,
): Promise<{ rows: GenerateRecordWithBatch[]; next: GenerateRecordCursor | null }> {
  const after = cursor
    ? sql`(${couponGenerateRecords.createTime}, ${couponGenerateRecords.generateRecordId}) < (${cursor.createTime}::timestamptz, ${cursor.generateRecordId})`
    : undefined;
  const rows = await db
    .select({ ...recordWithBatch, cursorTime: sql<string>`${couponGenerateRecords.createTime}::text` })
    .from(couponGenerateRecords)
    .innerJoin(couponBatches, eq(couponBatches.couponBatchId, couponGenerateRecords.couponBatchId))
    .where(and(where, after))
    .orderBy(...newestFirst)
    .limit(size);
  const last = rows.at(-1);
  return {
    rows,
    next:
      last && rows.length === size
        ? { createTime: last.cursorTime, generateRecordId: last.record.generateRecordId }
        : null,
  };
}

export async function findGenerateRecord(
  db: DbOrTx,
  tenant: Tenant,
  generateRecordId: number,
): Promise<GenerateRecordWithBatch | undefined> {
  const [row] = await joined(db).where(
    and(
      eq(couponGenerateRecords.tenant, tenant),
      eq(couponGenerateRecords.generateRecordId, generateRecordId),
    ),
  );
  return row;
}

export async function findGenerateRecordById(
  db: DbOrTx,
  generateRecordId: number,
): Promise<GenerateRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(couponGenerateRecords)
    .where(eq(couponGenerateRecords.generateRecordId, generateRecordId));
  return row;
}

/** How many of the record's coupons are in each status. */
export async function couponsOfRecordByStatus(
  db: DbOrTx,
  generateRecordId: number,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: coupons.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(coupons)
    .where(eq(coupons.generateRecordId, generateRecordId))
    .groupBy(coupons.status);
  return new Map(rows.map((row) => [row.status, row.n]));
}

/**
 * Ends a record in `status` unless it ended already, and finishes its batch once no record of it is
 * still generating. The batch row is locked first, so two records ending at once cannot both see the
 * other as still generating.
 */
export async function endGenerateRecord(
  tx: DbOrTx,
  record: Pick<GenerateRecordRow, 'generateRecordId' | 'couponBatchId'>,
  status: 'finished' | 'failed' | 'killed',
  now: Date,
): Promise<void> {
  await tx
    .select({ id: couponBatches.couponBatchId })
    .from(couponBatches)
    .where(eq(couponBatches.couponBatchId, record.couponBatchId))
    .for('update');
  await tx
    .update(couponGenerateRecords)
    .set({ status, updateTime: now })
    .where(
      and(
        eq(couponGenerateRecords.generateRecordId, record.generateRecordId),
        inArray(couponGenerateRecords.status, UNFINISHED_RECORD_STATUSES),
      ),
    );
  await tx
    .update(couponBatches)
    .set({ status: 'finished', updateTime: now })
    .where(
      and(
        eq(couponBatches.couponBatchId, record.couponBatchId),
        eq(couponBatches.status, 'processing'),
        sql`not exists (select 1 from ${couponGenerateRecords} where ${couponGenerateRecords.couponBatchId} = ${record.couponBatchId} and ${couponGenerateRecords.status} in ('created', 'processing'))`,
      ),
    );
}
