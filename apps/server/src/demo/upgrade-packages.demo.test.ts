import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@cmp/domain';
import type { UpgradePackage } from '@cmp/domain/upgrade-packages/upgrade-packages';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { seededRandom } from './random.js';
import { seedUpgradePackages } from './upgrade-packages.demo.js';

describe('demo upgrade packages', () => {
  let sut: TestContext;
  let viewer: string;
  let storage: LocalFileStorage;
  beforeAll(async () => {
    sut = await createTestContext();
    storage = new LocalFileStorage(path.join(sut.config.dataDir, 'files'));
    viewer = await sut.userWith('viewer', 'pe');
    await sut.database.db.transaction((tx) =>
      seedUpgradePackages({
        tx,
        random: seededRandom(7),
        size: 'small',
        password: '',
        now: new Date(),
        storage,
      }),
    );
  });
  afterAll(() => sut.app.close());

  it('should list released, withdrawn and draft packages of both charger kinds, each file stored as its md5 says', async () => {
    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/pe/upgrade-packages?pageSize=50',
      headers: { cookie: viewer },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page<UpgradePackage>>();
    expect(page.items.map((p) => `${p.packageType} ${p.version} ${p.status}`).sort()).toEqual([
      'ACPowerCharger 1.8.2 1',
      'ACPowerCharger 1.9.0 0',
      'DCPowerCharger 3.0.4 2',
      'DCPowerCharger 3.1.0 1',
      'DCPowerCharger 3.2.0-rc1 0',
    ]);
    const released = page.items.find((p) => p.version === '3.1.0')!;
    expect(released).toMatchObject({ editable: true, isPromotion: true });
    for (const pkg of page.items) {
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.open(
        `upgrade-packages/pe/demo-${pkg.packageType}-${pkg.version}.bin`,
      ))
        chunks.push(chunk as Buffer);
      const file = Buffer.concat(chunks);
      expect([file.length, createHash('md5').update(file).digest('hex')]).toEqual([pkg.fileSize, pkg.md5]);
    }
  });
});
