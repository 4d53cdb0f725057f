import {
  and,
  asc,
  eq,
  exists,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  parseSort,
  STAFF_USER_SORTABLE,
  type StaffRole,
  type StaffUserListQuery,
  type Tenant,
  type TenantRole,
} from '@cmp/domain';
import type { StaffUserFilter } from '@cmp/domain/staff/staff-export';
import type { DbOrTx } from '../../platform/db/database.js';
import { limitOffset } from '../../platform/http/paging.js';
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

const hasRoleIn = (db: DbOrTx, tenants: readonly Tenant[]) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(staffUserRoles)
      .where(and(eq(staffUserRoles.userId, staffUsers.id), inArray(staffUserRoles.tenant, [...tenants]))),
  );

/** The list's conditions, which its export shares: the admin's scope, then the filter. */
function staffWhere(db: DbOrTx, filter: StaffUserFilter, scope: StaffScope): SQL | undefined {
  const conditions: SQL[] = [];
  if (scope !== 'all') conditions.push(scope.length > 0 ? hasRoleIn(db, scope) : sql`false`);
  if (filter.keyword) {
    const pattern = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(staffUsers.userName, pattern),
        ilike(staffUsers.displayName, pattern),
        ilike(staffUsers.mail, pattern),
        ilike(staffUsers.mobilePhoneNumber, pattern),
      )!,
    );
  }
  if (filter.tenant || filter.role) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(staffUserRoles)
          .where(
            and(
              eq(staffUserRoles.userId, staffUsers.id),
              filter.tenant ? eq(staffUserRoles.tenant, filter.tenant) : undefined,
              filter.role ? eq(staffUserRoles.role, filter.role) : undefined,
            ),
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

const SORTABLE = {
  userName: staffUsers.userName,
  createdAt: staffUsers.createdAt,
  lastSignInAt: staffUsers.lastSignInAt,
} satisfies Record<(typeof STAFF_USER_SORTABLE)[number], AnyPgColumn>;

export interface StaffOrder {
  column: AnyPgColumn;
  direction: 'asc' | 'desc';
}

/** The requested order (checked against the sortable columns; 400 otherwise), by user name by default. */
export function staffOrder(sort: string | undefined): StaffOrder {
  const order = parseSort(sort, STAFF_USER_SORTABLE);
  return order
    ? { column: SORTABLE[order.column], direction: order.direction }
    : { column: staffUsers.userName, direction: 'asc' };
}

/**
 * The id breaks ties, so pages never overlap. Nulls (a last sign-in that never happened) sort as the
 * largest value, PostgreSQL's default: last going up, first going down. The export's cursor relies on it.
 */
const orderBy = ({ column, direction }: StaffOrder) => [
  direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls first`,
  asc(staffUsers.id),
];

export async function listStaffUsers(db: DbOrTx, query: StaffUserListQuery, scope: StaffScope) {
  const where = staffWhere(db, query, scope);
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select({ ...selection, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(staffUsers)
    .where(where)
    .orderBy(...orderBy(staffOrder(query.sort)))
    .limit(limit)
    .offset(offset);
  // count(*) over() is empty past the last page; the total is still wanted there.
  const total = rows[0]?.total ?? (query.pageNo > 1 ? await countStaffUsers(db, query, scope) : 0);
  return { items: rows.map(toRow), total };
}

export async function countStaffUsers(
  db: DbOrTx,
  filter: StaffUserFilter,
  scope: StaffScope,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(staffUsers)
    .where(staffWhere(db, filter, scope));
  return row?.n ?? 0;
}

/** A staff account as an export reads it: never its password hash or its credentials version. */
export type StaffExportRow = Omit<StaffUserRow, 'passwordHash' | 'credentialsVersion'>;

const { passwordHash: _hash, credentialsVersion: _version, ...exportedColumns } = getTableColumns(staffUsers);

/** Where an export batch ended: the sort value as the database prints it (full precision, or null) and the id. */
export interface StaffCursor {
  value: string | null;
  id: number;
}

/**
 * Rows after the cursor in the list's order, nulls (a last sign-in that never happened) being the largest
 * values: a cursor on a null goes on among the nulls by id, and going up every null follows every value.
 * Without nulls, the bound on the sort column alone lets its index start at the cursor.
 */
function after({ column, direction }: StaffOrder, { value, id }: StaffCursor): SQL {
  const tie = sql`${staffUsers.id} > ${id}`;
  if (value === null) {
    return direction === 'asc' ? and(isNull(column), tie)! : or(isNotNull(column), and(isNull(column), tie))!;
  }
  return direction === 'asc'
    ? or(and(sql`${column} >= ${value}`, or(sql`${column} > ${value}`, tie)), isNull(column))!
    : and(sql`${column} <= ${value}`, or(sql`${column} < ${value}`, tie))!;
}

/** One batch of an export, read by key (not offset) so every batch costs the same. */
export async function exportStaffBatch(
  db: DbOrTx,
  filter: StaffUserFilter,
  scope: StaffScope,
  cursor: StaffCursor | null,
  size: number,
): Promise<{ rows: StaffExportRow[]; next: StaffCursor | null }> {
  const order = staffOrder(filter.sort);
  const rows = await db
    .select({
      user: exportedColumns,
      roles: rolesOfStaffUser,
      cursorValue: sql<string | null>`${order.column}::text`,
    })
    .from(staffUsers)
    .where(and(staffWhere(db, filter, scope), cursor ? after(order, cursor) : undefined))
    .orderBy(...orderBy(order))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ user, roles }) => ({ ...user, roles })),
    next: last && rows.length === size ? { value: last.cursorValue, id: last.user.id } : null,
  };
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

export async function hasSystemAdmin(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.systemAdmin, true))
    .limit(1);
  return rows.length > 0;
}
