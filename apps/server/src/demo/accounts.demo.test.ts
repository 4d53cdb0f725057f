import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TENANTS } from '@cmp/domain';
import type { PersonalCarList } from '@cmp/domain/accounts/car-contracts';
import type { PlatformAccount } from '@cmp/domain/accounts/account-contracts';
import type { FileStorage } from '../platform/storage/file-storage.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { DEMO_ACCOUNT_TOTALS, demoAccountCounts, demoAccountId, seedAccounts } from './accounts.demo.js';
import { CITY_ANCHORS } from './city-anchors.js';
import { COMMENT_ACCOUNTS } from './comments.demo.js';
import { seededRandom } from './random.js';

const NO_FILES = {} as FileStorage;
const NOW = new Date(Date.UTC(2026, 10, 1, 4));

describe('demo accounts', () => {
  let sut: TestContext;
  let operator: string;
  let seedMs: number;
  let seedCpuMs: number;
  beforeAll(async () => {
    sut = await createTestContext();
    const started = performance.now();
    const cpu = process.cpuUsage();
    await sut.database.db.transaction(async (tx) =>
      seedAccounts({ tx, random: seededRandom(3), size: 'small', password: '', now: NOW, storage: NO_FILES }),
    );
    seedMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    seedCpuMs = (used.user + used.system) / 1000;
    operator = await sut.userWith('operator', 'nio');
  });
  afterAll(() => sut.app.close());

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await sut.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('should make 300,000 accounts across the tenants, ids from ACC100000 in each', async () => {
    console.info(
      `seeded ${DEMO_ACCOUNT_TOTALS.small} demo accounts and their cars on ${sut.database.driver} in ` +
        `${Math.round(seedMs)} ms wall, ${Math.round(seedCpuMs)} ms CPU of this process (PGlite runs in it)`,
    );
    const counts = await rows<{
      tenant: string;
      n: number;
      first: string;
      last: string;
      mobiles: number;
    }>(sql`
      select tenant, count(*)::int as n, min(account_id) as first, max(account_id) as last,
        count(distinct mobile)::int as mobiles
      from accounts group by tenant order by tenant`);
    const expected = demoAccountCounts('small');
    expect(counts).toEqual(
      [...TENANTS].sort().map((tenant) => ({
        tenant,
        n: expected[tenant],
        first: demoAccountId(0),
        last: demoAccountId(expected[tenant] - 1),
        mobiles: expected[tenant],
      })),
    );
    expect(Object.values(expected).reduce((a, b) => a + b)).toBe(300_000);
  });

  it('should hold every commenter of the comments demo in every tenant, at both sizes', () => {
    for (const size of ['small', 'large'] as const) {
      expect(Math.min(...Object.values(demoAccountCounts(size)))).toBeGreaterThanOrEqual(
        COMMENT_ACCOUNTS[size],
      );
    }
    expect(Object.values(demoAccountCounts('large')).reduce((a, b) => a + b)).toBe(1_000_000);
  });

  it('should give people Chinese names, nicknames, genders, birthdays and usual cities of the demo network', async () => {
    const [mix] = await rows<{
      han: number;
      nick: number;
      defaults: number;
      male: number;
      female: number;
      unknown: number;
      born: number;
      deleted: number;
      cities: string[];
      names: number;
    }>(sql`
      select count(*) filter (where name ~ '^[\u4e00-\u9fff]{2,3}$')::int as han,
        count(*) filter (where nick_name is not null)::int as nick,
        count(*) filter (where is_default_nickname)::int as defaults,
        count(*) filter (where gender = 'male')::int as male,
        count(*) filter (where gender = 'female')::int as female,
        count(*) filter (where gender = 'unknown')::int as unknown,
        count(*) filter (where birthday between '1965-01-01' and '2005-12-31')::int as born,
        count(*) filter (where is_delete)::int as deleted,
        array_agg(distinct usual_city_code) as cities,
        count(distinct name)::int as names
      from accounts where tenant = 'nio'`);
    const n = demoAccountCounts('small').nio;
    expect(mix!.han).toBe(n);
    expect(mix!.nick).toBe(n);
    expect(mix!.defaults / n).toBeCloseTo(0.3, 1);
    expect(mix!.male / n).toBeCloseTo(0.52, 1);
    expect(mix!.female / n).toBeCloseTo(0.45, 1);
    expect(mix!.unknown).toBeGreaterThan(0);
    expect(mix!.born / n).toBeCloseTo(0.8, 1);
    expect(mix!.deleted / n).toBeCloseTo(0.01, 2);
    expect(mix!.names).toBeGreaterThan(20_000);
    expect(new Set(mix!.cities)).toEqual(new Set(CITY_ANCHORS.map((c) => c.cityId)));
  });

  it('should give about half of the accounts a car of their city, some an older unbound one', async () => {
    const [cars] = await rows<{
      owners: number;
      bound: number;
      unbound: number;
      orphans: number;
      mismatched: number;
    }>(sql`
      select count(distinct (c.tenant, c.user_id))::int as owners,
        count(*) filter (where binding_status = 'bound')::int as bound,
        count(*) filter (where binding_status = 'unbound')::int as unbound,
        (select count(*)::int from personal_cars c where not exists
          (select 1 from accounts a where a.tenant = c.tenant and a.account_id = c.user_id)) as orphans,
        count(*) filter (where left(c.plate_number, 1) <> left(p.plate, 1))::int as mismatched
      from personal_cars c
      join accounts a on a.tenant = c.tenant and a.account_id = c.user_id
      cross join lateral (select case a.usual_city_code when '310100' then '沪' when '110100' then '京'
        when '440300' then '粤' else left(c.plate_number, 1) end as plate) as p`);
    const total = DEMO_ACCOUNT_TOTALS.small;
    expect(cars!.owners / total).toBeCloseTo(0.5, 1);
    expect(cars!.bound).toBe(cars!.owners);
    expect(cars!.unbound / total).toBeCloseTo(1 / 24, 2);
    expect(cars!.orphans).toBe(0);
    expect(cars!.mismatched).toBe(0);
  });

  it('should be found through the look-ups, by mobile and by nickname, with their cars', async () => {
    const [owner] = await rows<{ account_id: string; mobile: string; nick_name: string }>(sql`
      select a.account_id, a.mobile, a.nick_name from accounts a
      where a.tenant = 'nio' and not a.is_delete and exists
        (select 1 from personal_cars c where c.tenant = 'nio' and c.user_id = a.account_id)
      order by a.account_id limit 1`);
    const byMobile = await sut.app.inject({
      method: 'GET',
      url: `/api/nio/accounts/by-mobile?mobile=${owner!.mobile}`,
      headers: { cookie: operator },
    });
    expect(byMobile.json<PlatformAccount>()).toMatchObject({
      accountId: owner!.account_id,
      nickName: owner!.nick_name,
      countryCode: '86',
    });
    const cars = await sut.app.inject({
      method: 'GET',
      url: `/api/nio/accounts/${owner!.account_id}/cars`,
      headers: { cookie: operator },
    });
    expect(cars.json<PersonalCarList>().items[0]).toMatchObject({
      userId: owner!.account_id,
      bindingStatus: 'bound',
      isPsSupported: true,
    });
    const ids = Array.from({ length: 10_000 }, (_, i) => demoAccountId(i));
    const many = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/accounts/by-ids',
      headers: { cookie: operator },
      payload: { accountIds: ids },
    });
    expect(many.statusCode).toBe(200);
  });
});
