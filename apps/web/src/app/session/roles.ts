import type { CurrentUser, StaffRole, Tenant } from '@cmp/domain';

const ROLE_RANK: Record<StaffRole, number> = { viewer: 0, operator: 1, admin: 2 };

export function roleIn(user: CurrentUser, tenant: Tenant): StaffRole | undefined {
  return user.roles.find((r) => r.tenant === tenant)?.role;
}

/** Whether the user's role in `tenant` is `least` or above it. */
export function hasRole(user: CurrentUser, tenant: Tenant, least: StaffRole): boolean {
  const role = roleIn(user, tenant);
  return role !== undefined && ROLE_RANK[role] >= ROLE_RANK[least];
}
