import { and, asc, eq, getTableColumns, gt, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import { DEFAULT_COUPON_LIST_SORT, type COUPON_LIST_SORTABLE } from '@cmp/domain/coupons/coupon-types';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList, type CursorColumns } from '../../platform/lists/define-list.js';
import type { CouponRow } from './coupon-issue.repo.js';
import { couponBatches, couponBindRecords, coupons } from './coupons.tables.js';

const qb = new QueryBuilder();

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
  sort: z.string().max(100).optional(),
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
  coupon: CouponRow;
  batch: { [K in keyof typeof batchColumns]: (typeof couponBatches.$inferSelect)[K] };
};

/** The query's conditions, all on `coupons` (the batch and the bind records through id subqueries). */
function couponWhere(query: Omit<CouponQuery, 'sort'>): SQL {
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
  if (query.bizCode !== undefined) {
    conditions.push(
      inArray(
        coupons.couponBatchId,
        qb
          .select({ id: couponBatches.couponBatchId })
          .from(couponBatches)
          .where(and(eq(couponBatches.tenant, query.tenant), eq(couponBatches.couponBizCode, query.bizCode))),
      ),
    );
  }
  if (query.boundOnly) conditions.push(isNotNull(coupons.accountId));
  if (query.operatorAccount !== undefined) {
    conditions.push(
      inArray(
        coupons.couponId,
        qb
          .select({ id: couponBindRecords.couponId })
          .from(couponBindRecords)
          .where(
            and(
              eq(couponBindRecords.tenant, query.tenant),
              eq(couponBindRecords.operatorAccount, query.operatorAccount),
            ),
          ),
      ),
    );
  }
  return and(...conditions)!;
}

const withBatch = <E extends Partial<CursorColumns>>(db: DbOrTx, extra: E = {} as E) =>
  db
    .select({ coupon: coupons, batch: batchColumns, ...extra })
    .from(coupons)
    .innerJoin(couponBatches, eq(couponBatches.couponBatchId, coupons.couponBatchId));

const createTimeKey = { createTime: coupons.createTime } satisfies Record<
  (typeof COUPON_LIST_SORTABLE)[number],
  AnyPgColumn
>;

/** The coupon record and deliver lists: newest first, in the order of `coupons_time_idx`. */
export const couponList = defineList({
  table: coupons,
  id: coupons.couponId,
  sort: { keys: createTimeKey, default: DEFAULT_COUPON_LIST_SORT, nulls: 'low' },
  where: couponWhere,
  select: (db, cursor) => withBatch(db, cursor).$dynamic(),
});

export async function findCoupon(
  db: DbOrTx,
  tenant: Tenant,
  couponId: number,
): Promise<CouponWithBatch | undefined> {
  const [row] = await withBatch(db).where(and(eq(coupons.tenant, tenant), eq(coupons.couponId, couponId)));
  return row;
}

/** A bind record with its coupon's code and its batch's name. */
export type BindRecordRow = typeof couponBindRecords.$inferSelect & { couponUuid: string; batchName: string };

/** The bind records of a tenant, of an account and of a batch when named. */
export interface BindRecordFilter {
  tenant: Tenant;
  accountId?: string;
  couponBatchId?: number;
}

const bindRecordWhere = (filter: BindRecordFilter): SQL =>
  and(
    eq(couponBindRecords.tenant, filter.tenant),
    filter.accountId === undefined ? undefined : eq(couponBindRecords.accountId, filter.accountId),
    filter.couponBatchId === undefined
      ? undefined
      : eq(couponBindRecords.couponBatchId, filter.couponBatchId),
  )!;

/** The bind records, newest first, in the order of `coupon_bind_records_time_idx`, with code and batch name. */
export const bindRecordList = defineList({
  table: couponBindRecords,
  id: couponBindRecords.bindRecordId,
  sort: {
    keys: { createTime: couponBindRecords.createTime } satisfies Record<
      (typeof COUPON_LIST_SORTABLE)[number],
      AnyPgColumn
    >,
    default: DEFAULT_COUPON_LIST_SORT,
    nulls: 'low',
  },
  where: bindRecordWhere,
  select: (db, cursor) =>
    db
      .select({
        ...getTableColumns(couponBindRecords),
        couponUuid: coupons.couponUuid,
        batchName: couponBatches.batchName,
        ...cursor,
      })
      .from(couponBindRecords)
      .innerJoin(coupons, eq(coupons.couponId, couponBindRecords.couponId))
      .innerJoin(couponBatches, eq(couponBatches.couponBatchId, couponBindRecords.couponBatchId))
      .$dynamic(),
});

const codeColumns = {
  couponId: coupons.couponId,
  couponUuid: coupons.couponUuid,
  status: coupons.status,
  accountId: coupons.accountId,
  generateRecordId: coupons.generateRecordId,
  effectiveDate: coupons.effectiveDate,
  expireDate: coupons.expireDate,
  bindDate: coupons.bindDate,
  createTime: coupons.createTime,
};

/** A batch's codes after coupon id `after`, in the order they were made (`coupons_batch_code_idx`). */
export const couponCodePage = (db: DbOrTx, couponBatchId: number, after: number, size: number) =>
  db
    .select(codeColumns)
    .from(coupons)
    .where(and(eq(coupons.couponBatchId, couponBatchId), gt(coupons.couponId, after)))
    .orderBy(asc(coupons.couponId))
    .limit(size);
export type CouponCodeRow = Awaited<ReturnType<typeof couponCodePage>>[number];
