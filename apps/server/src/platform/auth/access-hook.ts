import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, isTenant } from '@cmp/domain';
import { AppError } from '../http/app-error.js';
import { adminTenants, hasRole, type RouteAccess } from '../http/route-access.js';
import type { SessionStore } from './sessions.js';

export const SESSION_COOKIE = 'cmp_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Tenant-scoped routes are exactly those registered under this prefix. */
export const TENANT_PREFIX = '/api/:tenant';

export const isApiUrl = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method);

/**
 * The one place every request is authenticated and authorised, from the route's declared access.
 * Routes never check sessions, tenants or roles themselves.
 */
export function registerAccessHook(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('tenant', null);

  app.addHook('onRequest', async (request) => {
    // Only the API is guarded; everything else is the static web client, public by nature.
    if (!isApiUrl(request.url)) return;
    const config = request.routeOptions.config;
    const access: RouteAccess = config.access ?? 'signed-in';
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await sessions.resolve(token) : null;
    if (access === 'public') return;

    const auth = request.auth;
    if (!auth) throw new AppError(401, ERROR_CODES.unauthenticated, 'please sign in');
    if (auth.user.mustChangePassword && !config.allowPendingPasswordChange) {
      throw new AppError(403, ERROR_CODES.passwordChangeRequired, 'change your password before going on');
    }
    if (access === 'staff-admin') {
      if (adminTenants(auth.user).length === 0)
        throw AppError.forbidden('staff administration needs the admin role');
      return;
    }
    if (request.routeOptions.url?.startsWith(TENANT_PREFIX)) checkTenant(request, access);
  });
}

function checkTenant(request: FastifyRequest, access: RouteAccess): void {
  const user = request.auth!.user;
  const tenant = (request.params as { tenant?: string }).tenant;
  if (!isTenant(tenant)) throw new AppError(404, 'tenant_not_found', `unknown tenant "${tenant}"`);
  if (!user.roles.some((r) => r.tenant === tenant)) {
    throw new AppError(403, ERROR_CODES.tenantForbidden, `you have no access to tenant ${tenant}`);
  }
  const needed =
    typeof access === 'object' ? access.tenantRole : isSafeMethod(request.method) ? 'viewer' : 'operator';
  if (!hasRole(user, tenant, needed))
    throw AppError.forbidden(`this needs the ${needed} role in tenant ${tenant}`);
  request.tenant = tenant;
}
