import { z } from 'zod';
import { TENANTS } from './tenant-codes.js';

export * from './tenant-codes.js';

export const Tenant = z.enum(TENANTS);
export type Tenant = z.infer<typeof Tenant>;
