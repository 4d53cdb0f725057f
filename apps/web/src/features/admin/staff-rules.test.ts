import { describe, expect, it } from 'vitest';
import type { StaffUser, TenantRole } from '@cmp/domain';
import { staffUser } from '../../test/fake-api';
import { adminTenants, canManage, fromRoleChoices, toRoleChoices } from './staff-rules';

const account = (roles: TenantRole[]): StaffUser => ({
  ...staffUser(roles, { userId: 99, userName: 'bob' }),
  disabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: null,
  rolesElsewhere: false,
});

describe('staff rules', () => {
  const peAdmin = staffUser([
    { tenant: 'pe', role: 'admin' },
    { tenant: 'nio', role: 'viewer' },
  ]);

  it('should find the tenants the user administers, every one for the system administrator', () => {
    expect(adminTenants(peAdmin)).toEqual(['pe']);
    expect(adminTenants(staffUser([], { systemAdmin: true }))).toEqual(['nio', 'pe', 'rsc']);
  });

  it('should let an admin manage accounts working only in tenants it administers', () => {
    expect(canManage(peAdmin, account([{ tenant: 'pe', role: 'operator' }]))).toBe(true);
    expect(canManage(peAdmin, account([]))).toBe(true);
    expect(
      canManage(
        peAdmin,
        account([
          { tenant: 'pe', role: 'operator' },
          { tenant: 'nio', role: 'viewer' },
        ]),
      ),
    ).toBe(false);
    // Roles elsewhere are not shown to this admin; the server says they exist.
    expect(
      canManage(peAdmin, { ...account([{ tenant: 'pe', role: 'operator' }]), rolesElsewhere: true }),
    ).toBe(false);
    expect(canManage(peAdmin, { ...account([{ tenant: 'pe', role: 'admin' }]), systemAdmin: true })).toBe(
      false,
    );
    expect(canManage(staffUser([], { systemAdmin: true }), { ...account([]), rolesElsewhere: true })).toBe(
      true,
    );
  });

  it('should turn roles into one choice per tenant and back', () => {
    const roles: TenantRole[] = [
      { tenant: 'nio', role: 'viewer' },
      { tenant: 'rsc', role: 'admin' },
    ];
    const choices = toRoleChoices(roles);
    expect(choices).toEqual({ nio: 'viewer', pe: 'none', rsc: 'admin' });
    expect(fromRoleChoices(choices)).toEqual(roles);
    expect(fromRoleChoices(undefined)).toEqual([]);
  });
});
