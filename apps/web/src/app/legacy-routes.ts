import type { CurrentUser, Tenant } from '@cmp/domain';
import { findArea, isBuilt } from './areas';
import { tenantPath } from './paths';

/** Old portal links without a tenant in the path, and the area each one opens. */
export const LEGACY_SCREENS = {
  '/feedback-list': 'comments',
  '/power-swap-detail': 'swapStationDetail',
  '/charge-station-detail': 'chargeStationDetail',
  '/worksheet-detail': 'worksheetDetail',
} as const;

/**
 * Where an old link lands in `tenant`: its screen with the query kept, or the area's home (query still kept)
 * while that screen is not built, so the link never ends on a dead page.
 */
export function legacyTarget(areaKey: string, search: string, tenant: Tenant): string {
  const area = findArea(areaKey);
  const path = area && isBuilt(area) ? area.path : '';
  return tenantPath(tenant, `${path}${search}`);
}

/** The area a tenant-less link opens in: the one last used if still allowed, else the user's first. */
export function entryTenant(user: CurrentUser, lastUsed: Tenant | undefined): Tenant | undefined {
  if (lastUsed && user.tenants.includes(lastUsed)) return lastUsed;
  return user.tenants[0];
}
