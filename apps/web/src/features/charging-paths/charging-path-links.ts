import { useLocation } from 'react-router';
import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantOfPath, tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

/** The account page of the accounts area (`?accountId=`), where a path's user is shown whole. */
const ACCOUNT_DETAIL_PATH = 'accounts/detail';

export const chargingPathListPath = (tenant: Tenant, query = ''): string =>
  tenantPath(tenant, `${areaPath('chargingPaths')}${query}`);

export const chargingPathDetailPath = (tenant: Tenant, pathId: number): string =>
  tenantPath(tenant, `${areaPath('chargingPathDetail')}?pathId=${pathId}`);

export const accountDetailPath = (tenant: Tenant, accountId: string): string =>
  tenantPath(tenant, `${ACCOUNT_DETAIL_PATH}?accountId=${encodeURIComponent(accountId)}`);

/** The tenant of the current page; the path screens key their queries and saved layouts with it. */
export function useChargingPathsTenant(): Tenant {
  const tenant = tenantOfPath(useLocation().pathname);
  if (!tenant) throw new Error('a charging-path screen is used outside a tenant area');
  return tenant;
}
