import { TENANTS } from '@cmp/domain';
import type { Db } from '../../platform/db/database.js';
import { SYSTEM_ACTOR, writeAudit } from '../../platform/audit/audit.js';
import { generatePassword, hashPassword } from '../../platform/auth/password.js';
import * as repo from './staff.repo.js';

export const ADMIN_USER_NAME = 'admin';

/**
 * On a database without a system administrator (a new one, or a copy of the demo's, whose accounts are
 * per tenant), creates `admin` (admin of every tenant) with the given or a generated
 * password, flagged to change at first sign-in. Answers the generated password so `main` prints it
 * once, or null when nothing was created or the password was given.
 */
export async function ensureFirstAdmin(
  db: Db,
  givenPassword?: string,
): Promise<{ created: boolean; password: string | null }> {
  if (await repo.hasSystemAdmin(db)) return { created: false, password: null };
  const password = givenPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const id = await repo.insertStaffUser(tx, {
      userName: ADMIN_USER_NAME,
      // The portal speaks Chinese first; the name is the account's own and staff administration can change it.
      displayName: '系统管理员',
      passwordHash,
      mustChangePassword: true,
      systemAdmin: true,
    });
    await repo.replaceRoles(
      tx,
      id,
      TENANTS.map((tenant) => ({ tenant, role: 'admin' as const })),
    );
    await writeAudit(tx, {
      actor: SYSTEM_ACTOR,
      entityType: 'staff_user',
      entityId: id,
      action: 'CREATE',
      after: { userName: ADMIN_USER_NAME },
    });
  });
  return { created: true, password: givenPassword ? null : password };
}
