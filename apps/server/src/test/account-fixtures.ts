import { sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import { accounts, personalCars } from '../modules/accounts/accounts.tables.js';
import type { DbOrTx } from '../platform/db/database.js';

type AccountInsert = typeof accounts.$inferInsert;
type CarInsert = typeof personalCars.$inferInsert;

const T0 = new Date(Date.UTC(2025, 0, 1));

/** An account straight in the database, as the account service would have sent it. */
export async function insertAccount(
  db: DbOrTx,
  tenant: Tenant,
  accountId: string,
  fields: Partial<Omit<AccountInsert, 'tenant' | 'accountId'>> = {},
): Promise<void> {
  await db.insert(accounts).values({
    tenant,
    accountId,
    createTime: T0,
    updateTime: T0,
    ...fields,
  });
}

/**
 * `count` accounts `${prefix}${i}` with mobiles `139` + i in eight digits and nicknames `用户${i}`, in one
 * statement.
 */
export async function insertAccountRange(
  db: DbOrTx,
  tenant: Tenant,
  count: number,
  prefix = 'U',
): Promise<void> {
  await db.execute(sql`
    insert into ${accounts} (tenant, account_id, mobile, name, nick_name, create_time, update_time)
    select ${tenant}, ${prefix} || i, '139' || lpad(i::text, 8, '0'), '用户' || i, '用户' || i, ${T0.toISOString()}::timestamptz, ${T0.toISOString()}::timestamptz
    from generate_series(0, ${count - 1}::int) as i`);
}

export async function insertCar(
  db: DbOrTx,
  tenant: Tenant,
  vehicleId: string,
  userId: string,
  fields: Partial<Omit<CarInsert, 'tenant' | 'vehicleId' | 'userId'>> = {},
): Promise<void> {
  await db.insert(personalCars).values({
    tenant,
    vehicleId,
    userId,
    createTime: T0,
    updateTime: T0,
    ...fields,
  });
}
