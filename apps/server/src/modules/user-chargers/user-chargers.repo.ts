import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import { ACCOUNT_COUNTRY_CODE } from '@cmp/domain/accounts/account-lookup';
import type { DbOrTx } from '../../platform/db/database.js';
import { accountDirectory, liveAccountOf } from '../accounts/accounts.views.js';
import { userChargers } from './user-chargers.tables.js';

export type UserChargerRow = typeof userChargers.$inferSelect;
type UserChargerFields = Omit<typeof userChargers.$inferInsert, 'tenant' | 'resourceId' | 'receivedAt'>;

// xmax is 0 on a row version the statement inserted, and the updating transaction's id otherwise.
const inserted = sql<boolean>`(xmax = 0)`;

/**
 * Stores the charger, or updates it when `updateTime` is not older than the stored one's: a retry or a late
 * delivery never undoes a newer sending. Answers whether the row is new.
 */
export async function upsertCharger(
  db: DbOrTx,
  tenant: Tenant,
  resourceId: string,
  fields: UserChargerFields,
): Promise<{ created: boolean }> {
  const columns = getTableColumns(userChargers);
  const set = Object.fromEntries(
    Object.keys(fields).map((key) => [
      key,
      sql.raw(`excluded.${columns[key as keyof UserChargerFields].name}`),
    ]),
  ) as Record<keyof UserChargerFields, SQL>;
  const [row] = await db
    .insert(userChargers)
    .values({ tenant, resourceId, ...fields })
    .onConflictDoUpdate({
      target: [userChargers.tenant, userChargers.resourceId],
      set: { ...set, receivedAt: sql`now()` },
      setWhere: sql`${userChargers.updateTime} <= excluded.update_time`,
    })
    .returning({ created: inserted });
  return { created: row?.created ?? false };
}

export async function deleteCharger(db: DbOrTx, tenant: Tenant, resourceId: string): Promise<boolean> {
  const rows = await db
    .delete(userChargers)
    .where(and(eq(userChargers.tenant, tenant), eq(userChargers.resourceId, resourceId)))
    .returning({ resourceId: userChargers.resourceId });
  return rows.length > 0;
}

/** An account's chargers, the latest changed first. */
export async function chargersOf(
  db: DbOrTx,
  tenant: Tenant,
  ownerId: string,
  limit: number,
): Promise<UserChargerRow[]> {
  return db
    .select()
    .from(userChargers)
    .where(and(eq(userChargers.tenant, tenant), eq(userChargers.ownerId, ownerId)))
    .orderBy(desc(userChargers.updateTime), asc(userChargers.resourceId))
    .limit(limit);
}

export async function accountExists(db: DbOrTx, tenant: Tenant, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ accountId: accountDirectory.accountId })
    .from(accountDirectory)
    .where(and(eq(accountDirectory.tenant, tenant), eq(accountDirectory.accountId, accountId)));
  return row !== undefined;
}

/** What the reported-station screens show of a reporter. */
const reporterColumns = {
  accountId: accountDirectory.accountId,
  nickName: accountDirectory.nickName,
  name: accountDirectory.name,
  mobile: accountDirectory.mobile,
  avatar: accountDirectory.avatar,
  usualCityCode: accountDirectory.usualCityCode,
  createTime: accountDirectory.createTime,
};
export interface ReporterRow {
  accountId: string;
  nickName: string | null;
  name: string | null;
  mobile: string | null;
  avatar: string | null;
  usualCityCode: string | null;
  createTime: Date;
}

/**
 * The live account holding a mobile (country code 86): a deleted account's mobile may belong to someone
 * else since; of two live holders, the one changed last.
 */
export async function reporterByMobile(
  db: DbOrTx,
  tenant: Tenant,
  mobile: string,
): Promise<ReporterRow | undefined> {
  const [row] = await db
    .select(reporterColumns)
    .from(accountDirectory)
    .where(
      and(
        eq(accountDirectory.tenant, tenant),
        eq(accountDirectory.mobile, mobile),
        eq(accountDirectory.countryCode, ACCOUNT_COUNTRY_CODE),
        eq(accountDirectory.isDelete, false),
      ),
    )
    .orderBy(desc(accountDirectory.updateTime), asc(accountDirectory.accountId))
    .limit(1);
  return row;
}

/** A live account by its id: a deleted reporter is shown as nobody. */
export async function reporterById(
  db: DbOrTx,
  tenant: Tenant,
  accountId: string,
): Promise<ReporterRow | undefined> {
  const [row] = await db
    .select(reporterColumns)
    .from(accountDirectory)
    .where(liveAccountOf(tenant, accountId));
  return row;
}
