import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, isTenant } from '@cmp/domain';
import { AppError } from '../http/app-error.js';
import { isApiSpelling } from '../http/api-path.js';
import {
  adminTenants,
  hasRole,
  isSignedClientAccess,
  type AuthenticatedUser,
  type RouteAccess,
} from '../http/route-access.js';

export const SESSION_COOKIE = 'cmp_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Tenant-scoped routes are exactly those registered under this prefix. */
export const TENANT_PREFIX = '/api/:tenant';

/** Whether a registered route URL is an API route (every route but the static web client's). */
export const isApiRoute = (routeUrl: string): boolean => routeUrl === '/api' || routeUrl.startsWith('/api/');

/** A route's access as declared, or its default: API routes need a session, the web client's files are public. */
export const accessOfRoute = (routeUrl: string, declared: RouteAccess | undefined): RouteAccess =>
  declared ?? (isApiRoute(routeUrl) ? 'signed-in' : 'public');

/** What the hook needs of sessions; the auth module keeps them. */
export interface SessionResolver {
  resolve(token: string): Promise<{ sessionId: string; user: AuthenticatedUser } | null>;
}

export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method);

/**
 * The one place every request is authenticated and authorised, from the matched route: its declared
 * access and its registered URL, never the request's URL text (the router decodes `/%61pi` to `/api`).
 * Routes never check sessions, tenants or roles themselves.
 */
export function registerAccessHook(app: FastifyInstance, sessions: SessionResolver): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('tenant', null);

  app.addHook('onRequest', async (request) => {
    const routeUrl = request.routeOptions.url;
    const apiRoute = routeUrl !== undefined && isApiRoute(routeUrl);
    // No API route matched and the path does not read as the API: the web client's files, public.
    if (!apiRoute && !isApiSpelling(request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await sessions.resolve(token) : null;
    if (!apiRoute) {
      // A spelling of the API that matches no API route never reaches the web client; anonymous
      // callers cannot tell unknown routes from guarded ones.
      throw request.auth ? notFound(request) : unauthenticated();
    }
    const config = request.routeOptions.config;
    const access = accessOfRoute(routeUrl, config.access);
    // Signed requests carry no session; their signature is checked once the body is read (signedRoutes).
    if (access === 'public' || isSignedClientAccess(access)) return;

    const auth = request.auth;
    if (!auth) throw unauthenticated();
    if (auth.user.mustChangePassword && !config.allowPendingPasswordChange) {
      throw new AppError(403, ERROR_CODES.passwordChangeRequired, 'change your password before going on');
    }
    if (access === 'staff-admin') {
      if (!auth.user.systemAdmin && adminTenants(auth.user).length === 0)
        throw AppError.forbidden('staff administration needs the admin role');
      return;
    }
    if (routeUrl.startsWith(TENANT_PREFIX)) checkTenant(request, access);
  });
}

const unauthenticated = () => new AppError(401, ERROR_CODES.unauthenticated, 'please sign in');

const notFound = (request: FastifyRequest): AppError =>
  new AppError(404, ERROR_CODES.notFound, `no route ${request.method} ${request.url.split('?')[0]}`);

function checkTenant(request: FastifyRequest, access: RouteAccess): void {
  const user = request.auth!.user;
  const tenant = (request.params as { tenant?: string }).tenant;
  if (!isTenant(tenant)) throw new AppError(404, 'tenant_not_found', `unknown tenant "${tenant}"`);
  if (!user.roles.some((r) => r.tenant === tenant)) {
    throw new AppError(403, ERROR_CODES.tenantForbidden, `you have no access to tenant ${tenant}`);
  }
  const needed =
    typeof access === 'object' && 'tenantRole' in access
      ? access.tenantRole
      : isSafeMethod(request.method)
        ? 'viewer'
        : 'operator';
  if (!hasRole(user, tenant, needed))
    throw AppError.forbidden(`this needs the ${needed} role in tenant ${tenant}`);
  request.tenant = tenant;
}
