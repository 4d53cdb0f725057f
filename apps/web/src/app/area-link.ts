import type { Tenant } from '@cmp/domain';
import { pathInTenant, tenantOfPath, tenantPath } from './paths';

export interface AreaLink {
  href: string;
  /** A page in another tenant area opens beside the current one, so the user keeps their place here. */
  newWindow: boolean;
}

/**
 * Resolves a link to `relative` (a path inside a tenant area, query allowed) in `area`, seen from the page at
 * `currentPathname`: another area opens in a new window, the current one navigates in place.
 */
export function areaLink(currentPathname: string, relative: string, area: Tenant): AreaLink {
  return { href: tenantPath(area, relative), newWindow: tenantOfPath(currentPathname) !== area };
}

/** The same page in another area: the path prefix is swapped, the rest (and the query) kept. */
export function swapArea(currentPathname: string, search: string, area: Tenant): AreaLink {
  return areaLink(currentPathname, `${pathInTenant(currentPathname)}${search}`, area);
}
