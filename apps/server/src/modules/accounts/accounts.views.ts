import { QueryBuilder } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.tables.js';

/*
 * What other modules may read of the apps' accounts: a read-only view (a subquery the planner flattens into
 * the query that joins it, so it costs what the table would), which the module keeps stable whatever its
 * table becomes. Accounts are written by the account service of the apps' back end only.
 */
const qb = new QueryBuilder();

/** An account as comments, relations, paths, invitations and coupons show and find it. */
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
    isDelete: accounts.isDelete,
  })
  .from(accounts)
  .as('account_directory');
