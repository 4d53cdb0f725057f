import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CatalogueGroup, TagHolder } from '@cmp/domain/tags/tag-catalogue-editing';
import type { StationTags } from '@cmp/domain/tags/tag-contracts';
import type { Page } from '@cmp/domain';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { resourceTags, tags } from './tags.tables.js';

const GROUPS = '/api/nio/tag-catalogue/groups';

const newGroup = (overrides: object = {}) => ({
  tagGroupCode: 'parking_tips',
  tagGroupName: '停车提示',
  tagCategoryCode: 1,
  tagProviderCode: 'cmo',
  bizCode: 'ChargeStation',
  tagType: 'select',
  manualUpdateAllowed: true,
  enable: true,
  recommendationTag: false,
  ...overrides,
});

/** The editable fields of a listed group, as the editor sends them back. */
const fieldsOf = (group: CatalogueGroup) => ({
  tagGroupName: group.tagGroupName,
  tagCategoryCode: group.tagCategoryCode,
  unit: group.unit,
  min: group.min,
  max: group.max,
  manualUpdateAllowed: group.manualUpdateAllowed,
  enable: group.enable,
  recommendationTag: group.recommendationTag,
  recommendationText: group.recommendationText,
  relationGroupCode: group.relationGroupCode,
  description: group.description,
  remark: group.remark,
});

