import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@cmp/domain';
import { entryTenant, LEGACY_SCREENS, legacyTarget } from './legacy-routes';
import { findArea } from './areas';

const user = (tenants: CurrentUser['tenants']): CurrentUser => ({
  userId: 1,
  userName: 'u',
  displayName: 'U',
  outerUserId: null,
  mail: null,
  mobilePhoneNumber: null,
  roles: tenants.map((tenant) => ({ tenant, role: 'viewer' })),
  tenants,
  mustChangePassword: false,
  systemAdmin: false,
});

describe('legacyTarget', () => {
  it('should name an existing area for every old link', () => {
    for (const key of Object.values(LEGACY_SCREENS)) expect(findArea(key)).toBeDefined();
  });

  it('should land on the area home with the query kept for a screen it does not know', () => {
    expect(legacyTarget('noSuchScreen', '?key=a', 'pe')).toBe('/cmp-app/pe?key=a');
    expect(legacyTarget('noSuchScreen', '', 'nio')).toBe('/cmp-app/nio');
  });

  it('should open a built screen with the query kept', () => {
    expect(legacyTarget('staff', '?keyword=a', 'rsc')).toBe('/cmp-app/rsc/admin/staff?keyword=a');
    // The old comment list's links open the comment list with the comment's drawer.
    expect(legacyTarget(LEGACY_SCREENS['/feedback-list'], '?commentId=9', 'pe')).toBe(
      '/cmp-app/pe/feedback-list?commentId=9',
    );
    expect(legacyTarget('chargingPaths', '', 'nio')).toBe('/cmp-app/nio/charging-paths');
    expect(legacyTarget('couponBatches', '', 'nio')).toBe('/cmp-app/nio/coupon-batches');
    expect(legacyTarget('products', '', 'nio')).toBe('/cmp-app/nio/products');
    expect(legacyTarget('worksheetDetail', '?worksheetId=3', 'nio')).toBe(
      '/cmp-app/nio/resources/worksheets/detail?worksheetId=3',
    );
  });
});

describe('entryTenant', () => {
  it('should prefer the last used tenant the user still has', () => {
    expect(entryTenant(user(['nio', 'pe']), 'pe')).toBe('pe');
  });

  it('should fall back to the first tenant of the user', () => {
    expect(entryTenant(user(['nio', 'pe']), 'rsc')).toBe('nio');
    expect(entryTenant(user(['rsc']), undefined)).toBe('rsc');
    expect(entryTenant(user([]), 'nio')).toBeUndefined();
  });
});
