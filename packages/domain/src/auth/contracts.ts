import { z } from 'zod';
import { Tenant } from '../platform/tenants.js';
import { PageQuery, pageOf } from '../platform/paging.js';

export const STAFF_ROLES = ['admin', 'operator', 'viewer'] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

export const PASSWORD_MIN_LENGTH = 10;
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200);

export const TenantRole = z.object({ tenant: Tenant, role: StaffRole });
export type TenantRole = z.infer<typeof TenantRole>;

/** At most one role per tenant. */
export const TenantRoles = z
  .array(TenantRole)
  .max(3)
  .refine((roles) => new Set(roles.map((r) => r.tenant)).size === roles.length, {
    message: 'one role per tenant',
  });

export const SignInRequest = z.object({
  userName: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: Password,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** The signed-in operator, in the spec's "operator user info" names plus roles and tenants. */
export const CurrentUser = z.object({
  userId: z.number().int(),
  userName: z.string(),
  displayName: z.string(),
  outerUserId: z.string().nullable(),
  mail: z.string().nullable(),
  mobilePhoneNumber: z.string().nullable(),
  roles: z.array(TenantRole),
  tenants: z.array(Tenant),
  mustChangePassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const StaffUser = CurrentUser.extend({
  disabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type StaffUser = z.infer<typeof StaffUser>;
export const StaffUserPage = pageOf(StaffUser);

const Timestamp = z.coerce.number().int().min(0);

export const StaffUserListQuery = PageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  tenant: Tenant.optional(),
  role: StaffRole.optional(),
  disabled: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** Millisecond timestamps, both ends included (the date pickers send 00:00:00.000 and 23:59:59.999). */
  createdAtBegin: Timestamp.optional(),
  createdAtEnd: Timestamp.optional(),
  lastSignInAtBegin: Timestamp.optional(),
  lastSignInAtEnd: Timestamp.optional(),
});
export type StaffUserListQuery = z.infer<typeof StaffUserListQuery>;
export const STAFF_USER_SORTABLE = ['userName', 'createdAt', 'lastSignInAt'] as const;

export const CreateStaffUserRequest = z.object({
  userName: z
    .string()
    .trim()
    .min(2)
    .max(64)
    .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, underscore and hyphen only'),
  displayName: z.string().trim().min(1).max(64),
  mail: z.email().max(128).nullable().optional(),
  mobilePhoneNumber: optionalText(32),
  outerUserId: optionalText(64),
  /** Omitted: the server generates one and answers it once. */
  password: Password.optional(),
  roles: TenantRoles,
});
export type CreateStaffUserRequest = z.infer<typeof CreateStaffUserRequest>;

export const UpdateStaffUserRequest = z.object({
  displayName: z.string().trim().min(1).max(64).optional(),
  mail: z.email().max(128).nullable().optional(),
  mobilePhoneNumber: optionalText(32),
  outerUserId: optionalText(64),
  roles: TenantRoles.optional(),
});
export type UpdateStaffUserRequest = z.infer<typeof UpdateStaffUserRequest>;

export const ResetPasswordRequest = z.object({ password: Password.optional() });
export const PasswordIssued = z.object({ password: z.string() });
export const CreatedStaffUser = z.object({ user: StaffUser, initialPassword: z.string().nullable() });
