import { isTenant, type Tenant } from '@cmp/domain';

const KEY = 'cmp.lastTenant';

export function rememberTenant(tenant: Tenant): void {
  localStorage.setItem(KEY, tenant);
}

export function lastTenant(): Tenant | undefined {
  const stored = localStorage.getItem(KEY);
  return isTenant(stored) ? stored : undefined;
}
