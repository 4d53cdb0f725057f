import { and, eq, exists, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { StaffRole, StaffUserListQuery, Tenant, TenantRole } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { limitOffset, orderByFromSort } from '../../platform/http/paging.js';
import { staffUserRoles, staffUsers } from './staff.tables.js';

export type StaffUserRow = typeof staffUsers.$inferSelect & { roles: TenantRole[] };

/** A user's roles as a JSON array, for selects over staff_users. */
export const rolesOfStaffUser = sql<{ tenant: Tenant; role: StaffRole }[]>`coalesce((
  select json_agg(json_build_object('tenant', r.tenant, 'role', r.role) order by r.tenant)
  from ${staffUserRoles} r where r.user_id = ${staffUsers.id}), '[]'::json)`;

const SORTABLE = {
  userName: staffUsers.userName,
  createdAt: staffUsers.createdAt,
  lastSignInAt: staffUsers.lastSignInAt,
};

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

const hasRoleIn = (db: DbOrTx, tenants: readonly Tenant[]) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(staffUserRoles)
      .where(and(eq(staffUserRoles.userId, staffUsers.id), inArray(staffUserRoles.tenant, [...tenants]))),
  );

export async function listStaffUsers(db: DbOrTx, query: StaffUserListQuery, scope: StaffScope) {
  const conditions: SQL[] = [];
  if (scope !== 'all') conditions.push(scope.length > 0 ? hasRoleIn(db, scope) : sql`false`);
  if (query.keyword) {
    const pattern = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(staffUsers.userName, pattern),
        ilike(staffUsers.displayName, pattern),
        ilike(staffUsers.mail, pattern),
        ilike(staffUsers.mobilePhoneNumber, pattern),
      )!,
    );
  }
  if (query.tenant || query.role) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(staffUserRoles)
          .where(
            and(
              eq(staffUserRoles.userId, staffUsers.id),
              query.tenant ? eq(staffUserRoles.tenant, query.tenant) : undefined,
              query.role ? eq(staffUserRoles.role, query.role) : undefined,
            ),
          ),
      ),
    );
  }
  if (query.disabled !== undefined) conditions.push(eq(staffUsers.disabled, query.disabled));
  const at = (ms: number) => new Date(ms);
  if (query.createdAtBegin !== undefined)
    conditions.push(gte(staffUsers.createdAt, at(query.createdAtBegin)));
  if (query.createdAtEnd !== undefined) conditions.push(lte(staffUsers.createdAt, at(query.createdAtEnd)));
  if (query.lastSignInAtBegin !== undefined) {
    conditions.push(gte(staffUsers.lastSignInAt, at(query.lastSignInAtBegin)));
  }
  if (query.lastSignInAtEnd !== undefined)
    conditions.push(lte(staffUsers.lastSignInAt, at(query.lastSignInAtEnd)));
  const rows = await db
    .select({ ...selection, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(staffUsers)
    .where(and(...conditions))
    .orderBy(...orderByFromSort(query.sort, SORTABLE, [staffUsers.userName], staffUsers.id))
    .limit(limitOffset(query).limit)
    .offset(limitOffset(query).offset);
  const total = rows[0]?.total ?? (query.pageNo > 1 ? await countStaffUsers(db, conditions) : 0);
  return { items: rows.map(toRow), total };
}

// count(*) over() is empty past the last page; the total is still wanted there.
async function countStaffUsers(db: DbOrTx, conditions: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(staffUsers)
    .where(and(...conditions));
  return row?.n ?? 0;
}

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

export async function countAllStaffUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(staffUsers);
  return row?.n ?? 0;
}
