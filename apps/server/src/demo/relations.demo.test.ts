import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { insertAccount } from '../test/relation-fixtures.js';
import { insertChargeStation, insertSwapStation } from '../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { seededRandom } from './random.js';
import { seedRelations } from './relations.demo.js';

describe('demo relations', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestContext();
    const db = sut.database.db;
    for (let i = 0; i < 40; i++) await insertChargeStation(db, `CS-D${i}`);
    for (let i = 0; i < 10; i++) await insertSwapStation(db, `PS-D${i}`);
    for (const tenant of ['nio', 'pe'] as const) {
      for (let i = 0; i < 60; i++) await insertAccount(db, `ACC${100000 + i}`, { tenant });
    }
    await sut.userWith('operator', 'nio');
    await db.transaction(async (tx) =>
      seedRelations({
        tx,
        random: seededRandom(7),
        size: 'small',
        password: '',
        now: new Date(),
        storage: new LocalFileStorage(sut.config.dataDir),
      }),
    );
  });
  afterAll(() => sut.app.close());

  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await sut.database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

  it('should tie a few thousand of the accounts to the stations, only in tenants that have accounts', async () => {
    const counts = await one<{
      n: number;
      tenants: string;
      types: number;
      sources: number;
      unknown: number;
    }>(sql`
      select count(*)::int as n, string_agg(distinct tenant, ',' order by tenant) as tenants,
        count(distinct relation_type)::int as types, count(distinct source)::int as sources,
        (select count(*)::int from relations r where not exists
          (select 1 from accounts a where a.tenant = r.tenant and a.account_id = r.account_id)) as unknown
      from relations`);
    // app and portal: the report flow's discoverers come with the demo's reports.
    expect(counts).toEqual({ n: 3000, tenants: 'nio,pe', types: 3, sources: 2, unknown: 0 });
  });

  it('should keep one live relation of a type per account and station, and give every unbound one a reason', async () => {
    const rows = await one<{
      duplicated: number;
      unbound: number;
      unexplained: number;
      backwards: number;
    }>(sql`
      select
        (select count(*)::int from (select 1 from relations where state = 'bind'
          group by tenant, resource_id, account_id, relation_type having count(*) > 1) d) as duplicated,
        count(*) filter (where state = 'unbind')::int as unbound,
        count(*) filter (where state = 'unbind' and (unbind_reason is null or unbind_time is null))::int
          as unexplained,
        count(*) filter (where unbind_time < bind_time)::int as backwards
      from relations`);
    expect(rows.duplicated).toBe(0);
    expect(rows.unbound).toBeGreaterThan(300);
    expect(rows).toMatchObject({ unexplained: 0, backwards: 0 });
  });

  it("should put every bind and unbind in its station's history, staff under their name", async () => {
    const history = await one<{
      binds: number;
      unbinds: number;
      relations: number;
      unbound: number;
      staff: number;
    }>(sql`
      select
        count(*) filter (where action = 'CHARGE_STATION_CONTRIBUTOR_BIND')::int as binds,
        count(*) filter (where action = 'CHARGE_STATION_CONTRIBUTOR_UNBIND')::int as unbinds,
        (select count(*)::int from relations) as relations,
        (select count(*)::int from relations where state = 'unbind') as unbound,
        count(*) filter (where actor_type = 'staff' and actor_user_id is not null)::int as staff
      from audit_records where entity_type = 'station'`);
    expect(history.binds).toBe(history.relations);
    expect(history.unbinds).toBe(history.unbound);
    expect(history.staff).toBeGreaterThan(0);
    const record = await one<{ after: Record<string, unknown> }>(sql`
      select after from audit_records where action = 'CHARGE_STATION_CONTRIBUTOR_UNBIND' order by id limit 1`);
    expect(record.after).toMatchObject({
      relationState: 'unbind',
      accountName: expect.stringMatching(/^Nick ACC/),
    });
    expect(typeof record.after.unbindReason).toBe('string');
  });
});
