import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import {
  DEFAULT_ACCOUNT_SEARCH_SORT,
  type ACCOUNT_SEARCH_SORTABLE,
  type AccountSearch,
} from '@cmp/domain/accounts/account-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import type { SortKey } from '../../platform/lists/list-order.js';
import { accounts, personalCars } from './accounts.tables.js';

export type AccountRow = typeof accounts.$inferSelect;
export type CarRow = typeof personalCars.$inferSelect;

/**
 * The rows whose `column` begins with `prefix`: a range the text_pattern_ops index answers whatever the
 * statement's plan (a `LIKE $1` with a parameter cannot use it in a generic plan), rechecked by `LIKE`
 * for the rare text past the range's end.
 */
function startsWith(column: typeof accounts.nickName, prefix: string): SQL {
  const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
  return sql`(${column} ~>=~ ${prefix} and ${column} ~<~ ${`${prefix}\u{10FFFF}`} and ${column} like ${pattern})`;
}

/** In the nickname index's own (byte) order, so that a page of matches is read from it in order. */
const byNickname = sql`${accounts.nickName} using ~<~`;

/** What a batch look-up answers of each account (a simple account): reading no more is most of its speed. */
const simpleColumns = {
  accountId: accounts.accountId,
  nickName: accounts.nickName,
  name: accounts.name,
  mobile: accounts.mobile,
};
export interface SimpleAccountRow {
  accountId: string;
  nickName: string | null;
  name: string | null;
  mobile: string | null;
}

/** The simple accounts of `ids`, in no order; missing ids have no row. */
export async function simpleAccountsByIds(
  db: DbOrTx,
  tenant: Tenant,
  ids: readonly string[],
): Promise<SimpleAccountRow[]> {
  return db
    .select(simpleColumns)
    .from(accounts)
    .where(and(eq(accounts.tenant, tenant), sql`${accounts.accountId} = any(${sql.param(ids)}::text[])`));
}

export async function accountById(
  db: DbOrTx,
  tenant: Tenant,
  accountId: string,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.tenant, tenant), eq(accounts.accountId, accountId)));
  return row;
}

const liveByMobiles = (tenant: Tenant, countryCode: string, mobiles: readonly string[]) =>
  and(
    eq(accounts.tenant, tenant),
    sql`${accounts.mobile} = any(${sql.param(mobiles)}::text[])`,
    eq(accounts.countryCode, countryCode),
    eq(accounts.isDelete, false),
  );
// The latest updated first: a mobile held by two live accounts answers the one changed last.
const latestFirst = [desc(accounts.updateTime), asc(accounts.accountId)];

/**
 * The live accounts of `mobiles`: a deleted account's mobile may belong to a new account since, so deleted
 * accounts are never found by mobile.
 */
export async function liveAccountsByMobiles(
  db: DbOrTx,
  tenant: Tenant,
  countryCode: string,
  mobiles: readonly string[],
  limit: number,
): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(liveByMobiles(tenant, countryCode, mobiles))
    .orderBy(...latestFirst)
    .limit(limit);
}

/** The same as simple accounts, for a batch look-up. */
export async function simpleLiveAccountsByMobiles(
  db: DbOrTx,
  tenant: Tenant,
  countryCode: string,
  mobiles: readonly string[],
): Promise<SimpleAccountRow[]> {
  return db
    .select(simpleColumns)
    .from(accounts)
    .where(liveByMobiles(tenant, countryCode, mobiles))
    .orderBy(...latestFirst);
}

/** Accounts by nickname, its beginning unless `strict`, in nickname order, deleted ones too. */
export async function accountsByNickname(
  db: DbOrTx,
  tenant: Tenant,
  nickName: string,
  strict: boolean,
  limit: number,
): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.tenant, tenant),
        strict ? eq(accounts.nickName, nickName) : startsWith(accounts.nickName, nickName),
      ),
    )
    .orderBy(byNickname, asc(accounts.accountId))
    .limit(limit);
}

export type AccountSearchFilter = Omit<AccountSearch, 'sort'> & { tenant: Tenant };

function accountWhere({ tenant, ...filter }: AccountSearchFilter): SQL {
  return and(
    eq(accounts.tenant, tenant),
    filter.accountId ? eq(accounts.accountId, filter.accountId) : undefined,
    filter.mobile ? eq(accounts.mobile, filter.mobile) : undefined,
    filter.appId ? eq(accounts.appId, filter.appId) : undefined,
    filter.nickName
      ? filter.strict
        ? eq(accounts.nickName, filter.nickName)
        : startsWith(accounts.nickName, filter.nickName)
      : undefined,
  )!;
}

/** The user search of the look-up screen: by account id unless asked otherwise. */
export const accountSearchList = defineList({
  table: accounts,
  id: accounts.accountId,
  sort: {
    keys: {
      accountId: accounts.accountId,
      // Byte order, the nickname index's own (text_pattern_ops compares bytes).
      nickName: { key: sql`${accounts.nickName} collate "C"`, type: 'text', nullable: true },
    } satisfies Record<(typeof ACCOUNT_SEARCH_SORTABLE)[number], SortKey>,
    default: DEFAULT_ACCOUNT_SEARCH_SORT,
  },
  where: accountWhere,
  select: (db, cursor) =>
    db
      .select({ account: accounts, ...cursor })
      .from(accounts)
      .$dynamic(),
});

/** An account's cars: bound ones first, then the latest bound first. */
export async function carsOf(db: DbOrTx, tenant: Tenant, accountId: string): Promise<CarRow[]> {
  return db
    .select()
    .from(personalCars)
    .where(and(eq(personalCars.tenant, tenant), eq(personalCars.userId, accountId)))
    .orderBy(asc(personalCars.bindingStatus), desc(personalCars.createTime), asc(personalCars.vehicleId));
}
