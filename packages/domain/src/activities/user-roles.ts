import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';
import type { Tenant } from '../platform/tenants.js';

/** Ordered from the widest audience to the narrowest; each role includes the ones after it. */
export const USER_ROLES = ['default', 'intentional_owner', 'pre_owner', 'vehicle_owner'] as const;
export const UserRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof UserRoleSchema>;

export const USER_ROLE_LABELS = {
  default: 'userRole.default',
  intentional_owner: 'userRole.intentionalOwner',
  pre_owner: 'userRole.preOwner',
  vehicle_owner: 'userRole.vehicleOwner',
} as const satisfies Record<UserRole, MessageKey>;

/**
 * Owner roles follow a user through the vehicle brand's purchase funnel (intent deposit, deposit,
 * delivery), which only the nio tenant's accounts go through. pe serves drivers of any brand and rsc is a
 * separate network without that funnel, so both target everyone (`default`) only: a narrower role would
 * match nobody there.
 */
export const TENANT_USER_ROLES: Record<Tenant, readonly UserRole[]> = {
  nio: USER_ROLES,
  pe: ['default'],
  rsc: ['default'],
};

const rank = (role: UserRole): number => USER_ROLES.indexOf(role);

/** A role can be chosen if the tenant has it and it is at or after the current one. */
export const isUserRoleAvailable = (tenant: Tenant, role: UserRole, current: UserRole = 'default'): boolean =>
  TENANT_USER_ROLES[tenant].includes(role) && rank(role) >= rank(current);

export const availableUserRoles = (tenant: Tenant, current: UserRole = 'default'): UserRole[] =>
  USER_ROLES.filter((role) => isUserRoleAvailable(tenant, role, current));

/** Targeting a role reaches everyone from that role on, so that is what is saved. */
export const userRolesToSave = (selected: UserRole): UserRole[] => USER_ROLES.slice(rank(selected));
