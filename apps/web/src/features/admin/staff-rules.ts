import {
  TENANTS,
  type CurrentUser,
  type StaffRole,
  type StaffUser,
  type Tenant,
  type TenantRole,
} from '@cmp/domain';

/**
 * The tenants whose staff the user administers, and the only ones whose roles it sees and changes:
 * every tenant for the system administrator.
 */
export const adminTenants = (user: CurrentUser): Tenant[] =>
  user.systemAdmin ? [...TENANTS] : user.roles.filter((r) => r.role === 'admin').map((r) => r.tenant);

/**
 * Mirrors the server: a tenant admin changes an account's profile, status and password only when it
 * administers every tenant the account works in (the server says whether it works elsewhere too), and
 * never the system administrator's; the system administrator manages every account.
 */
export function canManage(admin: CurrentUser, target: StaffUser): boolean {
  if (admin.systemAdmin) return true;
  const administered = adminTenants(admin);
  return (
    !target.systemAdmin &&
    !target.rolesElsewhere &&
    target.roles.every((r) => administered.includes(r.tenant))
  );
}

/** The form holds one choice per tenant; `none` is "no access", which the API expresses by leaving it out. */
export type RoleChoice = StaffRole | 'none';
export type RoleChoices = Record<Tenant, RoleChoice>;

export function toRoleChoices(roles: readonly TenantRole[]): RoleChoices {
  const choices: RoleChoices = { nio: 'none', pe: 'none', rsc: 'none' };
  for (const { tenant, role } of roles) choices[tenant] = role;
  return choices;
}

export function fromRoleChoices(choices: Partial<RoleChoices> | undefined): TenantRole[] {
  return TENANTS.flatMap((tenant) => {
    const role = choices?.[tenant];
    return role === undefined || role === 'none' ? [] : [{ tenant, role }];
  });
}
