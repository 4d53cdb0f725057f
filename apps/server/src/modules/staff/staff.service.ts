import type {
  CreateStaffUserRequest,
  CurrentUser,
  StaffUser,
  StaffUserListQuery,
  Tenant,
  TenantRole,
  UpdateStaffUserRequest,
  Page,
} from '@cmp/domain';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { generatePassword, hashPassword } from '../../platform/auth/password.js';
import type { AuthenticatedUser } from '../../platform/http/route-access.js';
import { adminTenants } from '../../platform/http/route-access.js';
import * as repo from './staff.repo.js';

const ENTITY = 'staff_user';

export const toCurrentUser = (row: repo.StaffUserRow): CurrentUser => ({
  userId: row.id,
  userName: row.userName,
  displayName: row.displayName,
  outerUserId: row.outerUserId,
  mail: row.mail,
  mobilePhoneNumber: row.mobilePhoneNumber,
  roles: row.roles,
  tenants: row.roles.map((r) => r.tenant),
  mustChangePassword: row.mustChangePassword,
});

export const toStaffUser = (row: repo.StaffUserRow): StaffUser => ({
  ...toCurrentUser(row),
  disabled: row.disabled,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
});

/** What the audit keeps of a user: never the password hash. */
const auditView = (row: repo.StaffUserRow) => {
  const { passwordHash: _hash, credentialsVersion: _version, ...rest } = row;
  return rest;
};

const sameRoles = (a: TenantRole[], b: TenantRole[]): boolean =>
  a.length === b.length && a.every((r) => b.some((s) => s.tenant === r.tenant && s.role === r.role));

export interface ActingAdmin {
  user: AuthenticatedUser;
  actor: Actor;
}

export class StaffService {
  constructor(private readonly db: Db) {}

  async get(id: number): Promise<StaffUser> {
    return toStaffUser(await this.require(this.db, id));
  }

  async currentUser(id: number): Promise<CurrentUser> {
    return toCurrentUser(await this.require(this.db, id));
  }

  async list(query: StaffUserListQuery): Promise<Page<StaffUser>> {
    const page = await repo.listStaffUsers(this.db, query);
    return { items: page.items.map(toStaffUser), total: page.total };
  }

  async create(
    input: CreateStaffUserRequest,
    { user, actor }: ActingAdmin,
  ): Promise<{ user: StaffUser; initialPassword: string | null }> {
    assertCanGrant(user, [], input.roles);
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
      return { user: toStaffUser(created), initialPassword };
    });
  }

  async update(id: number, input: UpdateStaffUserRequest, { user, actor }: ActingAdmin): Promise<StaffUser> {
    return this.db.transaction(async (tx) => {
      const before = await this.require(tx, id);
      assertCanManage(user, before);
      if (input.roles) assertCanGrant(user, before.roles, input.roles);
      await repo.updateStaffUser(tx, id, {
        displayName: input.displayName,
        mail: input.mail,
        mobilePhoneNumber: input.mobilePhoneNumber,
        outerUserId: input.outerUserId,
      });
      if (input.roles && !sameRoles(before.roles, input.roles)) await repo.replaceRoles(tx, id, input.roles);
      const after = await this.require(tx, id);
      await writeAudit(tx, {
        actor,
        entityType: ENTITY,
        entityId: id,
        action: 'UPDATE',
        before: auditView(before),
        after: auditView(after),
      });
      return toStaffUser(after);
    });
  }

  async setDisabled(id: number, disabled: boolean, { user, actor }: ActingAdmin): Promise<StaffUser> {
    if (disabled && id === user.id)
      throw AppError.rule('cannot_disable_self', 'you cannot disable your own account');
    return this.db.transaction(async (tx) => {
      const before = await this.require(tx, id);
      assertCanManage(user, before);
      if (before.disabled === disabled) return toStaffUser(before);
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
      return toStaffUser(after);
    });
  }

  async resetPassword(
    id: number,
    password: string | undefined,
    { user, actor }: ActingAdmin,
  ): Promise<string> {
    const issued = password ?? generatePassword();
    const passwordHash = await hashPassword(issued);
    await this.db.transaction(async (tx) => {
      const target = await this.require(tx, id);
      assertCanManage(user, target);
      await repo.updateStaffUser(
        tx,
        id,
        { passwordHash, mustChangePassword: true },
        { bumpCredentials: true },
      );
      await writeAudit(tx, { actor, entityType: ENTITY, entityId: id, action: 'RESET_PASSWORD' });
    });
    return issued;
  }

  private async require(db: DbOrTx, id: number): Promise<repo.StaffUserRow> {
    const row = await repo.findStaffUser(db, { id });
    if (!row) throw AppError.notFound('staff user', id);
    return row;
  }
}

/** An admin manages accounts only when it administers every tenant the account works in. */
function assertCanManage(admin: AuthenticatedUser, target: repo.StaffUserRow): void {
  const administered = new Set(adminTenants(admin));
  const outside = target.roles.filter((r) => !administered.has(r.tenant)).map((r) => r.tenant);
  if (outside.length > 0) {
    throw AppError.forbidden(`this account also works in ${outside.join(', ')}, which you do not administer`);
  }
}

/** Roles may change only in tenants the admin administers. */
function assertCanGrant(admin: AuthenticatedUser, before: TenantRole[], after: TenantRole[]): void {
  const administered = new Set<Tenant>(adminTenants(admin));
  const touched = new Set<Tenant>();
  for (const r of after) {
    if (!before.some((b) => b.tenant === r.tenant && b.role === r.role)) touched.add(r.tenant);
  }
  for (const b of before) if (!after.some((r) => r.tenant === b.tenant)) touched.add(b.tenant);
  const refused = [...touched].filter((t) => !administered.has(t));
  if (refused.length > 0) throw AppError.forbidden(`you cannot change roles in ${refused.join(', ')}`);
}
