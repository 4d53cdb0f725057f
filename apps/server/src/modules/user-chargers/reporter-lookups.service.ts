import type { Tenant } from '@cmp/domain';
import {
  lookupAccountOrPlaceholder,
  NOT_FOUND_ACCOUNT_ID,
  USER_NOT_FOUND,
} from '@cmp/domain/accounts/account-lookup';
import {
  CHARGER_BIND_MAX,
  type ChargerBindByMobile,
  type ReporterAccount,
} from '@cmp/domain/accounts/user-chargers';
import { LOOKUP_SUCCESS, type LookupResult } from '@cmp/domain/shared/batch-lookup';
import type { Db } from '../../platform/db/database.js';
import type { AccountReader } from '../accounts/accounts.service.js';
import { auditMobileReveal, mobileFor } from '../../platform/auth/mobile-reveal.js';
import { regionLabel } from '../../platform/regions/region-data.js';
import { toUserCharger } from './user-chargers.service.js';
import * as repo from './user-chargers.repo.js';

/**
 * What `find` finds of an account, or null when it finds nobody and when it fails: the look-up answers a
 * placeholder either way (spec §8), so a report's page never fails on its reporter.
 */
async function findOrNull<T extends { account: repo.ReporterRow }>(
  find: () => Promise<T | undefined>,
): Promise<T | null> {
  const found = await lookupAccountOrPlaceholder(async (): Promise<LookupResult<T>> => {
    const hit = await find();
    return hit ? { resultCode: LOOKUP_SUCCESS, data: [hit] } : { resultCode: USER_NOT_FOUND, data: [] };
  });
  return 'account' in found ? found : null;
}

const justTheAccount = async (row: Promise<repo.ReporterRow | undefined>) => {
  const account = await row;
  return account && { account };
};

/**
 * The reporter look-ups of the reported-station screens (spec C7.7.6–C7.7.8): an account by mobile or id,
 * and a user's home chargers by mobile. Mobiles are whole for operators, and that is recorded.
 */
export class ReporterLookupsService {
  constructor(private readonly db: Db) {}

  private async revealed(
    tenant: Tenant,
    reader: AccountReader,
    via: string,
    query: unknown,
    account: repo.ReporterRow,
  ): Promise<void> {
    if (!reader.reveal || account.mobile === null) return;
    await auditMobileReveal(this.db, {
      actor: reader.actor,
      tenant,
      via,
      query,
      accountIds: [account.accountId],
    });
  }

  private async reporter(
    tenant: Tenant,
    reader: AccountReader,
    via: string,
    query: unknown,
    found: { account: repo.ReporterRow } | null,
  ): Promise<ReporterAccount> {
    if (!found) return { accountId: NOT_FOUND_ACCOUNT_ID };
    const { account } = found;
    await this.revealed(tenant, reader, via, query, account);
    return {
      accountId: account.accountId,
      nickName: account.nickName,
      mobile: mobileFor(account.mobile, reader.reveal),
      avatar: account.avatar,
      name: account.name,
      usualCity: regionLabel(account.usualCityCode),
      createTime: account.createTime.getTime(),
    };
  }

  /** `/vpc/account/by_mobile`: the tenant's live account holding the mobile. */
  async byMobile(tenant: Tenant, mobile: string, reader: AccountReader): Promise<ReporterAccount> {
    const found = await findOrNull(() => justTheAccount(repo.reporterByMobile(this.db, tenant, mobile)));
    return this.reporter(tenant, reader, 'reporter_mobile', { mobile }, found);
  }

  /** `/vpc/account/profile`: the tenant's live account of the id. */
  async profile(tenant: Tenant, accountId: string, reader: AccountReader): Promise<ReporterAccount> {
    const found = await findOrNull(() => justTheAccount(repo.reporterById(this.db, tenant, accountId)));
    return this.reporter(tenant, reader, 'reporter_profile', { accountId }, found);
  }

  /**
   * `/powerChargers/searchChargerBindByMobile`: the user holding the mobile as the user resource message, and
   * their home chargers; the placeholder message and no chargers when nobody matched or the look-up failed.
   */
  async chargerBindByMobile(
    tenant: Tenant,
    mobile: string,
    reader: AccountReader,
  ): Promise<ChargerBindByMobile> {
    const found = await findOrNull(async () => {
      const account = await repo.reporterByMobile(this.db, tenant, mobile);
      if (!account) return undefined;
      const chargers = await repo.chargersOf(this.db, tenant, account.accountId, CHARGER_BIND_MAX);
      return { account, chargers };
    });
    if (!found) {
      return {
        message: { accountId: NOT_FOUND_ACCOUNT_ID, nickName: null, mobile: null, headImage: null },
        resources: [],
      };
    }
    const { account, chargers } = found;
    await this.revealed(tenant, reader, 'charger_bind_mobile', { mobile }, account);
    return {
      message: {
        accountId: account.accountId,
        nickName: account.nickName,
        mobile: mobileFor(account.mobile, reader.reveal),
        headImage: account.avatar,
      },
      resources: chargers.map(toUserCharger),
    };
  }
}
