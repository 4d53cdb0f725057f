import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AccountIngested, CarIngested } from '@cmp/domain/accounts/account-ingest';
import { USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { SignedClient } from '../../platform/signed-clients/signed-routes.js';
import { accounts, personalCars } from './accounts.tables.js';

/** `set column = excluded.column` for every column named, as an upsert's update. */
function fromExcluded<T extends Record<string, PgColumn>>(columns: T, names: readonly (keyof T)[]) {
  return Object.fromEntries(
    names.map((name) => [name, sql.raw(`excluded.${columns[name]!.name}`)]),
  ) as Record<keyof T, SQL>;
}

// xmax is 0 on a row version the statement inserted, and the updating transaction's id otherwise.
const inserted = sql<boolean>`(xmax = 0)`;

/**
 * Accounts and cars as the tenant's app back end sends them, each keyed by the service's own id within the
 * client's tenant. A sending whose `updateTime` is older than the row's changes nothing, so a retry or a late
 * delivery never undoes a newer one; sending the same twice leaves the same row. Like comments, what the
 * apps send writes no operation record: the row says when it came (docs/decisions.md "Accounts and app users").
 */
export class AccountIngestService {
  constructor(private readonly db: Db) {}

  async upsertAccount(client: SignedClient, input: AccountIngested): Promise<{ created: boolean }> {
    const fields = {
      channelCode: input.channelCode ?? null,
      channelUserId: input.channelUserId ?? null,
      countryCode: input.countryCode,
      mobile: input.mobile ?? null,
      avatar: input.avatar ?? null,
      name: input.name ?? null,
      nickName: input.nickName ?? null,
      isDefaultNickname: input.isDefaultNickname,
      gender: input.gender,
      birthday: input.birthday ?? null,
      usualCityCode: input.usualCityCode ?? null,
      email: input.email ?? null,
      appId: input.appId ?? null,
      sourceCode: input.sourceCode ?? null,
      udsUserId: input.udsUserId ?? null,
      medalImage: input.medalImage ?? null,
      intro: input.intro ?? null,
      createTime: new Date(input.createTime),
      updateTime: new Date(input.updateTime),
    };
    const [row] = await this.db
      .insert(accounts)
      .values({ tenant: client.tenant, accountId: input.accountId, ...fields })
      .onConflictDoUpdate({
        target: [accounts.tenant, accounts.accountId],
        set: {
          ...fromExcluded(getTableColumns(accounts), Object.keys(fields) as (keyof typeof fields)[]),
          receivedAt: sql`now()`,
        },
        setWhere: sql`${accounts.updateTime} <= excluded.update_time`,
      })
      .returning({ created: inserted });
    return { created: row?.created ?? false };
  }

  /** Marks the account deleted and keeps it: comments, relations and paths still name who it was. */
  async deleteAccount(client: SignedClient, accountId: string): Promise<void> {
    const [row] = await this.db
      .update(accounts)
      .set({ isDelete: true, receivedAt: sql`now()` })
      .where(and(eq(accounts.tenant, client.tenant), eq(accounts.accountId, accountId)))
      .returning({ accountId: accounts.accountId });
    if (!row)
      throw new AppError(404, USER_NOT_FOUND, `user ${accountId} not found`, { missing: [accountId] });
  }

  async upsertCar(client: SignedClient, input: CarIngested): Promise<{ created: boolean }> {
    const [owner] = await this.db
      .select({ accountId: accounts.accountId })
      .from(accounts)
      .where(and(eq(accounts.tenant, client.tenant), eq(accounts.accountId, input.userId)));
    if (!owner) {
      throw new AppError(404, USER_NOT_FOUND, `user ${input.userId} not found: send the account first`, {
        missing: [input.userId],
      });
    }
    const fields = {
      userId: input.userId,
      plateNumber: input.plateNumber ?? null,
      color: input.color ?? null,
      modelId: input.modelId ?? null,
      brand: input.brand ?? null,
      model: input.model ?? null,
      modelSeries: input.modelSeries ?? null,
      ratedCapacityInAh: input.ratedCapacityInAh ?? null,
      ratedCapacityInKwh: input.ratedCapacityInKwh ?? null,
      ratedRange: input.ratedRange ?? null,
      bindingStatus: input.bindingStatus,
      isPmSupported: input.isPmSupported,
      isPsSupported: input.isPsSupported,
      createTime: new Date(input.createTime),
      updateTime: new Date(input.updateTime),
    };
    const [row] = await this.db
      .insert(personalCars)
      .values({ tenant: client.tenant, vehicleId: input.vehicleId, ...fields })
      .onConflictDoUpdate({
        target: [personalCars.tenant, personalCars.vehicleId],
        set: {
          ...fromExcluded(getTableColumns(personalCars), Object.keys(fields) as (keyof typeof fields)[]),
          receivedAt: sql`now()`,
        },
        setWhere: sql`${personalCars.updateTime} <= excluded.update_time`,
      })
      .returning({ created: inserted });
    return { created: row?.created ?? false };
  }

  /** The user unbound the car in the app: it stays, unbound. */
  async unbindCar(client: SignedClient, vehicleId: string): Promise<void> {
    const [row] = await this.db
      .update(personalCars)
      .set({ bindingStatus: 'unbound', receivedAt: sql`now()` })
      .where(and(eq(personalCars.tenant, client.tenant), eq(personalCars.vehicleId, vehicleId)))
      .returning({ vehicleId: personalCars.vehicleId });
    if (!row) throw AppError.notFound('car', vehicleId);
  }
}
