import { useLocation } from 'react-router';
import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantOfPath, tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

/** The user look-up, e.g. with a search already made (`?by=mobile&q=138…`). */
export const accountLookupPath = (tenant: Tenant, query = ''): string =>
  tenantPath(tenant, `${areaPath('accounts')}${query}`);

/** One app user's page (`?accountId=`). */
export const accountPath = (tenant: Tenant, accountId: string): string =>
  tenantPath(tenant, `${areaPath('accountDetail')}?accountId=${encodeURIComponent(accountId)}`);

/** The personal car list, e.g. one account's cars with `?userId=`. */
export const personalCarListPath = (tenant: Tenant, query = ''): string =>
  tenantPath(tenant, `${areaPath('personalCars')}${query}`);

/** The tenant of the current page; the account screens key their queries with it. */
export function useAccountsTenant(): Tenant {
  const tenant = tenantOfPath(useLocation().pathname);
  if (!tenant) throw new Error('an account screen is used outside a tenant area');
  return tenant;
}
