import type { Tenant } from '@cmp/domain';
import { findArea, isBuilt } from '../../app/areas';
import { tenantPath } from '../../app/paths';

/** The relation list, e.g. one station's relations with `?resource_id=`. */
export const relationListPath = (tenant: Tenant, query = ''): string =>
  tenantPath(tenant, `${findArea('relations')?.path ?? ''}${query}`);

/** The account page (`?accountId=`) where a user is shown whole, once the accounts area has one. */
export function accountPagePath(tenant: Tenant, accountId: string): string | undefined {
  const area = findArea('accountDetail');
  return area && isBuilt(area)
    ? tenantPath(tenant, `${area.path}?accountId=${encodeURIComponent(accountId)}`)
    : undefined;
}
