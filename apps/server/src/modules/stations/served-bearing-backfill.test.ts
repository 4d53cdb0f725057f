import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { MIGRATIONS_FOLDER } from '../../platform/db/migrations-folder.js';
import { resetDatabase, testDatabase } from '../../test/test-database.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { resources } from './stations.tables.js';

/** The backfill of migration 0023: its statement after the column is added, run again on rows left null. */
const backfill = fs
  .readFileSync(path.join(MIGRATIONS_FOLDER, '0023_served_bearing.sql'), 'utf8')
  .split('--> statement-breakpoint')[1]!;

describe('migration 0023: the served bearing of the service areas already there', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
    await resetDatabase(database);
    // At 石家庄: Beijing lies to the north-east, Guangzhou almost due south.
    const at = { longitude: 114.5149, latitude: 38.0428, construction: 11 };
    const db = database.db;
    await insertChargeStation(db, 'SOUTH', { ...at, resourceName: '京港澳高速正定服务区（广州方向）' });
    await insertChargeStation(db, 'NORTH', { ...at, resourceName: '京港澳高速正定服务区（北京方向）' });
    await insertChargeStation(db, 'KEPT', {
      ...at,
      resourceName: '京港澳高速正定服务区（北京方向）',
      servedBearing: 90,
    });
    await insertChargeStation(db, 'UNKNOWN', { ...at, resourceName: '某高速服务区（火星方向）' });
    await insertChargeStation(db, 'CITY', {
      ...at,
      construction: 6,
      resourceName: '石家庄（北京方向）停车场',
    });
    await db.execute(sql.raw(backfill));
  });

  it('should give each "（X方向）" service area the bearing to X, and leave the rest alone', async () => {
    const rows = await database.db
      .select({ id: resources.resourceId, bearing: resources.servedBearing })
      .from(resources)
      .orderBy(asc(resources.resourceId));
    const bearing = new Map(rows.map((row) => [row.id, row.bearing]));
    expect(bearing.get('SOUTH')).toBeGreaterThan(175);
    expect(bearing.get('SOUTH')).toBeLessThan(195);
    expect(bearing.get('NORTH')).toBeGreaterThan(30);
    expect(bearing.get('NORTH')).toBeLessThan(50);
    expect(bearing.get('KEPT')).toBe(90);
    expect(bearing.get('UNKNOWN')).toBeNull();
    expect(bearing.get('CITY')).toBeNull();
  });
});
