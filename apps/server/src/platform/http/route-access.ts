import type { StaffRole, Tenant } from '@cmp/domain';

/**
 * Who may call a route, declared on the route as `config: { access }`:
 * - `public`: anyone, no session (sign-in, health, the H5 share calls);
 * - `signed-in` (the default): a session; on tenant routes also a role in that tenant,
 *   `viewer` enough to read, `operator` needed to change;
 * - `{ tenantRole }`: at least that role in the path's tenant;
 * - `staff-admin`: admin in at least one tenant, or the system administrator; staff administration
 *   spans tenants, so the staff service scopes each call to the tenants the caller administers.
 * - `{ signedClient }`: no session but a request signed by a registered client of that kind
 *   (`platform/signed-clients`); only routes registered through `signedRoutes` have it.
 */
export type RouteAccess =
  'public' | 'signed-in' | 'staff-admin' | { tenantRole: StaffRole } | { signedClient: string };

export const isSignedClientAccess = (access: RouteAccess | undefined): access is { signedClient: string } =>
  typeof access === 'object' && 'signedClient' in access;

export interface AuthenticatedUser {
  id: number;
  userName: string;
  displayName: string;
  roles: { tenant: Tenant; role: StaffRole }[];
  mustChangePassword: boolean;
  /** Administers staff of every tenant (the bootstrap `admin`). */
  systemAdmin: boolean;
}

export interface RequestAuth {
  user: AuthenticatedUser;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Routes a user who must change the password can still call (me, sign-out, change password). */
    allowPendingPasswordChange?: boolean;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
    /** Set on `/api/{tenant}/...` routes once the tenant is checked. */
    tenant: Tenant | null;
  }
}

const RANK: Record<StaffRole, number> = { viewer: 1, operator: 2, admin: 3 };

export const roleIn = (user: AuthenticatedUser, tenant: Tenant): StaffRole | undefined =>
  user.roles.find((r) => r.tenant === tenant)?.role;

export const hasRole = (user: AuthenticatedUser, tenant: Tenant, atLeast: StaffRole): boolean => {
  const role = roleIn(user, tenant);
  return role !== undefined && RANK[role] >= RANK[atLeast];
};

export const adminTenants = (user: AuthenticatedUser): Tenant[] =>
  user.roles.filter((r) => r.role === 'admin').map((r) => r.tenant);
