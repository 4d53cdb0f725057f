import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import {
  DEFAULT_POINT_RECORD_SORT,
  type POINT_RECORD_SORTABLE,
  type RewardRecordFilter,
} from '@cmp/domain/rewards/reward-record-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { accountDirectory } from '../accounts/accounts.views.js';
import { rewardRecords } from './rewards.tables.js';

export type RewardRecordRow = typeof rewardRecords.$inferSelect;

/** The reward record filter of one tenant; the point records are those of brand points (spec M3.4.2). */
export type PointScopedFilter = Omit<RewardRecordFilter, 'sort'> & { tenant: Tenant };

function searchCondition(f: PointScopedFilter): SQL | undefined {
  const text = f.searchInput;
  if (!text) return undefined;
  switch (f.searchInputSelect) {
    case 'mobile':
      return inArray(
        rewardRecords.accountId,
        sql`(select ${accountDirectory.accountId} from ${accountDirectory}
             where ${accountDirectory.tenant} = ${f.tenant} and ${accountDirectory.mobile} = ${text})`,
      );
    case 'accountId':
      return eq(rewardRecords.accountId, text);
    case 'resourceId':
      return eq(rewardRecords.resourceId, text);
    case 'resourceName':
      return contains(rewardRecords.resourceName, text);
  }
}

function pointWhere(f: PointScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(rewardRecords.tenant, f.tenant),
    f.rewardType === undefined ? undefined : eq(rewardRecords.rewardType, f.rewardType),
    searchCondition(f),
  ];
  if (f.activityId !== undefined) conditions.push(eq(rewardRecords.activityId, f.activityId));
  if (f.rewardState !== undefined) conditions.push(eq(rewardRecords.rewardState, f.rewardState));
  if (f.createTimeBegin !== undefined)
    conditions.push(gte(rewardRecords.createdAt, new Date(f.createTimeBegin)));
  // Stored times are finer than a millisecond: the whole end millisecond is inside the range.
  if (f.createTimeEnd !== undefined)
    conditions.push(lt(rewardRecords.createdAt, new Date(f.createTimeEnd + 1)));
  return and(...conditions)!;
}

export interface PointRecordRow {
  record: RewardRecordRow;
  userName: string | null;
  mobile: string | null;
}

/** The reward record list: the latest first, ties by id, with each record's user. */
export const rewardRecordList = defineList({
  table: rewardRecords,
  id: rewardRecords.recordId,
  sort: {
    keys: {
      createTime: rewardRecords.createdAt,
      rewardTime: rewardRecords.rewardTime,
      rewardAmount: rewardRecords.rewardUnits,
    } satisfies Record<(typeof POINT_RECORD_SORTABLE)[number], AnyPgColumn>,
    default: DEFAULT_POINT_RECORD_SORT,
    nulls: 'low',
  },
  where: pointWhere,
  select: (db, cursor) =>
    db
      .select({
        record: rewardRecords,
        userName: accountDirectory.name,
        mobile: accountDirectory.mobile,
        ...cursor,
      })
      .from(rewardRecords)
      .leftJoin(
        accountDirectory,
        and(
          eq(accountDirectory.tenant, rewardRecords.tenant),
          eq(accountDirectory.accountId, rewardRecords.accountId),
        ),
      )
      .$dynamic(),
});

/** The tenant's reward record, locked until the transaction ends. */
export async function lockRecord(
  tx: DbOrTx,
  tenant: Tenant,
  recordId: number,
): Promise<RewardRecordRow | undefined> {
  const [row] = await tx
    .select()
    .from(rewardRecords)
    .where(and(eq(rewardRecords.tenant, tenant), eq(rewardRecords.recordId, recordId)))
    .for('update');
  return row;
}

export async function updateRecord(
  tx: DbOrTx,
  recordId: number,
  values: Partial<typeof rewardRecords.$inferInsert>,
): Promise<RewardRecordRow> {
  const [row] = await tx
    .update(rewardRecords)
    .set(values)
    .where(eq(rewardRecords.recordId, recordId))
    .returning();
  return row!;
}
