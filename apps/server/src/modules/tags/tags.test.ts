import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { faultRatioLimits } from '@cmp/domain/tags/numeric-tags';
import { EDITABLE_TAG_GROUPS, TAG_METADATA_COUNT } from '@cmp/domain/tags/tag-catalog';
import type { TagGroupList } from '@cmp/domain/tags/tag-contracts';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertChargeStation, insertSwapStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { ensureTagCatalogue } from './tags.bootstrap.js';
import { tagGroups, tags } from './tags.tables.js';

/** Every group the specification names (core §6), in catalogue order. */
const SPEC_GROUPS = [
  'resource_occupy_info',
  'resource_available_info',
  'resource_succ_info',
  'resource_recommendation_info',
  'nio_charging_tag',
  'max_charging_speed_tag',
  'succ_prob_tag',
  'overall_evaluation',
];

describe('tags', () => {
  let sut: TestContext;
  let viewer: string;
  beforeEach(async () => {
    sut = await createTestContext();
    viewer = await sut.userWith('viewer', 'nio');
  });
  afterEach(() => sut.app.close());

  const get = (url: string, cookie = viewer) =>
    sut.app.inject({ method: 'GET', url: `/api/nio${url}`, headers: { cookie } });
  const metadata = async (query = '') => {
    const response = await get(`/tags/metadata${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<TagGroupList>();
  };

  describe('GET /tags/metadata', () => {
    it('should list every group the spec names with its tags, on the first page of 100, to a viewer', async () => {
      expect(TAG_METADATA_COUNT).toBe(100);
      const list = await metadata(`?pageNo=1&pageSize=${TAG_METADATA_COUNT}`);

      expect(list.total).toBe(SPEC_GROUPS.length);
      expect(list.items.map((group) => group.tagGroupCode)).toEqual(SPEC_GROUPS);
      const speed = list.items.find((group) => group.tagGroupCode === 'max_charging_speed_tag')!;
      expect(speed).toMatchObject({
        tagCategoryCode: 2,
        tagCategoryName: '算法标签',
        tagProviderCode: 'algorithm',
        bizCode: 'ChargeStation',
        tagGroupName: '最大充电电流',
        tagType: 'number',
        unit: 'A',
        min: 1,
        max: 350,
        manualUpdateAllowed: true,
        relationGroupCode: null,
      });
      const available = list.items.find((group) => group.tagGroupCode === 'resource_available_info')!;
      expect(available.tagList.map((tag) => [tag.tagCode, tag.tagName, tag.tagPriority])).toEqual([
        ['available_public', '对外开放', 1],
        ['available_limited', '限时开放', 2],
        ['available_members', '仅限内部', 3],
        ['available_suspended', '暂停开放', 4],
      ]);
      expect(typeof available.createTime).toBe('number');
    });

    it('should hold the editable groups of each station type and provider that the rules name', async () => {
      for (const [bizCode, byProvider] of Object.entries(EDITABLE_TAG_GROUPS)) {
        for (const [provider, groups] of Object.entries(byProvider)) {
          const list = await metadata(`?bizCode=${bizCode}&tagProviderCode=${provider}`);
          expect(
            list.items.map((group) => group.tagGroupCode),
            `${bizCode} ${provider}`,
          ).toEqual(groups);
        }
      }
    });

    it('should offer the swap stations one yes/no group that adds the monthly top ten tag', async () => {
      const list = await metadata('?bizCode=PowerSwap');

      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({
        tagGroupCode: 'overall_evaluation',
        tagType: 'yes_no',
        tagProviderCode: 'cmo',
        tagList: [expect.objectContaining({ tagCode: 'monthly_top_ten', tagName: '月度十佳' })],
      });
    });

    it('should keep nio_charging_tag out of manual updates', async () => {
      const list = await metadata('?tagGroupCode=nio_charging_tag');

      expect(list.items.map((group) => [group.tagGroupCode, group.manualUpdateAllowed])).toEqual([
        ['nio_charging_tag', false],
      ]);
    });

    it('should page through the groups with their total', async () => {
      const first = await metadata('?pageNo=1&pageSize=3');
      const last = await metadata('?pageNo=3&pageSize=3');

      expect(first.items.map((group) => group.tagGroupCode)).toEqual(SPEC_GROUPS.slice(0, 3));
      expect(first.total).toBe(8);
      expect(last.items.map((group) => group.tagGroupCode)).toEqual(SPEC_GROUPS.slice(6));
      expect(last.total).toBe(8);
    });

    it.each([
      '?pageSize=1001',
      '?pageSize=0',
      '?pageNo=0',
      '?sort=name:asc',
      '?bizCode=Bus',
      '?tagProviderCode=manual',
    ])('should refuse %s with 400', async (query) => {
      const response = await get(`/tags/metadata${query}`);

      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('validation_failed');
    });

    it('should refuse a caller without a session and a user of another tenant', async () => {
      const other = await sut.userWith('viewer', 'pe');

      expect((await get('/tags/metadata', '')).statusCode).toBe(401);
      expect((await get('/tags/metadata', other)).statusCode).toBe(403);
    });
  });

  describe('GET /tags/tooltip', () => {
    it("should explain the groups of a charge station's type, the fault ratio's ceiling in its words", async () => {
      await insertChargeStation(sut.database.db, 'CS-TAGS-1');

      const response = await get('/tags/tooltip?resource_id=CS-TAGS-1');

      expect(response.statusCode).toBe(200);
      const items = response.json<{ items: { tagGroupCode: string; tooltipText: string }[] }>().items;
      expect(items.map((item) => item.tagGroupCode)).toEqual(SPEC_GROUPS.slice(0, 7));
      const faultRatio = items.find((item) => item.tagGroupCode === 'resource_succ_info')!;
      expect(faultRatioLimits(faultRatio.tooltipText)).toEqual({ min: 0, max: 30 });
    });

    it('should explain the one group of a swap station', async () => {
      await insertSwapStation(sut.database.db, 'PS-TAGS-1');

      const response = await get('/tags/tooltip?resource_id=PS-TAGS-1');

      expect(response.json()).toEqual({
        items: [
          {
            tagGroupCode: 'overall_evaluation',
            tooltipText: '是否评为本月十佳换电站；选择“是”添加月度十佳标签，选择“否”移除',
          },
        ],
      });
    });

    it('should answer 404 for a station that does not exist and 400 without one', async () => {
      expect((await get('/tags/tooltip?resource_id=NOPE')).statusCode).toBe(404);
      expect((await get('/tags/tooltip')).statusCode).toBe(400);
    });
  });

  describe('the catalogue seeded at start', () => {
    it('should add nothing twice and keep names edited since, recording only what it added', async () => {
      const db = sut.database.db;
      await db
        .update(tagGroups)
        .set({ name: '占用时段（修订）' })
        .where(eq(tagGroups.code, 'resource_occupy_info'));
      const seeded = await db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.action, 'TAG_CATALOGUE_SEED'));

      await ensureTagCatalogue(db);

      const groups = await db.select().from(tagGroups);
      expect(groups).toHaveLength(SPEC_GROUPS.length);
      expect(groups.find((group) => group.code === 'resource_occupy_info')!.name).toBe('占用时段（修订）');
      expect(await db.select().from(tags)).toHaveLength(18);
      const after = await db.select().from(auditRecords).where(eq(auditRecords.action, 'TAG_CATALOGUE_SEED'));
      expect(after).toHaveLength(seeded.length);
    });
  });
});
