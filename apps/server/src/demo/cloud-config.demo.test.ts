import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigItems, ReleaseDiff, ReleaseList } from '@cmp/domain/cloud-config/cloud-config';
import { configValueProblems, KNOWN_CONFIG_KEYS } from '@cmp/domain/cloud-config/config-values';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { seedCloudConfig } from './cloud-config.demo.js';
import { seededRandom } from './random.js';

describe('demo cloud configuration', () => {
  let sut: TestContext;
  let viewer: string;
  beforeAll(async () => {
    sut = await createTestContext();
    viewer = await sut.userWith('viewer', 'pe');
    const context = {
      random: seededRandom(7),
      size: 'small' as const,
      password: '',
      now: new Date(),
      storage: new LocalFileStorage(sut.config.dataDir),
    };
    await sut.database.db.transaction((tx) => seedCloudConfig({ tx, ...context }));
  });
  afterAll(() => sut.app.close());

  const get = async <T>(url: string) => {
    const response = await sut.app.inject({
      url: `/api/pe/cloud-config/namespaces/application${url}`,
      headers: { cookie: viewer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('should hold an item of every key, each of its shape, with one unreleased edit', async () => {
    const { items } = await get<ConfigItems>('/items');

    expect(items.map((i) => i.key).sort()).toEqual([...KNOWN_CONFIG_KEYS].sort());
    expect(items.flatMap((i) => configValueProblems(i.key, i.value))).toEqual([]);
    expect(items.filter((i) => i.change !== 'unchanged').map((i) => i.key)).toEqual(['qrcode_backgrounds']);
  });

  it('should have two releases whose diff shows the two keys changed', async () => {
    const releases = await get<ReleaseList>('/releases');
    const [second, first] = releases.items;

    const diff = await get<ReleaseDiff>(
      `/diff?fromReleaseId=${first!.releaseId}&toReleaseId=${second!.releaseId}`,
    );

    expect(releases.total).toBe(2);
    expect(diff.changes.map((c) => [c.key, c.change])).toEqual([
      ['recommended_comments', 'changed'],
      ['virtual_station_online', 'changed'],
    ]);
  });
});
