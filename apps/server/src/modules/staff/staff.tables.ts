import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    displayName: text('display_name').notNull(),
    mail: text('mail'),
    mobilePhoneNumber: text('mobile_phone_number'),
    outerUserId: text('outer_user_id'),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    /** The bootstrap administrator: administers staff of every tenant, and those with no role yet. */
    systemAdmin: boolean('system_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Bumped on every password change and disable: sessions older than this are dead. */
    credentialsVersion: bigint('credentials_version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [
    uniqueIndex('staff_users_user_name_key').on(t.userName),
    index('staff_users_created_at_idx').on(t.createdAt, t.id),
  ],
);

export const staffUserRoles = pgTable(
  'staff_user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tenant: text('tenant').notNull(),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenant] }), index('staff_user_roles_tenant_idx').on(t.tenant)],
);
