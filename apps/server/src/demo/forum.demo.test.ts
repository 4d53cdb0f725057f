import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANTS } from '@cmp/domain';
import type { ForumPostDetail, ForumPostPage, ForumReplyPage } from '@cmp/domain/forum/forum-contracts';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { seedForum } from './forum.demo.js';
import { seededRandom } from './random.js';

describe('demo forum', () => {
  let sut: TestContext;
  const viewers = new Map<string, string>();
  beforeAll(async () => {
    sut = await createTestContext();
    const db = sut.database.db;
    for (const tenant of TENANTS) {
      await db.execute(sql`
        insert into ${accounts} (tenant, account_id, nick_name, create_time, update_time)
        select ${tenant}, 'ACC' || (100000 + i), '车主' || i, now(), now() from generate_series(0, 99) as i`);
      viewers.set(tenant, await sut.userWith('viewer', tenant));
    }
    await db.transaction((tx) =>
      seedForum({
        tx,
        random: seededRandom(7),
        size: 'small',
        password: '',
        now: new Date(),
        storage: new LocalFileStorage(path.join(sut.config.dataDir, 'files')),
      }),
    );
  });
  afterAll(() => sut.app.close());

  const get = async <T>(tenant: string, url: string) => {
    const response = await sut.app.inject({
      method: 'GET',
      url: `/api/${tenant}/forum${url}`,
      headers: { cookie: viewers.get(tenant)! },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('should give every tenant shares and readable notes, flagged in nio and held in pe', async () => {
    for (const tenant of TENANTS) {
      const posts = await get<ForumPostPage>(tenant, '/posts?pageSize=100');
      expect(posts.total).toBe(24);
      const note = posts.items.find((p) => p.postType === 1)!;
      const detail = await get<ForumPostDetail>(tenant, `/posts/${note.postId}`);
      expect(detail.article?.sections.map((s) => s.sectionType)).toEqual([
        'text',
        'image',
        'poi',
        'power',
        'text',
        'video',
      ]);
      const replies = await get<ForumReplyPage>(tenant, '/replies?replyLevel=2');
      expect(replies.total).toBeGreaterThan(0);
    }
    const nioFlagged = await get<ForumPostPage>('nio', '/posts?publicStatus=0');
    expect(nioFlagged.total).toBe(0);
    const peHeld = await get<ForumPostPage>('pe', '/posts?publicStatus=0');
    expect(peHeld.total).toBeGreaterThan(0);
    expect(peHeld.items.every((p) => p.illegalWordArr.length > 0)).toBe(true);
  });
});
