import { and, arrayContains, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { GenerateRecordFilter } from '@cmp/domain/coupons/coupon-batches';
import { COUPON_BATCH_STATUSES } from '@cmp/domain/coupons/coupon-statuses';
import { DEFAULT_COUPON_LIST_SORT, type COUPON_LIST_SORTABLE } from '@cmp/domain/coupons/coupon-types';
import type { DbOrTx } from '../../platform/db/database.js';
import { jobs } from '../../platform/jobs/jobs.tables.js';
import { defineList, type CursorColumns } from '../../platform/lists/define-list.js';
import { couponBatches, couponGenerateRecords, coupons } from './coupons.tables.js';

const qb = new QueryBuilder();

export type GenerateRecordRow = typeof couponGenerateRecords.$inferSelect;
export type NewGenerateRecord = typeof couponGenerateRecords.$inferInsert;

/** A record with the fields of its batch the lists show. */
const recordWithBatch = {
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

/** The record filter (spec M3.3.6) of one tenant. */
export type GenerateRecordScopedFilter = Omit<GenerateRecordFilter, 'sort'> & { tenant: Tenant };

/**
 * The record filter (spec M3.3.6), its account mobile resolved to the account first (one left in the
 * filter is one no account has, and matches nothing): statuses comma-joined (unknown ones match nothing),
 * the batch's business and type, who made it, an account it assigned coupons to, the record a code belongs
 * to, and the create-time range. All on `coupon_generate_records`, the batch and the code through id
 * subqueries.
 */
function generateRecordWhere({ tenant, ...filter }: GenerateRecordScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(couponGenerateRecords.tenant, tenant)];
  if (filter.accountMobile) conditions.push(sql`false`);
  if (filter.couponBatchId !== undefined) {
    conditions.push(eq(couponGenerateRecords.couponBatchId, filter.couponBatchId));
  }
  if (filter.generateType) conditions.push(eq(couponGenerateRecords.generateType, filter.generateType));
  if (filter.couponTypeCode || filter.couponBizCode) {
    conditions.push(
      inArray(
        couponGenerateRecords.couponBatchId,
        qb
          .select({ id: couponBatches.couponBatchId })
          .from(couponBatches)
          .where(
            and(
              eq(couponBatches.tenant, tenant),
              filter.couponTypeCode ? eq(couponBatches.couponTypeCode, filter.couponTypeCode) : undefined,
              filter.couponBizCode ? eq(couponBatches.couponBizCode, filter.couponBizCode) : undefined,
            ),
          ),
      ),
    );
  }
  if (filter.operatorAccount) {
    conditions.push(eq(couponGenerateRecords.operatorAccount, filter.operatorAccount));
  }
  if (filter.accountId) conditions.push(arrayContains(couponGenerateRecords.accountIds, [filter.accountId]));
  if (filter.couponUuid) {
    conditions.push(
      inArray(
        couponGenerateRecords.generateRecordId,
        qb
          .select({ id: coupons.generateRecordId })
          .from(coupons)
          .where(and(eq(coupons.tenant, tenant), eq(coupons.couponUuid, filter.couponUuid.toUpperCase()))),
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

const joined = <E extends Partial<CursorColumns>>(db: DbOrTx, extra: E = {} as E) =>
  db
    .select({ ...recordWithBatch, ...extra })
    .from(couponGenerateRecords)
    .innerJoin(couponBatches, eq(couponBatches.couponBatchId, couponGenerateRecords.couponBatchId));

/** The generate record list: newest first, in the order of `coupon_generate_records_time_idx`. */
export const generateRecordList = defineList({
  table: couponGenerateRecords,
  id: couponGenerateRecords.generateRecordId,
  sort: {
    keys: { createTime: couponGenerateRecords.createTime } satisfies Record<
      (typeof COUPON_LIST_SORTABLE)[number],
      AnyPgColumn
    >,
    default: DEFAULT_COUPON_LIST_SORT,
    nulls: 'low',
  },
  where: generateRecordWhere,
  select: (db, cursor) => joined(db, cursor).$dynamic(),
});

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

export async function insertGenerateRecord(
  tx: DbOrTx,
  values: NewGenerateRecord,
): Promise<GenerateRecordRow> {
  const [row] = await tx.insert(couponGenerateRecords).values(values).returning();
  return row!;
}

export async function setRecordJob(tx: DbOrTx, generateRecordId: number, jobId: number): Promise<void> {
  await tx
    .update(couponGenerateRecords)
    .set({ jobId })
    .where(eq(couponGenerateRecords.generateRecordId, generateRecordId));
}

/** Takes a new record's stock from its batch, which is then generating. */
export async function takeRecordStock(
  tx: DbOrTx,
  couponBatchId: number,
  amount: number,
  now: Date,
): Promise<void> {
  await tx
    .update(couponBatches)
    .set({
      stockAmount: sql`${couponBatches.stockAmount} - ${amount}`,
      status: 'processing',
      updateTime: now,
    })
    .where(eq(couponBatches.couponBatchId, couponBatchId));
}

/** The record's progress: `generated` coupons made so far. */
export async function markGenerated(
  tx: DbOrTx,
  generateRecordId: number,
  generated: number,
  now: Date,
): Promise<void> {
  await tx
    .update(couponGenerateRecords)
    .set({ generatedAmount: generated, status: 'processing', updateTime: now })
    .where(eq(couponGenerateRecords.generateRecordId, generateRecordId));
}

/** Records still being worked whose job ended without them: cancelled or failed after its tries. */
export async function orphanedRecords(db: DbOrTx) {
  return db
    .select({
      generateRecordId: couponGenerateRecords.generateRecordId,
      couponBatchId: couponGenerateRecords.couponBatchId,
      generateAmount: couponGenerateRecords.generateAmount,
      jobState: jobs.state,
    })
    .from(couponGenerateRecords)
    .innerJoin(jobs, eq(jobs.id, couponGenerateRecords.jobId))
    .where(
      and(
        inArray(couponGenerateRecords.status, UNFINISHED_RECORD_STATUSES),
        inArray(jobs.state, ['failed', 'cancelled']),
      ),
    );
}

/** How many coupons the record has made. */
export async function couponsMadeBy(tx: DbOrTx, generateRecordId: number): Promise<number> {
  const [made] = await tx
    .select({ n: count() })
    .from(coupons)
    .where(eq(coupons.generateRecordId, generateRecordId));
  return made!.n;
}

/** Ends a record still being worked in `status` with what it made; false when it had ended already. */
export async function endUnfinishedRecord(
  tx: DbOrTx,
  generateRecordId: number,
  status: 'failed' | 'killed',
  generated: number,
  now: Date,
): Promise<boolean> {
  const [record] = await tx
    .update(couponGenerateRecords)
    .set({ status, generatedAmount: generated, updateTime: now })
    .where(
      and(
        eq(couponGenerateRecords.generateRecordId, generateRecordId),
        inArray(couponGenerateRecords.status, UNFINISHED_RECORD_STATUSES),
      ),
    )
    .returning({ generateRecordId: couponGenerateRecords.generateRecordId });
  return record !== undefined;
}
