import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ChargerBindByMobile } from '@cmp/domain/accounts/user-chargers';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { insertDemoAccounts } from './accounts.demo.js';
import { seedOperators } from './operators.demo.js';
import { seededRandom } from './random.js';
import { DEMO_USER_CHARGER_COUNTS, seedUserChargers } from './user-chargers.demo.js';

const NOW = new Date('2026-11-22T00:00:00+08:00');

describe('demo home chargers', () => {
  let sut: TestContext;
  let operator: string;
  beforeAll(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    await sut.database.db.transaction(async (tx) => {
      await seedOperators(tx, NOW);
      for (const tenant of ['nio', 'pe'] as const) await insertDemoAccounts(tx, tenant, 5_000, NOW);
      await seedUserChargers({
        tx,
        random: seededRandom(13),
        size: 'small',
        password: '',
        now: NOW,
        storage: new LocalFileStorage(sut.config.dataDir),
      });
    });
  });
  afterAll(() => sut.app.close());

  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await sut.database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

  it("should give a few thousand of the tenants' users home chargers in their usual cities", async () => {
    const counts = await one<Record<string, number | string>>(sql`
      select count(*)::int as n, string_agg(distinct tenant, ',' order by tenant) as tenants,
        count(distinct tenant || owner_id)::int as owners,
        string_agg(distinct bind_type, ',' order by bind_type) as bind_types,
        count(*) filter (where not exists (select 1 from accounts a where a.tenant = c.tenant
          and a.account_id = c.owner_id and not a.is_delete))::int as strangers,
        count(*) filter (where left(region_id, 4) <> (select left(a.usual_city_code, 4) from accounts a
          where a.tenant = c.tenant and a.account_id = c.owner_id))::int as elsewhere,
        count(*) filter (where operator_id is null or not exists
          (select 1 from operators o where o.operator_id = c.operator_id))::int as unknown_operators,
        count(*) filter (where update_time > ${NOW.toISOString()}::timestamptz)::int as future
      from user_chargers c`);
    expect(counts).toMatchObject({
      n: DEMO_USER_CHARGER_COUNTS.small,
      tenants: 'nio,pe',
      bind_types: 'owner,shared',
      strangers: 0,
      elsewhere: 0,
      unknown_operators: 0,
      future: 0,
    });
    expect(counts.owners).toBeGreaterThan(2_000);
  });

  it("should answer a user's chargers in the charger-bind look-up by mobile", async () => {
    const owner = await one<{ mobile: string; accountId: string; chargers: number }>(sql`
      select a.mobile, a.account_id as "accountId", count(*)::int as chargers
      from user_chargers c join accounts a on a.tenant = c.tenant and a.account_id = c.owner_id
      where c.tenant = 'nio' group by a.mobile, a.account_id order by count(*) desc, a.account_id limit 1`);
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/power-chargers/charger-bind-by-mobile',
      headers: { cookie: operator },
      payload: { mobile: owner.mobile },
    });
    const bound = response.json<ChargerBindByMobile>();
    expect(bound.message.accountId).toBe(owner.accountId);
    expect(bound.resources).toHaveLength(owner.chargers);
    for (const charger of bound.resources) {
      expect(charger).toMatchObject({ ownerId: owner.accountId, resourceType: 'HomeCharger' });
      expect(charger.address).toMatch(/车位$/);
      expect(charger.serialNumber).toMatch(/^SN\d{14}$/);
    }
  });
});
