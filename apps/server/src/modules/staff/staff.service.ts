import { z } from 'zod';
import {
  Tenant,
  TENANTS,
  type CreateStaffUserRequest,
  type CurrentUser,
  type StaffUser,
  type StaffUserListQuery,
  type TenantRole,
  type UpdateStaffUserRequest,
  type Page,
} from '@cmp/domain';
import { StaffUserFilter } from '@cmp/domain/staff/staff-export';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { generatePassword, hashPassword } from '../../platform/auth/password.js';
import type { AuthenticatedUser } from '../../platform/http/route-access.js';
import { adminTenants } from '../../platform/http/route-access.js';
import { STAFF_LIST_EXPORT } from './staff.export.js';
import * as repo from './staff.repo.js';
import type { StaffScope } from './staff.repo.js';

const ENTITY = 'staff_user';

/** A staff account with what signing in checks: its password hash, state and credentials version. */
export type StaffAccount = repo.StaffUserRow;

export const toCurrentUser = (row: repo.StaffExportRow): CurrentUser => ({
  userId: row.id,
  userName: row.userName,
  displayName: row.displayName,
  outerUserId: row.outerUserId,
  mail: row.mail,
  mobilePhoneNumber: row.mobilePhoneNumber,
  roles: row.roles,
  tenants: row.roles.map((r) => r.tenant),
  mustChangePassword: row.mustChangePassword,
  systemAdmin: row.systemAdmin,
});

/** What the acting admin is shown of an account: its roles in the tenants within the admin's scope only. */
export const toStaffUser = (row: repo.StaffExportRow, scope: StaffScope = 'all'): StaffUser => {
  const roles = scope === 'all' ? row.roles : row.roles.filter((r) => scope.includes(r.tenant));
  return {
    ...toCurrentUser({ ...row, roles }),
    disabled: row.disabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    rolesElsewhere: roles.length < row.roles.length,
  };
};

/** What the audit keeps of a user: never the password hash. */
const auditView = (row: repo.StaffUserRow) => {
  const { passwordHash: _hash, credentialsVersion: _version, ...rest } = row;
  return rest;
};

/** The accounts of a list's rows, as the acting admin is shown them. */
const toStaffUsers = (
  rows: { user: Omit<repo.StaffExportRow, 'roles'>; roles: TenantRole[] }[],
  scope: StaffScope,
): StaffUser[] => rows.map(({ user, roles }) => toStaffUser({ ...user, roles }, scope));

const sameRoles = (a: TenantRole[], b: TenantRole[]): boolean =>
  a.length === b.length && a.every((r) => b.some((s) => s.tenant === r.tenant && s.role === r.role));

export interface ActingAdmin {
  user: AuthenticatedUser;
  actor: Actor;
}

/** The system administrator administers every account; a tenant admin the staff of its tenants. */
const scopeOf = (admin: AuthenticatedUser): StaffScope => (admin.systemAdmin ? 'all' : adminTenants(admin));

/**
 * What a staff export reads: the list's filter and the acting admin's scope as the request had it, so
 * that an export job, which runs without the request, reads exactly what the list showed. Job
 * parameters are checked again when the job runs, so the filter's `disabled` is kept as the boolean it
 * was read as.
 */
const StaffExportQuery = StaffUserFilter.omit({ disabled: true }).extend({
  disabled: z.boolean().optional(),
  scope: z.union([z.literal('all'), z.array(Tenant).max(TENANTS.length)]),
});
export type StaffExportQuery = z.infer<typeof StaffExportQuery>;

/**
 * Staff administration, scoped to the acting admin: a tenant admin sees only accounts with a role in a
 * tenant it administers, and of them only those roles; it grants and removes roles only in those
 * tenants; it changes the profile, the password or the status only of accounts that work in no other
 * tenant. Accounts outside its scope do not exist for it (404).
 */
export class StaffService {
  private readonly userChangeListeners: ((userId: number) => void)[] = [];

  constructor(private readonly db: Db) {}

  /** Calls `listener` once a change to a user's roles, profile, state or password is committed. */
  onUserChanged(listener: (userId: number) => void): void {
    this.userChangeListeners.push(listener);
  }

  private changed(userId: number): void {
    for (const listener of this.userChangeListeners) listener(userId);
  }

  async get(id: number, { user }: ActingAdmin): Promise<StaffUser> {
    return toStaffUser(await this.requireVisible(this.db, id, user), scopeOf(user));
  }

  /** The account of that id or user name with its password hash and credentials version, for signing in. */
  account(where: { id: number } | { userName: string }): Promise<StaffAccount | undefined> {
    return repo.findStaffUser(this.db, where);
  }

