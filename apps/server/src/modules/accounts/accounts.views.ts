import { and, eq, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { accounts, personalCars } from './accounts.tables.js';

/*
 * What other modules may read of the apps' accounts: read-only views (subqueries the planner flattens into
 * the query that joins them, so they cost what the table would), which the module keeps stable whatever its
 * tables become. Accounts and cars are written by the account service of the apps' back end only.
 */
const qb = new QueryBuilder();

/** An account as comments, relations, paths, invitations, reports and coupons show and find it. */
export const accountDirectory = qb
  .select({
    tenant: accounts.tenant,
    accountId: accounts.accountId,
    mobile: accounts.mobile,
    countryCode: accounts.countryCode,
    name: accounts.name,
    nickName: accounts.nickName,
    gender: accounts.gender,
    avatar: accounts.avatar,
    medalImage: accounts.medalImage,
    intro: accounts.intro,
    udsUserId: accounts.udsUserId,
    usualCityCode: accounts.usualCityCode,
    isDelete: accounts.isDelete,
    /** The account service's own times of the account. */
    createTime: accounts.createTime,
    updateTime: accounts.updateTime,
  })
  .from(accounts)
  .as('account_directory');

/** The tenant's account of this id, unless it is deleted: the only account that plans, claims or reports. */
export const liveAccountOf = (tenant: Tenant, accountId: string): SQL =>
  and(
    eq(accountDirectory.tenant, tenant),
    eq(accountDirectory.accountId, accountId),
    eq(accountDirectory.isDelete, false),
  )!;

export async function liveAccountExists(db: DbOrTx, tenant: Tenant, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ accountId: accountDirectory.accountId })
    .from(accountDirectory)
    .where(liveAccountOf(tenant, accountId));
  return row !== undefined;
}

/** A car an account bound in the app, as the paths it plans name it. */
export const personalCarDirectory = qb
  .select({
    tenant: personalCars.tenant,
    vehicleId: personalCars.vehicleId,
    userId: personalCars.userId,
    model: personalCars.model,
  })
  .from(personalCars)
  .as('personal_car_directory');
