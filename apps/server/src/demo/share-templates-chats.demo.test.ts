import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANTS } from '@cmp/domain';
import type { GroupChatPage, GroupMemberPage } from '@cmp/domain/chats/group-chats';
import type { ShareTemplatePage } from '@cmp/domain/share-templates/share-templates';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { groupChatNotifications } from '../modules/group-chats/group-chats.tables.js';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { insertChargeStation } from '../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { seedGroupChats } from './group-chats.demo.js';
import { seededRandom } from './random.js';
import { seedShareTemplates } from './share-templates.demo.js';

describe('demo share templates and group chats', () => {
  let sut: TestContext;
  const viewers = new Map<string, string>();
  beforeAll(async () => {
    sut = await createTestContext();
    const db = sut.database.db;
    for (let i = 0; i < 10; i++) await insertChargeStation(db, `CS-D${String(i).padStart(3, '0')}`);
    for (const tenant of TENANTS) {
      await db.execute(sql`
        insert into ${accounts} (tenant, account_id, nick_name, create_time, update_time)
        select ${tenant}, 'ACC' || (100000 + i), '车主' || i, now(), now() from generate_series(0, 3999) as i`);
      viewers.set(tenant, await sut.userWith('viewer', tenant));
    }
    const context = {
      random: seededRandom(7),
      size: 'small' as const,
      password: '',
      now: new Date(),
      // Where the app reads its files from (app.ts).
      storage: new LocalFileStorage(path.join(sut.config.dataDir, 'files')),
    };
    await db.transaction(async (tx) => {
      await seedShareTemplates({ tx, ...context });
      await seedGroupChats({ tx, ...context });
    });
  });
  afterAll(() => sut.app.close());

  const get = async <T>(tenant: string, path: string) => {
    const response = await sut.app.inject({
      method: 'GET',
      url: `/api/${tenant}${path}`,
      headers: { cookie: viewers.get(tenant)! },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('should give every tenant four share templates whose pictures open', async () => {
    for (const tenant of TENANTS) {
      const page = await get<ShareTemplatePage>(tenant, '/share-templates');
      expect(page.total).toBe(4);
      const shown = page.items.flatMap((t) => t.sharePic);
      expect(shown.length).toBeGreaterThan(0);
      const picture = await sut.app.inject({
        method: 'GET',
        url: shown[0]!.url,
        headers: { cookie: viewers.get(tenant)! },
      });
      expect(picture.headers['content-type']).toBe('image/png');
    }
  });

  it('should give every tenant group chats of its clients, counted as their members, with a pending notice', async () => {
    for (const tenant of TENANTS) {
      const page = await get<GroupChatPage>(tenant, '/group-chats?pageSize=50');
      expect(page.total).toBe(8);
      expect(new Set(page.items.map((g) => g.detail!.chatStatus))).toEqual(
        new Set(['NORMAL', 'INVALID', 'DESTROY']),
      );
      for (const group of page.items.slice(0, 3)) {
        const members = await get<GroupMemberPage>(tenant, `/group-chats/${group.id}/members?pageSize=100`);
        expect(members.total).toBe(group.detail!.memberNum);
        expect(members.items.filter((m) => m.owner)).toHaveLength(1);
      }
    }
    const pending = await sut.database.db.select().from(groupChatNotifications);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((row) => row.status === 'pending')).toBe(true);
  });
});
