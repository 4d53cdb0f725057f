import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../platform/db/database.js';
import { accounts } from '../modules/accounts/accounts.tables.js';

/** An account of a tenant as the account service would have sent it; `ACC1` has mobile 13800000001. */
export async function insertAccount(
  db: DbOrTx,
  accountId: string,
  values: Partial<typeof accounts.$inferInsert> & { tenant?: Tenant } = {},
): Promise<void> {
  const digits = accountId.replace(/\D/g, '').padStart(4, '0').slice(-4);
  await db.insert(accounts).values({
    tenant: 'nio',
    accountId,
    mobile: `1380000${digits}`,
    name: `Name ${accountId}`,
    nickName: `Nick ${accountId}`,
    gender: 'female',
    countryCode: '86',
    avatar: `https://img.example/${accountId}.png`,
    medalImage: `https://img.example/${accountId}-medal.png`,
    intro: `Intro of ${accountId}`,
    udsUserId: `UDS-${accountId}`,
    createTime: new Date('2026-01-01T00:00:00Z'),
    updateTime: new Date('2026-01-01T00:00:00Z'),
    ...values,
  });
}
