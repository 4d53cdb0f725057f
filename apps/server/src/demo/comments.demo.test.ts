import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { insertChargeStation, insertSwapStation } from '../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { TENANTS } from '@cmp/domain';
import { insertDemoAccounts } from './accounts.demo.js';
import { COMMENT_ACCOUNTS, seedComments } from './comments.demo.js';
import { seededRandom } from './random.js';

const NOW = new Date();

describe('demo comments', () => {
  let sut: TestContext;
  let operator: string;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-demo-comments-'));
  // The app serves the files the seeder stores.
  const storage = new LocalFileStorage(files);
  beforeAll(async () => {
    sut = await createTestContext({}, { storage });
    const db = sut.database.db;
    for (let i = 0; i < 30; i++) await insertChargeStation(db, `CS-D${i}`);
    for (let i = 0; i < 10; i++) await insertSwapStation(db, `PS-D${i}`);
    await db.transaction(async (tx) => {
      // The commenters are the first demo accounts of each tenant.
      for (const tenant of TENANTS) await insertDemoAccounts(tx, tenant, COMMENT_ACCOUNTS.small, NOW);
      await seedComments({
        tx,
        random: seededRandom(11),
        size: 'small',
        password: '',
        now: NOW,
        storage,
      });
    });
    operator = await sut.userWith('operator', 'nio');
  });
  afterAll(async () => {
    await sut.app.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await sut.database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

  it('should spread tens of thousands of comments over the stations and tenants, counted on each station', async () => {
    const counts = await one<{ n: number; tenants: number; stations: number; mismatched: number }>(sql`
      select count(*)::int as n, count(distinct tenant)::int as tenants, count(distinct resource_id)::int as stations,
        (select count(*)::int from resources r
          where r.commentary_number <> (select count(*) from comments c where c.resource_id = r.resource_id)
             or r.focused_commentary_number <> (select count(*) from comments c where c.resource_id = r.resource_id and c.focused)
        ) as mismatched
      from comments`);
    expect(counts).toEqual({ n: 20_000, tenants: 3, stations: 40, mismatched: 0 });
  });

  it('should give replies, marks and pictures with their operation records, readable through the API', async () => {
    const replies = await one<{ replies: number; records: number; numbered: number }>(sql`
      select (select count(*)::int from comment_replies) as replies,
        (select count(*)::int from audit_records where entity_type = 'comment' and action = 'CREATE_REPLY') as records,
        (select count(*)::int from comments where reply_number = 1) as numbered`);
    expect(replies.replies).toBeGreaterThan(1000);
    expect(replies).toMatchObject({ records: replies.replies, numbered: replies.replies });

    const page = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/comments/search',
      headers: { cookie: operator },
      payload: { replyNumberMin: 1, pageSize: 5 },
    });
    expect(page.statusCode).toBe(200);
    const [comment] = page.json<{ items: { replies: { text: string }[]; commentaryText: string | null }[] }>()
      .items;
    expect(comment!.replies[0]!.text).toMatch(/[\u4e00-\u9fff]/);

    const withPicture = await one<{ url: string }>(sql`
      select pictures->0->>'thumbnailUrl' as url from comments where tenant = 'nio' and jsonb_array_length(pictures) > 0 limit 1`);
    const picture = await sut.app.inject({
      method: 'GET',
      url: withPicture.url,
      headers: { cookie: operator },
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
  });

  it("should name each commenter as the tenant's demo account does", async () => {
    const agreement = await one<{ comments: number; agreeing: number; commenters: number }>(sql`
      select count(*)::int as comments, count(distinct (c.tenant, c.account_id))::int as commenters,
        count(*) filter (where a.name = c.user_name and a.nick_name is not distinct from c.user_nickname
          and a.mobile = c.user_mobile)::int as agreeing
      from comments c left join accounts a on a.tenant = c.tenant and a.account_id = c.account_id`);
    expect(agreement.agreeing).toBe(agreement.comments);
    expect(agreement.commenters).toBeGreaterThan(COMMENT_ACCOUNTS.small);
  });
});
