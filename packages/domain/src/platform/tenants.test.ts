import { describe, expect, it } from 'vitest';
import { isTenant, tenantKey, TENANTS } from './tenants.js';

describe('tenants', () => {
  it('should be nio, pe and rsc', () => {
    expect(TENANTS).toEqual(['nio', 'pe', 'rsc']);
    expect(isTenant('pe')).toBe(true);
    expect(isTenant('PE')).toBe(false);
  });
});

describe('tenantKey', () => {
  it('should address the tenants as cmo:tenant:nio, cmo:tenant:pe and cmo:tenant:rsc', () => {
    expect(TENANTS.map(tenantKey)).toEqual(['cmo:tenant:nio', 'cmo:tenant:pe', 'cmo:tenant:rsc']);
  });
});