describe('tag catalogue', () => {
  let sut: TestContext;
  let admin: string;
  let operator: string;
  let viewer: string;
  beforeEach(async () => {
    sut = await createTestContext();
    admin = await sut.userWith('admin', 'nio');
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
  });
  afterEach(() => sut.app.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie = admin, payload?: object) =>
    sut.app.inject({
      method,
      url,
      headers: { cookie, 'accept-language': 'zh-CN' },
      ...(payload ? { payload } : {}),
    });
  const list = async (query = '', cookie = viewer) => {
    const response = await call('GET', `${GROUPS}${query}`, cookie);
    expect(response.statusCode).toBe(200);
    return response.json<Page<CatalogueGroup>>();
  };
  const groupOf = async (code: string) =>
    (await list(`?pageSize=100`)).items.find((group) => group.tagGroupCode === code)!;
  const hold = async (resourceId: string, tagCode: string) => {
    const [tag] = await sut.database.db.select().from(tags).where(eq(tags.code, tagCode));
    await sut.database.db.insert(resourceTags).values({ resourceId, tagId: tag!.tagId, degree: 1 });
  };

  it('should list the groups with tags, tooltips and holder counts, filtered by category, provider, type and word', async () => {
    await insertChargeStation(sut.database.db, 'CS-1');
    await hold('CS-1', 'recommend_lounge');

    const all = await list();
    expect(all.total).toBe(8);
    const recommendation = all.items.find((g) => g.tagGroupCode === 'resource_recommendation_info')!;
    expect(recommendation).toMatchObject({ recommendationTag: true, enable: true, tagProviderCode: 'cmo' });
    expect(recommendation.tooltipText).toEqual(expect.any(String));
    expect(recommendation.tagList.find((t) => t.tagCode === 'recommend_lounge')?.stationCount).toBe(1);
    expect(recommendation.tagList.find((t) => t.tagCode === 'recommend_food')?.stationCount).toBe(0);

    expect((await list('?tagProviderCode=algorithm')).items.map((g) => g.tagGroupCode)).toEqual([
      'nio_charging_tag',
      'max_charging_speed_tag',
      'succ_prob_tag',
    ]);
    expect((await list('?bizCode=PowerSwap')).items.map((g) => g.tagGroupCode)).toEqual([
      'overall_evaluation',
    ]);
    expect((await list('?tagCategoryCode=3')).items.every((g) => g.tagCategoryCode === 3)).toBe(true);
    // A word found in a tag's name finds its group; % is taken literally.
    expect((await list(`?keyword=${encodeURIComponent('休息室')}`)).items.map((g) => g.tagGroupCode)).toEqual(
      ['resource_recommendation_info'],
    );
    expect((await list('?keyword=%25')).total).toBe(0);
  });

  it('should create a group with its rules, refuse a taken code, and audit it', async () => {
    const created = await call('POST', GROUPS, admin, newGroup());
    expect(created.statusCode).toBe(201);
    expect(created.json<CatalogueGroup>()).toMatchObject({ tagGroupCode: 'parking_tips', tagList: [] });

    const again = await call('POST', GROUPS, admin, newGroup());
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('标签组编码parking_tips已存在');

    const missingText = await call(
      'POST',
      GROUPS,
      admin,
      newGroup({ tagGroupCode: 'other_group', recommendationTag: true }),
    );
    expect(missingText.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(missingText).details)).toContain('recommendationText');

    const badCode = await call('POST', GROUPS, admin, newGroup({ tagGroupCode: 'Bad Code' }));
    expect(badCode.statusCode).toBe(400);
    const badRange = await call(
      'POST',
      GROUPS,
      admin,
      newGroup({ tagGroupCode: 'range_x', min: 10, max: 1 }),
    );
    expect(badRange.statusCode).toBe(400);
    const badCategory = await call(
      'POST',
      GROUPS,
      admin,
      newGroup({ tagGroupCode: 'cat_x', tagCategoryCode: 99 }),
    );
    expect(badCategory.statusCode).toBe(422);

    const [record] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'tag_group'), eq(auditRecords.action, 'TAG_GROUP_CREATE')));
    expect(record).toMatchObject({ entityId: 'parking_tips', tenant: 'nio' });
  });

  it('should update a group and its tooltip, audit what changed, and hide a disabled group from stations', async () => {
    await insertChargeStation(sut.database.db, 'CS-1');
    const stored = await groupOf('resource_occupy_info');
    const updated = await call('PUT', `${GROUPS}/resource_occupy_info`, admin, {
      ...fieldsOf(stored),
      tagGroupName: '繁忙时段（新）',
      enable: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<CatalogueGroup>()).toMatchObject({ tagGroupName: '繁忙时段（新）', enable: false });

    const tooltip = await call('PUT', `${GROUPS}/resource_occupy_info/tooltip`, admin, {
      tooltipText: '  每天最忙的时段  ',
    });
    expect(tooltip.json<CatalogueGroup>().tooltipText).toBe('每天最忙的时段');

    const records = await sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.entityId, 'resource_occupy_info'));
    expect(records.map((r) => r.action).sort()).toEqual(['TAG_GROUP_UPDATE', 'TAG_TOOLTIP_UPDATE']);
    const update = records.find((r) => r.action === 'TAG_GROUP_UPDATE')!;
    expect(update.before).toEqual({ tagGroupName: stored.tagGroupName, enable: true });
    expect(update.after).toEqual({ tagGroupName: '繁忙时段（新）', enable: false });

    const station = await call('GET', '/api/nio/stations/CS-1/tags', viewer);
    expect(station.json<StationTags>().tagList.map((g) => g.tagGroupCode)).not.toContain(
      'resource_occupy_info',
    );
    const set = await call('PUT', '/api/nio/stations/CS-1/tags/resource_occupy_info', operator, {
      tagCode: 'occupy_time',
      tagValue: '08:00~09:00',
    });
    expect(set.statusCode).toBe(422);

    const unknown = await call('PUT', `${GROUPS}/no_such_group`, admin, fieldsOf(stored));
    expect(unknown.statusCode).toBe(404);
  });

  it('should add, edit and delete tags, refusing to delete a tag stations hold and saying how many', async () => {
    await insertChargeStation(sut.database.db, 'CS-1');
    await insertChargeStation(sut.database.db, 'CS-2');
    const tagsUrl = `${GROUPS}/resource_recommendation_info/tags`;

    const added = await call('POST', tagsUrl, admin, {
      tagCode: 'recommend_view',
      tagName: '景色好',
      tagPriority: 9,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json<CatalogueGroup>().tagList.at(-1)).toMatchObject({
      tagCode: 'recommend_view',
      stationCount: 0,
    });
    const taken = await call('POST', tagsUrl, admin, {
      tagCode: 'recommend_food',
      tagName: 'x',
      tagPriority: 1,
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).message).toBe('标签编码recommend_food已存在');

    const edited = await call('PUT', `${tagsUrl}/recommend_view`, admin, {
      tagName: '风景优美',
      tagPriority: 5,
      description: '可以看海',
    });
    expect(edited.json<CatalogueGroup>().tagList.find((t) => t.tagCode === 'recommend_view')).toMatchObject({
      tagName: '风景优美',
      tagPriority: 5,
      description: '可以看海',
    });
    // A tag of another group is not this group's.
    expect(
      (await call('PUT', `${tagsUrl}/occupy_time`, admin, { tagName: 'x', tagPriority: 1 })).statusCode,
    ).toBe(404);

    await hold('CS-1', 'recommend_lounge');
    await hold('CS-2', 'recommend_lounge');
    const refused = await call('DELETE', `${tagsUrl}/recommend_lounge`, admin);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('2 个场站持有该标签，不能删除');

    const deleted = await call('DELETE', `${tagsUrl}/recommend_view`, admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<CatalogueGroup>().tagList.map((t) => t.tagCode)).not.toContain('recommend_view');
    const actions = (
      await sut.database.db.select().from(auditRecords).where(eq(auditRecords.entityType, 'tag'))
    ).map((r) => r.action);
    expect(actions.sort()).toEqual(['TAG_CREATE', 'TAG_DELETE', 'TAG_UPDATE']);
  });

  it('should page the stations holding a tag', async () => {
    for (const id of ['CS-1', 'CS-2', 'CS-3']) {
      await insertChargeStation(sut.database.db, id);
      await hold(id, 'recommend_food');
    }
    const response = await call(
      'GET',
      '/api/nio/tag-catalogue/tags/recommend_food/stations?pageNo=2&pageSize=2',
      viewer,
    );
    expect(response.statusCode).toBe(200);
    const page = response.json<Page<TagHolder>>();
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ resourceType: 'ChargeStation', tagDegree: 1 });
    expect((await call('GET', '/api/nio/tag-catalogue/tags/nope/stations', viewer)).statusCode).toBe(404);
  });

  it('should refuse changes to operators and viewers, another tenant, and hostile input', async () => {
    const stored = await groupOf('resource_occupy_info');
    for (const cookie of [operator, viewer]) {
      const response = await call('PUT', `${GROUPS}/resource_occupy_info`, cookie, fieldsOf(stored));
      expect(response.statusCode).toBe(403);
    }
    const peAdmin = await sut.userWith('admin', 'pe', 'pe-admin');
    expect((await call('GET', GROUPS, peAdmin)).statusCode).toBe(403);
    expect((await call('POST', GROUPS, peAdmin, newGroup())).statusCode).toBe(403);

    const hostile = [
      newGroup({ tagGroupName: 'x'.repeat(65) }),
      newGroup({ tagGroupName: 'a\u0000b' }),
      newGroup({ tagType: 'free_text' }),
      newGroup({ tagCategoryCode: 'one' }),
      newGroup({ min: 1e308 }),
    ];
    for (const body of hostile) expect((await call('POST', GROUPS, admin, body)).statusCode).toBe(400);
    expect((await call('GET', `${GROUPS}?keyword=${'x'.repeat(65)}`, viewer)).statusCode).toBe(400);
    expect((await call('GET', `${GROUPS}?sort=name;drop:asc`, viewer)).statusCode).toBe(400);
  });

  it('should export the catalogue in the reader language', async () => {
    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/tag-catalogue/export?format=csv&bizCode=PowerSwap',
      headers: { cookie: viewer, 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Tag group code');
    expect(response.body).toContain('overall_evaluation');
    expect(response.body).not.toContain('resource_occupy_info');
  });
});
