import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ResourceTagItem, StationTagGroup, StationTags } from '@cmp/domain/tags/tag-contracts';
import { insertChargeStation, insertOperator, insertSwapStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, TEST_ORIGIN, type TestContext } from '../../test/test-app.js';
import { resourceTags, tags } from './tags.tables.js';

describe('station tags', () => {
  let sut: TestContext;
  let viewer: string;
  let operator: string;
  beforeEach(async () => {
    sut = await createTestContext();
    viewer = await sut.userWith('viewer', 'nio');
    operator = await sut.userWith('operator', 'nio');
    // CS-OWN is run by its equipment owner; CS-OTHER is run by another owner's operator.
    await insertOperator(sut.database.db, { operatorId: 'OP-A', equipmentOwnerId: 'OWN-A' });
    await insertOperator(sut.database.db, { operatorId: 'OP-B', equipmentOwnerId: 'OWN-B' });
    await insertChargeStation(sut.database.db, 'CS-OWN', { operatorId: 'OP-A', equipmentOwnerId: 'OWN-A' });
    await insertChargeStation(sut.database.db, 'CS-OTHER', { operatorId: 'OP-B', equipmentOwnerId: 'OWN-A' });
    await insertSwapStation(sut.database.db, 'PS-1');
  });
  afterEach(() => sut.app.close());

  const headers = (cookie: string, language = 'zh-CN') => ({
    cookie,
    origin: TEST_ORIGIN,
    'accept-language': language,
  });
  const stationTags = async (resourceId: string, cookie = viewer) => {
    const response = await sut.app.inject({
      method: 'GET',
      url: `/api/nio/stations/${resourceId}/tags`,
      headers: headers(cookie),
    });
    expect(response.statusCode).toBe(200);
    return response.json<StationTags>().tagList;
  };
  const group = async (resourceId: string, code: string) =>
    (await stationTags(resourceId)).find((item) => item.tagGroupCode === code)!;
  const setGroup = (resourceId: string, code: string, body: object, cookie = operator) =>
    sut.app.inject({
      method: 'PUT',
      url: `/api/nio/stations/${resourceId}/tags/${code}`,
      headers: headers(cookie),
      payload: body,
    });
  const update = (items: object[], cookie = operator) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/nio/tags/operation_update',
      headers: headers(cookie),
      payload: { items },
    });
  /** Puts a value the algorithms measured (degree 2) on a station. */
  const measured = async (resourceId: string, tagCode: string) => {
    const [tag] = await sut.database.db.select().from(tags).where(eq(tags.code, tagCode));
    await sut.database.db.insert(resourceTags).values({ resourceId, tagId: tag!.tagId, degree: 2 });
  };
  const item = (action: string, tagCode: string, more: object = {}) => ({
    action,
    tagCode,
    tagDegree: 1,
    resourceId: 'CS-OWN',
    bizCode: 'ChargeStation',
    ...more,
  });

  describe('GET /stations/{resourceId}/tags', () => {
    it('should show a charge station every group of its type, with input, limits, tooltip and choices', async () => {
      const list = await stationTags('CS-OWN');

      expect(list.map((g) => g.tagGroupCode)).toEqual([
        'resource_occupy_info',
        'resource_available_info',
        'resource_succ_info',
        'resource_recommendation_info',
        'nio_charging_tag',
        'max_charging_speed_tag',
        'succ_prob_tag',
      ]);
      const speed = list.find((g) => g.tagGroupCode === 'max_charging_speed_tag')!;
      expect(speed).toMatchObject<Partial<StationTagGroup>>({
        resourceId: 'CS-OWN',
        operatorId: 'OP-A',
        tagGroupName: '最大充电电流',
        tagProviderCode: 'algorithm',
        inputType: 'number',
        unit: 'A',
        min: 1,
        max: 350,
        readonly: false,
        disabled: false,
        tagCode: null,
        source: null,
        tooltip: '场站实测的最大充电电流，单位 A，范围 1~350',
      });
      expect(list.find((g) => g.tagGroupCode === 'resource_available_info')!.tagList).toHaveLength(4);
    });

    it('should keep nio_charging_tag read-only and say so', async () => {
      expect(await group('CS-OWN', 'nio_charging_tag')).toMatchObject({
        readonly: true,
        disabled: true,
        disabledReason: '该标签为只读',
      });
    });

    it('should lock a measured value on a station not run by its owner, and only there', async () => {
      await measured('CS-OTHER', 'succ_prob_high');
      await measured('CS-OWN', 'succ_prob_high');

      expect(await group('CS-OTHER', 'succ_prob_tag')).toMatchObject({
        tagCode: 'succ_prob_high',
        tagName: '成功率高',
        source: 'algorithm',
        disabled: true,
        readonly: false,
        disabledReason: '系统已有准确值，非自营场站组不支持录入',
      });
      expect(await group('CS-OWN', 'succ_prob_tag')).toMatchObject({ source: 'algorithm', disabled: false });
    });

    it("should keep staff's value beside the algorithms', overall staff's until it expires", async () => {
      await measured('CS-OWN', 'succ_prob_high');
      expect((await setGroup('CS-OWN', 'succ_prob_tag', { tagCode: 'succ_prob_low' })).statusCode).toBe(200);
      expect(await group('CS-OWN', 'succ_prob_tag')).toMatchObject<Partial<StationTagGroup>>({
        tagCode: 'succ_prob_low',
        source: 'cmo',
        algorithmTagCode: 'succ_prob_high',
        algorithmTagName: '成功率高',
        cmoTagCode: 'succ_prob_low',
        cmoTagName: '成功率低',
        cmoExpire: false,
        cmoTenantKey: 'cmo:tenant:nio',
      });
      // The algorithms may measure the very tag staff chose: each layer holds it once.
      expect((await setGroup('CS-OWN', 'succ_prob_tag', { tagCode: 'succ_prob_high' })).statusCode).toBe(200);
      expect(await group('CS-OWN', 'succ_prob_tag')).toMatchObject({
        cmoTagCode: 'succ_prob_high',
        algorithmTagCode: 'succ_prob_high',
      });

      await sut.database.db
        .update(resourceTags)
        .set({ expire: true, expireReason: '超过 90 天未更新' })
        .where(eq(resourceTags.degree, 1));
      expect(await group('CS-OWN', 'succ_prob_tag')).toMatchObject({
        source: 'algorithm',
        tagCode: 'succ_prob_high',
        cmoExpire: true,
        cmoExpireReason: '超过 90 天未更新',
      });
    });

    it("should say what each empty input expects, in the reader's language", async () => {
      const placeholders = Object.fromEntries(
        (await stationTags('CS-OWN')).map((g) => [g.tagGroupCode, g.placeholder]),
      );
      expect(placeholders).toMatchObject({
        resource_occupy_info: '例如 08:30~11:30,12:30~14:30',
        max_charging_speed_tag: '请输入 1–350 A',
        succ_prob_tag: '请选择充电成功率',
        resource_succ_info: '请输入 0–30 的百分比',
      });
    });

    it('should show a swap station its one yes/no group and 404 for an unknown station', async () => {
      expect((await stationTags('PS-1')).map((g) => [g.tagGroupCode, g.inputType])).toEqual([
        ['overall_evaluation', 'yes_no'],
      ]);
      const response = await sut.app.inject({
        method: 'GET',
        url: '/api/nio/stations/NOPE/tags',
        headers: headers(viewer),
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('PUT /stations/{resourceId}/tags/{tagGroupCode}', () => {
    it('should replace the tag of a group by adding the new one and deleting the old, recorded in the history', async () => {
      expect(
        (await setGroup('CS-OWN', 'resource_available_info', { tagCode: 'available_public' })).statusCode,
      ).toBe(200);
      const response = await setGroup('CS-OWN', 'resource_available_info', {
        tagCode: 'available_limited',
        remark: '夜间关闭',
      });

      expect(response.statusCode).toBe(200);
      const shown = response
        .json<StationTags>()
        .tagList.find((g) => g.tagGroupCode === 'resource_available_info')!;
      expect(shown).toMatchObject({ tagCode: 'available_limited', tagName: '限时开放', source: 'cmo' });
      const rows = await sut.database.db
        .select()
        .from(resourceTags)
        .where(eq(resourceTags.resourceId, 'CS-OWN'));
      expect(rows).toHaveLength(1);
      const history = await sut.app.inject({
        method: 'GET',
        url: '/api/nio/stations/CS-OWN/operation-records',
        headers: headers(viewer),
      });
      const records = history.json<{
        items: { action: string; before: unknown; after: unknown; extData: unknown }[];
      }>().items;
      const tagRecords = records.filter((record) => record.action === 'RESOURCE_TAG_UPDATE');
      expect(tagRecords).toHaveLength(2);
      expect(tagRecords[0]!.extData).toEqual({ tenant_key: 'cmo:tenant:nio', remark: '夜间关闭' });
      expect(tagRecords.map((record) => [record.before, record.after])).toContainEqual([
        { resource_available_info: { tagCode: 'available_public', tagValue: null } },
        { resource_available_info: { tagCode: 'available_limited', tagValue: null } },
      ]);
    });

    it('should give the recommendation group the reason the app shows, and keep the remark with the value', async () => {
      await setGroup('CS-OWN', 'resource_recommendation_info', {
        tagCode: 'recommend_lounge',
        remark: '新装修休息室',
      });
      expect(await group('CS-OWN', 'resource_recommendation_info')).toMatchObject<Partial<StationTagGroup>>({
        manualUpdateAllowed: true,
        recommendationTag: true,
        recommendationText: '有休息室',
        remark: '新装修休息室',
        cmoTagCode: 'recommend_lounge',
      });
      expect(await group('CS-OWN', 'nio_charging_tag')).toMatchObject({
        manualUpdateAllowed: false,
        recommendationTag: false,
        recommendationText: null,
      });
    });

    it('should clear a group when no tag is given', async () => {
      await setGroup('CS-OWN', 'resource_recommendation_info', { tagCode: 'recommend_lounge' });

      const response = await setGroup('CS-OWN', 'resource_recommendation_info', { tagCode: null });

      expect(response.statusCode).toBe(200);
      expect(await group('CS-OWN', 'resource_recommendation_info')).toMatchObject({ tagCode: null });
    });

    it.each([
      ['0', '最大充电电流输入值不能小于1'],
      ['351', '输入值不能大于350'],
      ['fast', '输入必须为数字'],
    ])('should refuse the charging speed %s with “%s”', async (value, message) => {
      const response = await setGroup('CS-OWN', 'max_charging_speed_tag', {
        tagCode: 'max_charging_speed',
        tagValue: value,
      });

      expect(response.statusCode).toBe(422);
      expect(errorOf(response).message).toBe(message);
    });

    it('should keep a charging speed in range and update its value in place', async () => {
      await setGroup('CS-OWN', 'max_charging_speed_tag', { tagCode: 'max_charging_speed', tagValue: '250' });
      await setGroup('CS-OWN', 'max_charging_speed_tag', { tagCode: 'max_charging_speed', tagValue: '350' });

      expect(await group('CS-OWN', 'max_charging_speed_tag')).toMatchObject({
        tagCode: 'max_charging_speed',
        tagValue: '350',
      });
    });

    it.each([
      ['8:30-11:30', '请输入正确的占用时间，格式：08:30~11:30,12:30~14:30'],
      ['11:30~08:30', '结束时间必须大于开始时间'],
      ['08:00~12:00,11:00~13:00', '时间段不能重叠'],
    ])('should refuse the busy hours %s with “%s”', async (value, message) => {
      const response = await setGroup('CS-OWN', 'resource_occupy_info', {
        tagCode: 'occupy_time',
        tagValue: value,
      });

      expect(response.statusCode).toBe(422);
      expect(errorOf(response).message).toBe(message);
    });

    it('should take the fault ratio as a ratio within the ceiling its tooltip names', async () => {
      const over = await setGroup('CS-OWN', 'resource_succ_info', {
        tagCode: 'fault_ratio',
        tagValue: '0.31',
      });
      const fine = await setGroup('CS-OWN', 'resource_succ_info', {
        tagCode: 'fault_ratio',
        tagValue: '0.05',
      });

      expect(over.statusCode).toBe(422);
      expect(errorOf(over).message).toBe('输入值不能大于30');
      expect(fine.statusCode).toBe(200);
      expect(await group('CS-OWN', 'resource_succ_info')).toMatchObject({ tagValue: '0.05' });
    });

    it('should refuse the read-only group and a measured value on a station not run by its owner', async () => {
      await measured('CS-OTHER', 'succ_prob_high');

      const readOnly = await setGroup('CS-OWN', 'nio_charging_tag', { tagCode: 'nio_fast_charging' });
      const locked = await setGroup('CS-OTHER', 'succ_prob_tag', { tagCode: 'succ_prob_low' });
      const own = await setGroup('CS-OWN', 'succ_prob_tag', { tagCode: 'succ_prob_low' });

      expect([readOnly.statusCode, errorOf(readOnly).message]).toEqual([422, '该标签为只读']);
      expect([locked.statusCode, errorOf(locked).message]).toEqual([
        422,
        '系统已有准确值，非自营场站组不支持录入',
      ]);
      expect(own.statusCode).toBe(200);
    });

    it('should add the monthly top ten tag on yes and delete it on no', async () => {
      const yes = await setGroup('PS-1', 'overall_evaluation', { yes: true });
      expect(yes.json<StationTags>().tagList[0]).toMatchObject({
        tagCode: 'monthly_top_ten',
        tagName: '月度十佳',
      });
      expect((await setGroup('PS-1', 'overall_evaluation', { yes: true })).statusCode).toBe(200);

      const no = await setGroup('PS-1', 'overall_evaluation', { yes: false });

      expect(no.json<StationTags>().tagList[0]).toMatchObject({ tagCode: null });
    });

    it('should refuse a viewer and a group the station type does not have', async () => {
      expect(
        (await setGroup('CS-OWN', 'resource_available_info', { tagCode: 'available_public' }, viewer))
          .statusCode,
      ).toBe(403);
      expect(
        (await setGroup('PS-1', 'resource_available_info', { tagCode: 'available_public' })).statusCode,
      ).toBe(404);
    });
  });

  describe('POST /tags/operation_update', () => {
    it('should apply every item or none', async () => {
      const response = await update([
        item('add', 'available_public'),
        item('add', 'max_charging_speed', { tagValue: '999' }),
      ]);

      expect(response.statusCode).toBe(422);
      expect(await sut.database.db.select().from(resourceTags)).toEqual([]);
    });

    it('should add, update and delete tags and answer what the stations hold', async () => {
      const added = await update([
        item('add', 'available_public'),
        item('add', 'occupy_time', { tagValue: '08:30~11:30' }),
      ]);
      expect(added.statusCode).toBe(200);
      expect(
        added
          .json<{ items: ResourceTagItem[] }>()
          .items.map((tag) => [tag.tagCode, tag.tagValue, tag.tagDegree]),
      ).toEqual([
        ['occupy_time', '08:30~11:30', 1],
        ['available_public', null, 1],
      ]);

      const changed = await update([
        item('update', 'occupy_time', { tagValue: '17:00~19:00' }),
        item('delete', 'available_public'),
      ]);

      expect(
        changed.json<{ items: ResourceTagItem[] }>().items.map((tag) => [tag.tagCode, tag.tagValue]),
      ).toEqual([['occupy_time', '17:00~19:00']]);
    });

    it.each([
      [
        'a tag of another station type',
        [item('add', 'monthly_top_ten')],
        '标签monthly_top_ten不适用于该类型的场站',
      ],
      ['an unknown tag', [item('add', 'no_such_tag')], '标签no_such_tag不存在'],
      [
        'a second tag in one group',
        [item('add', 'available_public'), item('add', 'available_limited')],
        '标签组开放情况只能有一个标签',
      ],
      [
        'an update of a tag the station lacks',
        [item('update', 'available_public')],
        '场站没有标签available_public，无法修改或删除',
      ],
      [
        'a value for a choice',
        [item('add', 'available_public', { tagValue: '1' })],
        '标签组开放情况不需要输入值',
      ],
    ])('should refuse %s', async (_, items, message) => {
      const response = await update(items);

      expect(response.statusCode).toBe(422);
      expect(errorOf(response).message).toBe(message);
    });

    it('should refuse a degree other than 1 and a viewer', async () => {
      expect((await update([item('add', 'available_public', { tagDegree: 2 })])).statusCode).toBe(400);
      expect((await update([item('add', 'available_public')], viewer)).statusCode).toBe(403);
    });
  });

  describe('POST /tags/detail', () => {
    it('should list what a station holds to a viewer, narrowed by group', async () => {
      await update([item('add', 'available_public'), item('add', 'max_charging_speed', { tagValue: '250' })]);

      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/nio/tags/detail',
        headers: headers(viewer),
        payload: { resourceId: 'CS-OWN', bizCode: 'ChargeStation', tagGroupCode: 'max_charging_speed_tag' },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json<{ items: ResourceTagItem[] }>().items).toEqual([
        expect.objectContaining({
          resourceId: 'CS-OWN',
          tagCategoryName: '算法标签',
          tagProviderCode: 'algorithm',
          tagGroupCode: 'max_charging_speed_tag',
          tagGroupName: '最大充电电流',
          tagCode: 'max_charging_speed',
          tagName: '最大充电电流',
          tagValue: '250',
          tagDegree: 1,
          expire: false,
        }),
      ]);
    });
  });
});
