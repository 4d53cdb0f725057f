// Kept apart from the Tenant schema: the web client's entry checks and names tenants without loading a schema
// library (see docs/performance.md, "First load").

export const TENANTS = ['nio', 'pe', 'rsc'] as const;
type TenantCode = (typeof TENANTS)[number];

export const TENANT_LABELS: Record<TenantCode, string> = { nio: 'NIO', pe: 'PE', rsc: 'RSC' };

/** Key under which the cloud tag service and config service address a tenant. */
export const tenantKey = (tenant: TenantCode): `cmo:tenant:${TenantCode}` => `cmo:tenant:${tenant}`;

export const isTenant = (value: unknown): value is TenantCode =>
  typeof value === 'string' && (TENANTS as readonly string[]).includes(value);
