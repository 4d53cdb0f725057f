import { isTenant, type Tenant } from '@cmp/domain';

export const PORTAL_BASE = '/cmp-app';
export const SIGN_IN_PATH = `${PORTAL_BASE}/sign-in`;
export const SIGN_OUT_PATH = `${PORTAL_BASE}/sign-out`;
export const ERROR_PATH = '/error';

export const tenantHome = (tenant: Tenant): string => `${PORTAL_BASE}/${tenant}`;

/** A path inside a tenant's area; `relative` may carry a query string. */
export function tenantPath(tenant: Tenant, relative: string): string {
  const rest = relative.replace(/^\/+/, '');
  if (rest === '') return tenantHome(tenant);
  return rest.startsWith('?') ? `${tenantHome(tenant)}${rest}` : `${tenantHome(tenant)}/${rest}`;
}

/** The tenant namespace of a page: the path segment right after the portal base. */
export function tenantOfPath(pathname: string): Tenant | undefined {
  const match = /^\/cmp-app\/([^/?#]+)/.exec(pathname);
  const segment = match?.[1];
  return isTenant(segment) ? segment : undefined;
}

/** The part of a tenant page's path after `/cmp-app/{tenant}`, without leading slash. */
export function pathInTenant(pathname: string): string {
  const tenant = tenantOfPath(pathname);
  if (!tenant) return '';
  return pathname.slice(tenantHome(tenant).length).replace(/^\/+/, '');
}

/**
 * Where to go after signing in: only paths of this site, so a crafted link cannot bounce the user elsewhere.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return PORTAL_BASE;
  }
  return target.startsWith(SIGN_IN_PATH) || target.startsWith(SIGN_OUT_PATH) ? PORTAL_BASE : target;
}

export const signInPathFor = (redirect: string): string =>
  redirect === PORTAL_BASE ? SIGN_IN_PATH : `${SIGN_IN_PATH}?redirect=${encodeURIComponent(redirect)}`;