  /** A sign-in of the account, in the caller's transaction (the session it opens). */
  async recordSignIn(tx: DbOrTx, userId: number): Promise<void> {
    await repo.updateStaffUser(tx, userId, { lastSignInAt: new Date() });
  }

  /**
   * The account's own new password, in the caller's transaction: its credentials version moves on, which
   * ends the sessions that the caller does not carry over.
   */
  async setOwnPassword(tx: DbOrTx, userId: number, passwordHash: string): Promise<void> {
    await repo.updateStaffUser(
      tx,
      userId,
      { passwordHash, mustChangePassword: false },
      { bumpCredentials: true },
    );
  }

  async currentUser(id: number): Promise<CurrentUser> {
    const row = await repo.findStaffUser(this.db, { id });
    if (!row) throw AppError.notFound('staff user', id);
    return toCurrentUser(row);
  }

  async list(query: StaffUserListQuery, { user }: ActingAdmin): Promise<Page<StaffUser>> {
    const { pageNo, pageSize, ...filter } = query;
    const scope = scopeOf(user);
    const page = await repo.staffUserList.page(this.db, { ...filter, scope }, { pageNo, pageSize });
    return { items: toStaffUsers(page.rows, scope), total: page.total };
  }

  /** The export's query for a filter of the list: the filter within the acting admin's scope. */
  exportQuery(filter: StaffUserFilter, { user }: ActingAdmin): StaffExportQuery {
    const scope = scopeOf(user);
    return { ...filter, scope: scope === 'all' ? scope : [...scope] };
  }

  /** The list as an export (`platform/export`): the same scope, filter and order, read batch by batch by key. */
  readonly export = listExport({
    list: 'staff.list',
    query: StaffExportQuery,
    sheet: STAFF_LIST_EXPORT,
    rows: repo.staffUserList,
    items: (rows, { scope }) => toStaffUsers(rows, scope),
  });

  async create(
    input: CreateStaffUserRequest,
    { user, actor }: ActingAdmin,
  ): Promise<{ user: StaffUser; initialPassword: string | null }> {
    assertCanGrant(user, [], input.roles);
    if (input.roles.length === 0) throw roleNeeded();
    const initialPassword = input.password === undefined ? generatePassword() : null;
    const passwordHash = await hashPassword(input.password ?? initialPassword!);
    return this.db.transaction(async (tx) => {
      if (await repo.findStaffUser(tx, { userName: input.userName })) {
        throw AppError.conflict(`user name "${input.userName}" is taken`);
      }
      const id = await repo.insertStaffUser(tx, {
        userName: input.userName,
        displayName: input.displayName,
        mail: input.mail ?? null,
        mobilePhoneNumber: input.mobilePhoneNumber ?? null,
        outerUserId: input.outerUserId ?? null,
        passwordHash,
        // Whoever set the first password knows it; the user must choose their own.
        mustChangePassword: true,
      });
      await repo.replaceRoles(tx, id, input.roles);
      const created = await this.require(tx, id);
      await writeAudit(tx, {
        actor,
        entityType: ENTITY,
        entityId: id,
        action: 'CREATE',
        after: auditView(created),
      });
      return { user: toStaffUser(created, scopeOf(user)), initialPassword };
    });
  }

  /**
   * `roles` are the account's roles within the admin's scope; its roles in other tenants, which the admin
   * was never shown, stay as they are.
   */
  async update(id: number, input: UpdateStaffUserRequest, { user, actor }: ActingAdmin): Promise<StaffUser> {
    const scope = scopeOf(user);
    const updated = await this.db.transaction(async (tx) => {
      const before = await this.requireVisible(tx, id, user);
      const profile = {
        displayName: input.displayName,
        mail: input.mail,
        mobilePhoneNumber: input.mobilePhoneNumber,
        outerUserId: input.outerUserId,
      };
      const profileChanges = Object.entries(profile).some(
        ([key, value]) => value !== undefined && value !== before[key as keyof typeof profile],
      );
      if (profileChanges) assertCanManage(user, before);
      if (scope !== 'all' && input.roles?.some((r) => !scope.includes(r.tenant))) {
        throw AppError.forbidden('roles in tenants you do not administer are not yours to set');
      }
      const roles = input.roles && [
        ...(scope === 'all' ? [] : before.roles.filter((r) => !scope.includes(r.tenant))),
        ...input.roles,
      ];
      if (roles) {
        if (before.systemAdmin && !user.systemAdmin && !sameRoles(before.roles, roles)) {
          throw AppError.forbidden('only the system administrator manages this account');
        }
        assertCanGrant(user, before.roles, roles);
        // The roles in the admin's scope, not the account's in every tenant: with none left there, the
        // account would vanish from the admin's view.
        if (scope !== 'all' && input.roles!.length === 0) throw roleNeeded();
      }
      await repo.updateStaffUser(tx, id, profile);
      if (roles && !sameRoles(before.roles, roles)) await repo.replaceRoles(tx, id, roles);
      const after = await this.require(tx, id);
      await writeAudit(tx, {
        actor,
        entityType: ENTITY,
        entityId: id,
        action: 'UPDATE',
        before: auditView(before),
        after: auditView(after),
      });
      return toStaffUser(after, scope);
    });
    this.changed(id);
    return updated;
  }

