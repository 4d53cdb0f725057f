import { useLocation } from 'react-router';
import { tenantOfPath } from '../app/paths';
import { tenantApi, type ApiClient } from './client';

/**
 * The API of the tenant whose area the page is in: the namespace comes from the start of the path, so a
 * screen never names its tenant and cannot call another's by mistake.
 */
export function useTenantApi(): ApiClient {
  const tenant = tenantOfPath(useLocation().pathname);
  if (!tenant) throw new Error('useTenantApi is used outside a tenant area');
  return tenantApi(tenant);
}
