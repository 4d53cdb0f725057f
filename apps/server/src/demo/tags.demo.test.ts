import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkTagValue } from '@cmp/domain/tags/tag-values';
import type { TagInputType } from '@cmp/domain/tags/tag-contracts';
import { resourceTags, tagGroups, tags, tagTooltips } from '../modules/tags/tags.tables.js';
import { resources } from '../modules/stations/stations.tables.js';
import { insertChargeStation, insertSwapStation } from '../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { seededRandom } from './random.js';
import type { FileStorage } from '../platform/storage/file-storage.js';
import { seedTags } from './tags.demo.js';

const NO_FILES = {} as FileStorage;

describe('demo tags', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestContext();
    const db = sut.database.db;
    for (let i = 0; i < 120; i++) {
      await insertChargeStation(db, `CS-D${i}`, {}, i % 4 === 0 ? { chargerType: 'AC' } : {});
    }
    for (let i = 0; i < 20; i++) await insertSwapStation(db, `PS-D${i}`);
    await db.transaction(async (tx) =>
      seedTags({
        tx,
        random: seededRandom(7),
        size: 'small',
        password: '',
        now: new Date(),
        // The tag seeder stores no files.
        storage: NO_FILES,
      }),
    );
  });
  afterAll(() => sut.app.close());

  const held = () =>
    sut.database.db
      .select({
        resourceId: resourceTags.resourceId,
        resourceType: resources.resourceType,
        value: resourceTags.value,
        tagCode: tags.code,
        groupCode: tagGroups.code,
        groupName: tagGroups.name,
        bizCode: tagGroups.bizCode,
        inputType: tagGroups.inputType,
        min: tagGroups.minValue,
        max: tagGroups.maxValue,
        tooltip: tagTooltips.text,
      })
      .from(resourceTags)
      .innerJoin(resources, eq(resources.resourceId, resourceTags.resourceId))
      .innerJoin(tags, eq(tags.tagId, resourceTags.tagId))
      .innerJoin(tagGroups, eq(tagGroups.tagGroupId, tags.tagGroupId))
      .leftJoin(tagTooltips, eq(tagTooltips.tagGroupId, tagGroups.tagGroupId));

  it('should give stations only tags of their type, one per group, each value valid by the rules', async () => {
    const rows = await held();

    expect(rows.length).toBeGreaterThan(200);
    for (const row of rows) {
      expect(row.bizCode, row.tagCode).toBe(row.resourceType);
      const input = {
        inputType: row.inputType as TagInputType,
        groupName: row.groupName,
        min: row.min,
        max: row.max,
        tooltip: row.tooltip,
      };
      expect(checkTagValue(input, row.value ?? undefined), `${row.tagCode} ${row.value}`).toBeUndefined();
    }
    const groupsHeld = rows.map((row) => `${row.resourceId} ${row.groupCode}`);
    expect(new Set(groupsHeld).size).toBe(groupsHeld.length);
  });

  it('should make ten swap stations the best of the month and measure AC currents at AC stations', async () => {
    const rows = await held();

    expect(rows.filter((row) => row.tagCode === 'monthly_top_ten')).toHaveLength(10);
    const acSpeeds = rows.filter((row) => row.tagCode === 'max_charging_speed' && Number(row.value) <= 32);
    expect(acSpeeds.every((row) => ['16', '32'].includes(row.value!))).toBe(true);
  });
});
