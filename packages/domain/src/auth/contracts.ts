import { z } from 'zod';
import { Tenant } from '../platform/tenants.js';
import { PageQuery, pageOf } from '../platform/paging.js';
import { EPOCH_MS, integerParam, text, trimmedText } from '../shared/input.js';

export const STAFF_ROLES = ['admin', 'operator', 'viewer'] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const Password = text(PASSWORD_MAX_LENGTH).min(PASSWORD_MIN_LENGTH, 'form.minLength');

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
  userName: trimmedText(64).min(1),
  password: text(200).min(1),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const ChangePasswordRequest = z.object({
  currentPassword: text(200).min(1),
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
  /** Administers staff of every tenant (the bootstrap `admin`); tenant admins administer their tenants' staff. */
  systemAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

const optionalText = (max: number) =>
  trimmedText(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/**
 * A mobile number as staff type it: an optional + and country code, then digits only, 6 to 15 in all (the
 * longest E.164 number); "abc" or "138-0000" is refused rather than stored and never reachable.
 */
export const MOBILE_PHONE_PATTERN = /^\+?[0-9]{6,15}$/;
const mobilePhoneNumber = optionalText(32).refine(
  (value) => value === null || value === undefined || MOBILE_PHONE_PATTERN.test(value),
  { message: 'staff.mobilePhone' },
);

export const StaffUser = CurrentUser.extend({
  disabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /**
   * Whether the account also holds roles in tenants the asking admin does not administer. Those roles are
   * left out of `roles`, and only an admin of every one of its tenants may change its profile, disable it
   * or reset its password.
   */
  rolesElsewhere: z.boolean(),
});
export type StaffUser = z.infer<typeof StaffUser>;
export const StaffUserPage = pageOf(StaffUser);

const Timestamp = integerParam({ min: 0, max: EPOCH_MS.max });

export const StaffUserListQuery = PageQuery.extend({
  keyword: trimmedText(64).optional(),
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
    .regex(/^[A-Za-z0-9._-]+$/, 'staff.userNameCharacters'),
  displayName: trimmedText(64).min(1),
  mail: z.email().max(128).nullable().optional(),
  mobilePhoneNumber,
  outerUserId: optionalText(64),
  /** Omitted: the server generates one and answers it once. */
  password: Password.optional(),
  /** An account with no role could sign in to nothing: it gets one from the start. */
  roles: TenantRoles.refine((roles) => roles.length > 0, { message: 'staff.roleRequired' }),
});
export type CreateStaffUserRequest = z.infer<typeof CreateStaffUserRequest>;

export const UpdateStaffUserRequest = z.object({
  displayName: trimmedText(64).min(1).optional(),
  mail: z.email().max(128).nullable().optional(),
  mobilePhoneNumber,
  outerUserId: optionalText(64),
  roles: TenantRoles.optional(),
});
export type UpdateStaffUserRequest = z.infer<typeof UpdateStaffUserRequest>;

export const ResetPasswordRequest = z.object({ password: Password.optional() });
export const PasswordIssued = z.object({ password: z.string() });
export const CreatedStaffUser = z.object({ user: StaffUser, initialPassword: z.string().nullable() });
