import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pushBatches } from '../modules/push-messages/push-messages.tables.js';
import { upgradePackages } from '../modules/upgrade-packages/upgrade-packages.tables.js';
import { resetDatabase, testDatabase } from './test-database.js';

const SRC = path.resolve(import.meta.dirname, '..');

describe('the tables tests reset', () => {
  it('should name every tables file, so that no table keeps rows from one test into the next', () => {
    const tablesFiles = (fs.readdirSync(SRC, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.tables.ts'))
      .map((file) => `../${file.split(path.sep).join('/').replace(/\.ts$/, '.js')}`)
      .sort();
    const exported = [
      ...fs.readFileSync(path.join(SRC, 'test/all-tables.ts'), 'utf8').matchAll(/from '([^']+)'/g),
    ]
      .map((match) => match[1]!)
      .sort();
    expect(exported).toEqual(tablesFiles);
  });
});

describe('resetDatabase', () => {
  const batch = { tenant: 'nio', title: 't', content: 'c', targetClients: [], ratePerSecond: 1 };
  it('should empty the tables a test filled and start their ids again, an emptied table too', async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    const { db } = database;
    await db.insert(pushBatches).values([batch, batch]);
    await db.insert(upgradePackages).values(firmware);
    await db.delete(upgradePackages);
    await resetDatabase(database);
    expect(await db.select().from(pushBatches)).toEqual([]);
    const [again] = await db.insert(pushBatches).values(batch).returning();
    const [firmwareAgain] = await db.insert(upgradePackages).values(firmware).returning();
    expect([again!.batchId, firmwareAgain!.upgradePackageId]).toEqual([1, 1]);
    await resetDatabase(database);
  });
});

const firmware = {
  tenant: 'nio',
  packageType: 'DCPowerCharger',
  version: '1.0.0',
  action: 'install_now',
  fileKey: 'k',
  fileName: 'f.bin',
  fileSize: 1,
  md5: '0'.repeat(32),
  createdBy: 'a',
  updatedBy: 'a',
};
