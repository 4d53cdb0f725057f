import {
  TENANTS,
  type CurrentUser,
  type StaffRole,
  type StaffUser,
  type Tenant,
  type TenantRole,
} from '@cmp/domain';

/** The tenants in which the user is an admin: the only ones whose roles they may change. */
export const adminTenants = (user: CurrentUser): Tenant[] =>
  user.roles.filter((r) => r.role === 'admin').map((r) => r.tenant);

/**
 * Mirrors the server: an admin manages an account only when it administers every tenant the account works
 * in, so the screen offers no action the server would refuse.
 */
export function canManage(admin: CurrentUser, target: StaffUser): boolean {
  const administered = adminTenants(admin);
  return target.roles.every((r) => administered.includes(r.tenant));
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
