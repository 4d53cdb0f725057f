import { and, eq, exists, getTableColumns, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { STAFF_USER_SORTABLE, StaffRole, Tenant, TenantRole } from '@cmp/domain';
import type { StaffUserFilter } from '@cmp/domain/staff/staff-export';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { staffUserRoles, staffUsers } from './staff.tables.js';

export type StaffUserRow = typeof staffUsers.$inferSelect & { roles: TenantRole[] };

/** A user's roles as a JSON array, for selects over staff_users. */
export const rolesOfStaffUser = sql<{ tenant: Tenant; role: StaffRole }[]>`coalesce((
  select json_agg(json_build_object('tenant', r.tenant, 'role', r.role) order by r.tenant)
  from ${staffUserRoles} r where r.user_id = ${staffUsers.id}), '[]'::json)`;

const selection = { user: staffUsers, roles: rolesOfStaffUser };
const toRow = ({
  user,
  roles,
}: {
  user: typeof staffUsers.$inferSelect;
  roles: TenantRole[];
}): StaffUserRow => ({
  ...user,
  roles,
});

export async function findStaffUser(db: DbOrTx, where: { id: number } | { userName: string }) {
  const [row] = await db
    .select(selection)
    .from(staffUsers)
    .where('id' in where ? eq(staffUsers.id, where.id) : eq(staffUsers.userName, where.userName));
  return row ? toRow(row) : undefined;
}

/** Whose accounts an admin sees: everyone's, or those holding a role in one of the given tenants. */
export type StaffScope = 'all' | readonly Tenant[];

/** The staff list's filter within the acting admin's scope; `disabled` as read from the query. */
export type ScopedStaffFilter = Omit<StaffUserFilter, 'sort'> & { scope: StaffScope };

const qb = new QueryBuilder();

/** The user holds a role matching `where` (in the subquery over `staff_user_roles`). */
const hasRole = (where: SQL | undefined) =>
  exists(
    qb
      .select({ one: sql`1` })
      .from(staffUserRoles)
      .where(and(eq(staffUserRoles.userId, staffUsers.id), where)),
  );

/** The list's conditions, which its export shares: the admin's scope, then the filter. */
function staffWhere({ scope, ...filter }: ScopedStaffFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (scope !== 'all') {
    conditions.push(scope.length > 0 ? hasRole(inArray(staffUserRoles.tenant, [...scope])) : sql`false`);
  }
  if (filter.keyword) {
    conditions.push(
      or(
        contains(staffUsers.userName, filter.keyword),
        contains(staffUsers.displayName, filter.keyword),
        contains(staffUsers.mail, filter.keyword),
        contains(staffUsers.mobilePhoneNumber, filter.keyword),
      )!,
    );
  }
  if (filter.tenant || filter.role) {
    conditions.push(
      hasRole(
        and(
          filter.tenant ? eq(staffUserRoles.tenant, filter.tenant) : undefined,
          filter.role ? eq(staffUserRoles.role, filter.role) : undefined,
        ),
      ),
    );
  }
  if (filter.disabled !== undefined) conditions.push(eq(staffUsers.disabled, filter.disabled));
  const at = (ms: number) => new Date(ms);
  if (filter.createdAtBegin !== undefined)
    conditions.push(gte(staffUsers.createdAt, at(filter.createdAtBegin)));
  if (filter.createdAtEnd !== undefined) conditions.push(lte(staffUsers.createdAt, at(filter.createdAtEnd)));
  if (filter.lastSignInAtBegin !== undefined) {
    conditions.push(gte(staffUsers.lastSignInAt, at(filter.lastSignInAtBegin)));
  }
  if (filter.lastSignInAtEnd !== undefined)
    conditions.push(lte(staffUsers.lastSignInAt, at(filter.lastSignInAtEnd)));
  return and(...conditions);
}

/** A staff account as a list or an export reads it: never its password hash or its credentials version. */
export type StaffExportRow = Omit<StaffUserRow, 'passwordHash' | 'credentialsVersion'>;

const { passwordHash: _hash, credentialsVersion: _version, ...listedColumns } = getTableColumns(staffUsers);

/**
 * The staff accounts, by user name by default. A last sign-in that never happened (null) sorts as the
 * largest value, an ascending index's order: last going up, first going down.
 */
export const staffUserList = defineList({
  table: staffUsers,
  id: staffUsers.id,
  sort: {
    keys: {
      userName: staffUsers.userName,
      createdAt: staffUsers.createdAt,
      lastSignInAt: staffUsers.lastSignInAt,
    } satisfies Record<(typeof STAFF_USER_SORTABLE)[number], AnyPgColumn>,
    default: 'userName:asc',
  },
  where: staffWhere,
  select: (db, cursor) =>
    db
      .select({ user: listedColumns, roles: rolesOfStaffUser, ...cursor })
      .from(staffUsers)
      .$dynamic(),
});

export async function insertStaffUser(db: DbOrTx, values: typeof staffUsers.$inferInsert): Promise<number> {
  const [row] = await db.insert(staffUsers).values(values).returning({ id: staffUsers.id });
  return row!.id;
}

export async function updateStaffUser(
  db: DbOrTx,
  id: number,
  values: Partial<typeof staffUsers.$inferInsert>,
  options: { bumpCredentials?: boolean } = {},
): Promise<void> {
  await db
    .update(staffUsers)
    .set({
      ...values,
      updatedAt: new Date(),
      ...(options.bumpCredentials ? { credentialsVersion: sql`${staffUsers.credentialsVersion} + 1` } : {}),
    })
    .where(eq(staffUsers.id, id));
}

export async function replaceRoles(db: DbOrTx, userId: number, roles: TenantRole[]): Promise<void> {
  await db.delete(staffUserRoles).where(eq(staffUserRoles.userId, userId));
  if (roles.length > 0) await db.insert(staffUserRoles).values(roles.map((r) => ({ userId, ...r })));
}

export async function hasSystemAdmin(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.systemAdmin, true))
    .limit(1);
  return rows.length > 0;
}
