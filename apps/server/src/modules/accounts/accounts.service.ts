import type { Tenant } from '@cmp/domain';
import type {
  AccountProfileSearchQuery,
  AccountSearchPage,
  AccountSearchQuery,
  PlatformAccount,
  SimpleAccount,
} from '@cmp/domain/accounts/account-contracts';
import { lookupAccounts, USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import type { PersonalCar } from '@cmp/domain/accounts/car-contracts';
import { LOOKUP_SUCCESS, type LookupResult } from '@cmp/domain/shared/batch-lookup';
import type { Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { regionLabel } from '../../platform/regions/region-data.js';
import * as repo from './accounts.repo.js';
import { auditMobileReveal, mobileFor } from '../../platform/auth/mobile-reveal.js';

/** Who reads accounts: whether they see mobiles whole, and who they are for the record of it. */
export interface AccountReader {
  reveal: boolean;
  actor: Actor;
}

const RESOURCE_NOT_FOUND = 'resource_not_found';

export const toPlatformAccount = (row: repo.AccountRow, reveal: boolean): PlatformAccount => ({
  accountId: row.accountId,
  channelCode: row.channelCode,
  channelUserId: row.channelUserId,
  countryCode: row.countryCode,
  mobile: mobileFor(row.mobile, reveal),
  avatar: row.avatar,
  name: row.name,
  nickName: row.nickName,
  isDefaultNickname: row.isDefaultNickname,
  gender: row.gender as PlatformAccount['gender'],
  birthday: row.birthday,
  usualCityCode: row.usualCityCode,
  usualCity: regionLabel(row.usualCityCode),
  email: row.email,
  appId: row.appId,
  sourceCode: row.sourceCode,
  udsUserId: row.udsUserId,
  medalImage: row.medalImage,
  intro: row.intro,
  isDelete: row.isDelete,
  createTime: row.createTime.getTime(),
  updateTime: row.updateTime.getTime(),
});

const toSimpleAccount = (row: repo.SimpleAccountRow, reveal: boolean): SimpleAccount => ({
  accountId: row.accountId,
  nickname: row.nickName,
  name: row.name,
  mobile: mobileFor(row.mobile, reveal),
});

export const toPersonalCar = (row: repo.CarRow): PersonalCar => ({
  userId: row.userId,
  vehicleId: row.vehicleId,
  plateNumber: row.plateNumber,
  color: row.color,
  modelId: row.modelId,
  brand: row.brand,
  model: row.model,
  modelSeries: row.modelSeries,
  ratedCapacityInAh: row.ratedCapacityInAh,
  ratedCapacityInKwh: row.ratedCapacityInKwh,
  ratedRange: row.ratedRange,
  bindingStatus: row.bindingStatus as PersonalCar['bindingStatus'],
  isPmSupported: row.isPmSupported,
  isPsSupported: row.isPsSupported,
  createTime: row.createTime.getTime(),
  updateTime: row.updateTime.getTime(),
});

/** A failed look-up: 404 with the look-up's code and what was not found, in the order asked for. */
function lookupFailure(resultCode: string, asked: readonly string[], missing: ReadonlySet<string>): AppError {
  const notFound = [...new Set(asked.filter((key) => missing.has(key)))];
  const [only] = notFound;
  return notFound.length === 1 && only !== undefined
    ? userNotFound(only, resultCode)
    : new AppError(
        404,
        resultCode,
        `${notFound.length} of the ${asked.length} users asked for were not found`,
        { missing: notFound },
        undefined,
        { key: 'accounts.usersNotFound', params: { count: notFound.length, asked: asked.length } },
      );
}

const userNotFound = (key: string, resultCode = USER_NOT_FOUND) =>
  new AppError(404, resultCode, `user ${key} not found`, { missing: [key] }, undefined, {
    key: 'accounts.userNotFound',
    params: { id: key },
  });

/**
 * Look-ups and searches of the tenant's platform accounts, as the spec's account service answers them
 * (core §7 "Session and users"). Batch look-ups go in chunks of 100 at once and answer all or nothing
 * (docs/decisions.md "Domain rules"). Every answer that showed mobiles whole is recorded in the audit.
 */
export class AccountsService {
  constructor(private readonly db: Db) {}

  /**
   * Runs a batch look-up of `keys`: each chunk answers its rows in its keys' order, or resource_not_found
   * when any key has no row, which `lookupAccounts` reports as user_not_found.
   */
  private async lookup(
    keys: readonly string[],
    find: (chunk: string[]) => Promise<Map<string, repo.SimpleAccountRow>>,
  ): Promise<repo.SimpleAccountRow[]> {
    const missing = new Set<string>();
    const result = await lookupAccounts(keys, async (chunk): Promise<LookupResult<repo.SimpleAccountRow>> => {
      const found = await find(chunk);
      const lost = chunk.filter((key) => !found.has(key));
      lost.forEach((key) => missing.add(key));
      return lost.length > 0
        ? { resultCode: RESOURCE_NOT_FOUND, data: [] }
        : { resultCode: LOOKUP_SUCCESS, data: chunk.map((key) => found.get(key)!) };
    });
    if (result.resultCode !== LOOKUP_SUCCESS) throw lookupFailure(result.resultCode, keys, missing);
    return result.data;
  }

  private async revealed(
    tenant: Tenant,
    reader: AccountReader,
    via: string,
    query: unknown,
    rows: readonly Pick<repo.SimpleAccountRow, 'accountId' | 'mobile'>[],
  ): Promise<void> {
    if (!reader.reveal) return;
    const accountIds = [...new Set(rows.filter((row) => row.mobile !== null).map((row) => row.accountId))];
    await auditMobileReveal(this.db, { actor: reader.actor, tenant, via, query, accountIds });
  }

  async byIds(
    tenant: Tenant,
    accountIds: readonly string[],
    reader: AccountReader,
  ): Promise<SimpleAccount[]> {
    const rows = await this.lookup(accountIds, async (chunk) => {
      const rows = await repo.simpleAccountsByIds(this.db, tenant, chunk);
      return new Map(rows.map((row) => [row.accountId, row]));
    });
    await this.revealed(tenant, reader, 'account_ids', { count: accountIds.length }, rows);
    return rows.map((row) => toSimpleAccount(row, reader.reveal));
  }

  async byMobiles(
    tenant: Tenant,
    countryCode: string,
    mobiles: readonly string[],
    reader: AccountReader,
  ): Promise<SimpleAccount[]> {
    const rows = await this.lookup(mobiles, async (chunk) => {
      const rows = await repo.simpleLiveAccountsByMobiles(this.db, tenant, countryCode, chunk);
      const byMobile = new Map<string, repo.SimpleAccountRow>();
      // The rows come latest updated first: that one answers for its mobile.
      for (const row of rows) if (!byMobile.has(row.mobile!)) byMobile.set(row.mobile!, row);
      return byMobile;
    });
    await this.revealed(tenant, reader, 'mobiles', { countryCode, count: mobiles.length }, rows);
    return rows.map((row) => toSimpleAccount(row, reader.reveal));
  }

  async byMobile(
    tenant: Tenant,
    countryCode: string,
    mobile: string,
    reader: AccountReader,
  ): Promise<PlatformAccount> {
    const [row] = await repo.liveAccountsByMobiles(this.db, tenant, countryCode, [mobile], 1);
    if (!row) throw userNotFound(mobile);
    await this.revealed(tenant, reader, 'mobile', { countryCode, mobile }, [row]);
    return toPlatformAccount(row, reader.reveal);
  }

  async byId(tenant: Tenant, accountId: string, reader: AccountReader): Promise<PlatformAccount> {
    const row = await repo.accountById(this.db, tenant, accountId);
    if (!row) throw userNotFound(accountId);
    await this.revealed(tenant, reader, 'account_id', { accountId }, [row]);
    return toPlatformAccount(row, reader.reveal);
  }

  /** By nickname or by mobile, `count` matches at most (account/profile/by_nickname and by_mobile). */
  async search(
    tenant: Tenant,
    query: AccountProfileSearchQuery,
    reader: AccountReader,
  ): Promise<PlatformAccount[]> {
    const byNickname = 'nick_name' in query;
    const rows = byNickname
      ? await repo.accountsByNickname(this.db, tenant, query.nick_name, query.strict, query.count)
      : await repo.liveAccountsByMobiles(this.db, tenant, query.country_code, [query.mobile], query.count);
    await this.revealed(tenant, reader, byNickname ? 'nickname' : 'mobile', query, rows);
    return rows.map((row) => toPlatformAccount(row, reader.reveal));
  }

  /** The user search of the look-up screen: a nickname search in nickname order unless sorted otherwise. */
  async list(tenant: Tenant, query: AccountSearchQuery, reader: AccountReader): Promise<AccountSearchPage> {
    const { pageNo, pageSize, sort, ...filter } = query;
    const page = await repo.accountSearchList.page(
      this.db,
      { ...filter, tenant, sort: sort ?? (filter.nickName ? 'nickName:asc' : undefined) },
      { pageNo, pageSize },
    );
    // Account ids are unique within a tenant only: a page's ids may also name another tenant's accounts.
    const rows = page.rows.map((row) => row.account).filter((row) => row.tenant === tenant);
    await this.revealed(tenant, reader, 'user_search', query, rows);
    return { items: rows.map((row) => toPlatformAccount(row, reader.reveal)), total: page.total };
  }

  /** The account's cars (vehicle users/{id}/my-cars); user_not_found for an account the tenant lacks. */
  async cars(tenant: Tenant, accountId: string): Promise<PersonalCar[]> {
    const [account, cars] = await Promise.all([
      repo.accountById(this.db, tenant, accountId),
      repo.carsOf(this.db, tenant, accountId),
    ]);
    if (!account) throw userNotFound(accountId);
    return cars.map(toPersonalCar);
  }

  /** What comments say of a commenter comes from here when the account is known. */
  async find(tenant: Tenant, accountId: string): Promise<repo.AccountRow | undefined> {
    return repo.accountById(this.db, tenant, accountId);
  }
}
