import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TENANTS } from '@cmp/domain';
import { INVITE_STATUSES_OF } from '@cmp/domain/invitations/invitation-codes';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { seedAppClients } from './app-clients.demo.js';
import { insertJsonRows } from './bulk-insert.js';
import { seedInvitations } from './invitations.demo.js';
import { seededRandom } from './random.js';

describe('demo invitations and app clients', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestContext();
    const db = sut.database.db;
    const made = new Date('2025-01-01T00:00:00Z');
    for (const tenant of TENANTS) {
      await insertJsonRows(
        db,
        accounts,
        Array.from({ length: 3000 }, (_, i) => ({
          tenant,
          accountId: `ACC${100000 + i}`,
          createTime: made,
          updateTime: made,
        })),
      );
    }
    await db.transaction(async (tx) => {
      const context = { tx, random: seededRandom(5), size: 'small' as const, password: '', now: new Date() };
      await seedAppClients({ ...context, storage: undefined as never });
      await seedInvitations({ ...context, storage: undefined as never });
    });
  });
  afterAll(() => sut.app.close());

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await sut.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('should grow trees of both kinds in every tenant, the first account’s several levels deep', async () => {
    const counts = await rows<{ tenant: string; kind: string; n: number; inviters: number }>(sql`
      select tenant, kind, count(*)::int as n, count(distinct inviter_id)::int as inviters
      from invitations group by tenant, kind order by tenant, kind`);
    expect(counts).toHaveLength(TENANTS.length * 2);
    for (const c of counts) {
      expect(c.n, `${c.tenant} ${c.kind}`).toBeGreaterThan(c.kind === 'register' ? 500 : 100);
      expect(c.inviters).toBeGreaterThan(20);
    }
    for (const [kind, depth] of [
      ['register', 6],
      ['car_purchase', 4],
    ] as const) {
      const [deepest] = await rows<{ depth: number }>(sql`
        with recursive tree(user_id, depth) as (
          select user_id, 1 from invitations where tenant = 'nio' and kind = ${kind} and inviter_id = 'ACC100000'
          union all
          select i.user_id, tree.depth + 1 from invitations i join tree on i.inviter_id = tree.user_id
          where i.tenant = 'nio' and i.kind = ${kind} and tree.depth < 10)
        select max(depth)::int as depth from tree`);
      expect(deepest!.depth, kind).toBe(depth);
    }
  });

  it('should hold together: no one invites themself, each is invited once a kind, after their inviter, with a status of its kind', async () => {
    const [broken] = await rows<{ self: number; twice: number; early: number }>(sql`
      select
        (select count(*)::int from invitations where user_id = inviter_id) as self,
        (select count(*)::int from (select 1 from invitations group by tenant, kind, user_id having count(*) > 1) t) as twice,
        (select count(*)::int from invitations i join invitations p
           on p.tenant = i.tenant and p.kind = i.kind and p.user_id = i.inviter_id
         where i.create_time <= p.create_time or i.update_time < i.create_time) as early`);
    expect(broken).toEqual({ self: 0, twice: 0, early: 0 });
    const statuses = await rows<{ kind: 'register' | 'car_purchase'; status: string }>(sql`
      select distinct kind, invite_status as status from invitations`);
    for (const { kind, status } of statuses) expect(INVITE_STATUSES_OF[kind]).toContain(status);
    expect(new Set(statuses.map((s) => s.status)).size).toBe(8);
  });

  it('should register one enabled app back end per tenant, keeping its public key only', async () => {
    const clients = await rows<{ tenant: string; kind: string; state: string; name: string }>(sql`
      select c.tenant, s.kind, s.state, c.name from app_clients c join signed_clients s using (client_id)
      order by c.tenant`);
    expect(clients).toEqual(
      [...TENANTS].sort().map((tenant) => ({
        tenant,
        kind: 'app_backend',
        state: 'enabled',
        name: `${tenant.toUpperCase()} App 后台`,
      })),
    );
  });
});
