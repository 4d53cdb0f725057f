import { STAFF_ROLES, TENANTS, type TenantRole } from '@cmp/domain';
import type { DemoContext } from './demo-context.js';
import * as staffRepo from '../modules/staff/staff.repo.js';
import { hashPassword } from '../platform/auth/password.js';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军'];

/** One account per tenant and role (`nio-admin`, `pe-viewer`, ...), one working in every tenant, then filler staff. */
export async function seedStaff({ tx, random, size, password }: DemoContext): Promise<void> {
  const passwordHash = await hashPassword(password);
  const accounts: { userName: string; displayName: string; roles: TenantRole[] }[] = [];
  for (const tenant of TENANTS) {
    for (const role of STAFF_ROLES) {
      accounts.push({
        userName: `${tenant}-${role}`,
        displayName: `${tenant.toUpperCase()} ${role}`,
        roles: [{ tenant, role }],
      });
    }
  }
  accounts.push({
    userName: 'ops-all',
    displayName: 'Operations (all tenants)',
    roles: TENANTS.map((tenant) => ({ tenant, role: 'operator' as const })),
  });
  const filler = size === 'large' ? 2000 : 60;
  for (let i = 1; i <= filler; i++) {
    const tenant = TENANTS[i % TENANTS.length]!;
    accounts.push({
      userName: `staff${String(i).padStart(4, '0')}`,
      displayName: `${SURNAMES[Math.floor(random() * SURNAMES.length)]}${GIVEN[Math.floor(random() * GIVEN.length)]}`,
      roles: [{ tenant, role: random() < 0.7 ? 'operator' : 'viewer' }],
    });
  }
  for (const account of accounts) {
    const id = await staffRepo.insertStaffUser(tx, {
      userName: account.userName,
      displayName: account.displayName,
      mail: `${account.userName}@example.com`,
      mobilePhoneNumber: `13${String(Math.floor(random() * 1e9)).padStart(9, '0')}`,
      passwordHash,
    });
    await staffRepo.replaceRoles(tx, id, account.roles);
  }
}
