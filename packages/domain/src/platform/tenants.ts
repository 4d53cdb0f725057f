import { z } from 'zod';

export const TENANTS = ['nio', 'pe', 'rsc'] as const;
export const Tenant = z.enum(TENANTS);
export type Tenant = z.infer<typeof Tenant>;

export const TENANT_LABELS: Record<Tenant, string> = { nio: 'NIO', pe: 'PE', rsc: 'RSC' };

/** Key under which the cloud tag service and config service address a tenant. */
export const tenantKey = (tenant: Tenant): `cmo:tenant:${Tenant}` => `cmo:tenant:${tenant}`;

export const isTenant = (value: unknown): value is Tenant =>
  typeof value === 'string' && (TENANTS as readonly string[]).includes(value);
