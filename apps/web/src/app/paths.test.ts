import { describe, expect, it } from 'vitest';
import { pathInTenant, safeRedirect, signInPathFor, tenantOfPath, tenantPath } from './paths';

describe('tenantOfPath', () => {
  it('should read the tenant from the segment after /cmp-app', () => {
    expect(tenantOfPath('/cmp-app/nio')).toBe('nio');
    expect(tenantOfPath('/cmp-app/pe/admin/staff')).toBe('pe');
    expect(tenantOfPath('/cmp-app/rsc?x=1')).toBe('rsc');
  });

  it('should find no tenant outside a tenant area', () => {
    expect(tenantOfPath('/cmp-app')).toBeUndefined();
    expect(tenantOfPath('/cmp-app/sign-in')).toBeUndefined();
    expect(tenantOfPath('/cmp-app/nioX')).toBeUndefined();
    expect(tenantOfPath('/feedback-list')).toBeUndefined();
  });
});

describe('tenantPath and pathInTenant', () => {
  it('should join and split tenant-relative paths', () => {
    expect(tenantPath('pe', '')).toBe('/cmp-app/pe');
    expect(tenantPath('pe', '/admin/staff')).toBe('/cmp-app/pe/admin/staff');
    expect(tenantPath('pe', '?id=3')).toBe('/cmp-app/pe?id=3');
    expect(pathInTenant('/cmp-app/pe/admin/staff')).toBe('admin/staff');
    expect(pathInTenant('/cmp-app/pe')).toBe('');
  });
});

describe('safeRedirect', () => {
  it('should keep paths of this site', () => {
    expect(safeRedirect('/cmp-app/nio/admin/staff?pageNo=2')).toBe('/cmp-app/nio/admin/staff?pageNo=2');
  });

  it('should refuse other sites, empty targets and the sign-in page itself', () => {
    expect(safeRedirect('https://evil.example')).toBe('/cmp-app');
    expect(safeRedirect('//evil.example')).toBe('/cmp-app');
    expect(safeRedirect('/\\evil.example')).toBe('/cmp-app');
    expect(safeRedirect(null)).toBe('/cmp-app');
    expect(safeRedirect('/cmp-app/sign-in?redirect=/x')).toBe('/cmp-app');
    expect(safeRedirect('/cmp-app/sign-out')).toBe('/cmp-app');
  });

  it('should round-trip through the sign-in link', () => {
    const link = signInPathFor('/cmp-app/pe?a=1&b=2');
    const redirect = new URL(link, 'http://h').searchParams.get('redirect');
    expect(safeRedirect(redirect)).toBe('/cmp-app/pe?a=1&b=2');
    expect(signInPathFor('/cmp-app')).toBe('/cmp-app/sign-in');
  });
});