  async setDisabled(id: number, disabled: boolean, { user, actor }: ActingAdmin): Promise<StaffUser> {
    if (disabled && id === user.id)
      throw AppError.rule('cannot_disable_self', 'you cannot disable your own account');
    const changed = await this.db.transaction(async (tx) => {
      const before = await this.requireVisible(tx, id, user);
      assertCanManage(user, before);
      if (before.disabled === disabled) return toStaffUser(before, scopeOf(user));
      // Disabling bumps the credentials version, which ends every session of the user at once.
      await repo.updateStaffUser(tx, id, { disabled }, { bumpCredentials: disabled });
      const after = await this.require(tx, id);
      await writeAudit(tx, {
        actor,
        entityType: ENTITY,
        entityId: id,
        action: disabled ? 'DISABLE' : 'ENABLE',
        before: { disabled: before.disabled },
        after: { disabled: after.disabled },
      });
      return toStaffUser(after, scopeOf(user));
    });
    this.changed(id);
    return changed;
  }

  async resetPassword(
    id: number,
    password: string | undefined,
    { user, actor }: ActingAdmin,
  ): Promise<string> {
    const issued = password ?? generatePassword();
    const passwordHash = await hashPassword(issued);
    await this.db.transaction(async (tx) => {
      const target = await this.requireVisible(tx, id, user);
      assertCanManage(user, target);
      await repo.updateStaffUser(
        tx,
        id,
        { passwordHash, mustChangePassword: true },
        { bumpCredentials: true },
      );
      await writeAudit(tx, { actor, entityType: ENTITY, entityId: id, action: 'RESET_PASSWORD' });
    });
    this.changed(id);
    return issued;
  }

  private async require(db: DbOrTx, id: number): Promise<repo.StaffUserRow> {
    const row = await repo.findStaffUser(db, { id });
    if (!row) throw AppError.notFound('staff user', id);
    return row;
  }

  /** The account, when the admin's scope reaches it; otherwise 404, as if it did not exist. */
  private async requireVisible(db: DbOrTx, id: number, admin: AuthenticatedUser): Promise<repo.StaffUserRow> {
    const row = await this.require(db, id);
    const scope = scopeOf(admin);
    if (scope !== 'all' && !row.roles.some((r) => scope.includes(r.tenant))) {
      throw AppError.notFound('staff user', id);
    }
    return row;
  }
}

const roleNeeded = () =>
  AppError.rule(
    'staff_role_required',
    'an account needs a role in a tenant you administer; disable it to take its access away',
  );

/**
 * Profile, password and status belong to the whole account: an admin changes them only when it
 * administers every tenant the account works in. The system administrator's account is its own.
 */
function assertCanManage(admin: AuthenticatedUser, target: repo.StaffUserRow): void {
  if (admin.systemAdmin) return;
  if (target.systemAdmin) throw AppError.forbidden('only the system administrator manages this account');
  const administered = new Set(adminTenants(admin));
  const outside = target.roles.filter((r) => !administered.has(r.tenant)).map((r) => r.tenant);
  if (outside.length > 0) {
    throw AppError.forbidden(`this account also works in ${outside.join(', ')}, which you do not administer`);
  }
}

/** Roles may change only in tenants the admin administers. */
function assertCanGrant(admin: AuthenticatedUser, before: TenantRole[], after: TenantRole[]): void {
  if (admin.systemAdmin) return;
  const administered = new Set<Tenant>(adminTenants(admin));
  const touched = new Set<Tenant>();
  for (const r of after) {
    if (!before.some((b) => b.tenant === r.tenant && b.role === r.role)) touched.add(r.tenant);
  }
  for (const b of before) if (!after.some((r) => r.tenant === b.tenant)) touched.add(b.tenant);
  const refused = [...touched].filter((t) => !administered.has(t));
  if (refused.length > 0) throw AppError.forbidden(`you cannot change roles in ${refused.join(', ')}`);
}
