import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BIZ_SCENE_DICT_TYPE } from '@cmp/domain/stations/biz-scenes';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { ensureDictionaries, REFERENCE_DICTIONARIES } from './dictionaries.bootstrap.js';
import { dictEntries, dictTypes } from './dictionaries.tables.js';
import { DictionaryService } from './dictionaries.service.js';
import { insertChargeStation } from '../../test/station-fixtures.js';

describe('dictionaries', () => {
  let sut: TestContext;
  let viewer: string;
  beforeEach(async () => {
    sut = await createTestContext();
    viewer = await sut.userWith('viewer', 'nio');
  });
  afterEach(() => sut.app.close());

  const get = (query: string, cookie = viewer) =>
    sut.app.inject({ method: 'GET', url: `/api/nio/dictionaries${query}`, headers: { cookie } });

  const bizScenesTypeId = async () => {
    const [type] = await sut.database.db
      .select()
      .from(dictTypes)
      .where(eq(dictTypes.code, BIZ_SCENE_DICT_TYPE));
    return type!.dictTypeId;
  };

  describe('GET /dictionaries', () => {
    it('should answer the business scenes seeded at start, in sort order, to a viewer', async () => {
      const response = await get('?dictTypeCode=resource_biz_scenes');

      expect(response.statusCode).toBe(200);
      const items = response.json().items as { code: string; name: string; sort: number }[];
      expect(items.slice(0, 6).map((entry) => [entry.code, entry.name])).toEqual([
        ['1', '公交场站'],
        ['2', '物流'],
        ['3', '出租网约'],
        ['4', '私家车'],
        ['5', '高速服务区'],
        ['6', '景区'],
      ]);
      expect(items[0]).toEqual({
        dictId: expect.any(Number),
        dictTypeId: await bizScenesTypeId(),
        code: '1',
        name: '公交场站',
        nameEn: null,
        status: 1,
        sort: 1,
        description: 'Bus depot',
      });
      expect(items.map((entry) => entry.sort)).toEqual(
        [...items.map((entry) => entry.sort)].sort((a, b) => a - b),
      );
    });

    it('should order by sort, not by insertion, and include withdrawn entries with their status', async () => {
      const dictTypeId = await bizScenesTypeId();
      await sut.database.db
        .insert(dictEntries)
        .values({ dictTypeId, code: '99', name: '旧场景', status: 0, sort: 0, description: null });

      const items = (await get('?dictTypeCode=resource_biz_scenes')).json().items;

      expect(items[0]).toMatchObject({ code: '99', name: '旧场景', status: 0, sort: 0, description: null });
      expect(items[1]).toMatchObject({ code: '1' });
    });

    it('should answer the park fee tags', async () => {
      const items = (await get('?dictTypeCode=park_fee_tag')).json().items;
      expect(items.map((entry: { code: string }) => entry.code)).toEqual([
        'free',
        'free_while_charging',
        'limited_free',
        'charging_discount',
        'paid',
      ]);
    });

    it('should answer 404 for an unknown type', async () => {
      const response = await get('?dictTypeCode=no_such_type');

      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({
        code: 'not_found',
        message: 'dictionary type no_such_type not found',
      });
    });

    it('should answer 400 without a type code', async () => {
      const response = await get('');

      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'validation_failed' });
      expect(errorOf(response).details).toEqual([
        expect.objectContaining({ path: 'querystring.dictTypeCode' }),
      ]);
    });

    it('should refuse a user of another tenant', async () => {
      const peViewer = await sut.userWith('viewer', 'pe');
      expect((await get('?dictTypeCode=resource_biz_scenes', peViewer)).statusCode).toBe(403);
    });
  });

  describe('GET /dictionary-types', () => {
    it('should list every dictionary with its entry counts to a viewer', async () => {
      await sut.database.db
        .update(dictEntries)
        .set({ status: 0 })
        .where(and(eq(dictEntries.dictTypeId, await bizScenesTypeId()), eq(dictEntries.code, '6')));

      const response = await sut.app.inject({
        method: 'GET',
        url: '/api/nio/dictionary-types',
        headers: { cookie: viewer },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json().items).toEqual([
        expect.objectContaining({ code: 'match_car', name: '适配车型', entryCount: 8, enabledCount: 8 }),
        expect.objectContaining({ code: 'park_fee_tag', name: '停车费标签', entryCount: 5, enabledCount: 5 }),
        expect.objectContaining({ code: 'payment_method', name: '支付方式', entryCount: 5, enabledCount: 5 }),
        expect.objectContaining({
          code: 'resource_biz_scenes',
          name: '资源业务场景',
          entryCount: 10,
          enabledCount: 9,
        }),
      ]);
    });
  });

  describe('editing entries', () => {
    let admin: string;
    beforeEach(async () => {
      admin = await sut.userWith('admin', 'nio');
    });

    const send = (method: 'POST' | 'PUT', url: string, payload: unknown, cookie = admin) =>
      sut.app.inject({ method, url: `/api/nio${url}`, headers: { cookie }, payload: payload as object });
    const entryOf = async (code: string) => {
      const items = (await get('?dictTypeCode=resource_biz_scenes')).json().items as {
        dictId: number;
        code: string;
      }[];
      return items.find((entry) => entry.code === code)!;
    };
    const edit = { name: '公交枢纽', nameEn: 'Bus hub', sort: 1, status: 1, description: 'Bus depot' };

    it('should rename an entry in both languages, audit it and serve the new label to the stations area', async () => {
      const service = new DictionaryService(sut.database.db);
      expect(await service.describeBizScenes([1])).toEqual([{ code: 1, desc: '公交场站' }]);
      const { dictId } = await entryOf('1');

      const response = await send('PUT', `/dictionary-entries/${dictId}`, edit);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ dictId, code: '1', name: '公交枢纽', nameEn: 'Bus hub' });
      expect((await entryOf('1')) as unknown).toMatchObject({ name: '公交枢纽', nameEn: 'Bus hub' });
      const [audit] = await sut.database.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.action, 'DICT_ENTRY_UPDATE'));
      expect(audit).toMatchObject({
        tenant: 'nio',
        actorUserName: 'nio-admin',
        entityType: 'dict_entry',
        entityId: String(dictId),
        before: { name: '公交场站', nameEn: null },
        after: { name: '公交枢纽', nameEn: 'Bus hub' },
      });
    });

    it('should name the renamed scene on the stations list at once, not when the label cache expires', async () => {
      await insertChargeStation(sut.database.db, 'S1', { bizSceneCodes: [5] });
      const scenes = async () =>
        (
          await sut.app.inject({ method: 'GET', url: '/api/nio/stations', headers: { cookie: viewer } })
        ).json().items[0].bizScenes;
      expect(await scenes()).toEqual([{ code: 5, desc: '高速服务区' }]);
      const { dictId } = await entryOf('5');

      await send('PUT', `/dictionary-entries/${dictId}`, { ...edit, name: '服务区', sort: 5 });

      expect(await scenes()).toEqual([{ code: 5, desc: '服务区' }]);
    });

    it('should disable an entry instead of deleting it, so stations can no longer take its code', async () => {
      const { dictId } = await entryOf('6');

      const response = await send('PUT', `/dictionary-entries/${dictId}`, {
        name: '景区',
        sort: 6,
        status: 0,
        description: 'Scenic area',
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: '6', status: 0 });
      const service = new DictionaryService(sut.database.db);
      await expect(service.assertBizScenesInUse([6])).rejects.toBeInstanceOf(RuleError);
      expect(await service.describeBizScenes([6])).toEqual([{ code: 6, desc: '景区' }]);
    });

    it('should add an entry, audit it, and refuse a code the dictionary has with a 409', async () => {
      const created = await send('POST', '/dictionary-types/resource_biz_scenes/entries', {
        ...edit,
        code: '11',
        name: '夜间停车',
        nameEn: 'Night parking',
        sort: 11,
      });

      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        code: '11',
        name: '夜间停车',
        nameEn: 'Night parking',
        status: 1,
      });
      const audits = await sut.database.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.action, 'DICT_ENTRY_CREATE'));
      expect(audits).toEqual([expect.objectContaining({ entityType: 'dict_entry', tenant: 'nio' })]);

      const again = await send('POST', '/dictionary-types/resource_biz_scenes/entries', {
        ...edit,
        code: '11',
      });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toMatchObject({
        code: 'conflict',
        message: '该字典已有编码为 11 的条目',
      });
    });

    it('should refuse a business scene code that is not a whole number, and an unknown type', async () => {
      const text = await send('POST', '/dictionary-types/resource_biz_scenes/entries', {
        ...edit,
        code: 'night',
      });
      expect(text.statusCode).toBe(422);
      expect(errorOf(text)).toMatchObject({ code: 'rule_violated' });
      expect(errorOf(text).message).toContain('1 至 2147483647');

      const parking = await send('POST', '/dictionary-types/park_fee_tag/entries', {
        ...edit,
        code: 'night_free',
      });
      expect(parking.statusCode).toBe(201);

      const unknown = await send('POST', '/dictionary-types/no_such_type/entries', { ...edit, code: 'x' });
      expect(unknown.statusCode).toBe(404);
    });

    it.each([
      ['an empty name', { ...edit, name: '  ' }, 'body.name'],
      ['a name over 64 characters', { ...edit, name: '名'.repeat(65) }, 'body.name'],
      ['an English label over 64 characters', { ...edit, nameEn: 'x'.repeat(65) }, 'body.nameEn'],
      ['a negative sort', { ...edit, sort: -1 }, 'body.sort'],
      ['a fractional sort', { ...edit, sort: 1.5 }, 'body.sort'],
      ['a status other than 0 or 1', { ...edit, status: 2 }, 'body.status'],
      ['a NUL character', { ...edit, name: 'a\u0000b' }, 'body.name'],
      ['a sort sent as text', { ...edit, sort: '1' }, 'body.sort'],
    ])('should refuse %s with 400 naming the field', async (_case, body, path) => {
      const { dictId } = await entryOf('1');

      const response = await send('PUT', `/dictionary-entries/${dictId}`, body);

      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual([expect.objectContaining({ path })]);
    });

    it('should refuse a code with characters other than letters, digits and underscores', async () => {
      const response = await send('POST', '/dictionary-types/park_fee_tag/entries', {
        ...edit,
        code: "x'; drop table",
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual([expect.objectContaining({ path: 'body.code' })]);
    });

    it('should answer 404 for an unknown entry and 400 for a malformed id', async () => {
      expect((await send('PUT', '/dictionary-entries/999999', edit)).statusCode).toBe(404);
      expect((await send('PUT', '/dictionary-entries/abc', edit)).statusCode).toBe(400);
    });

    it('should refuse an operator and a viewer with 403 and change nothing', async () => {
      const operator = await sut.userWith('operator', 'nio');
      const { dictId } = await entryOf('1');

      for (const cookie of [operator, viewer]) {
        expect((await send('PUT', `/dictionary-entries/${dictId}`, edit, cookie)).statusCode).toBe(403);
        expect(
          (await send('POST', '/dictionary-types/park_fee_tag/entries', { ...edit, code: 'z' }, cookie))
            .statusCode,
        ).toBe(403);
      }
      expect((await entryOf('1')) as unknown).toMatchObject({ name: '公交场站' });
    });
  });

  describe('bootstrap', () => {
    it('should add only what is missing, keep edited entries and audit what it added', async () => {
      const dictTypeId = await bizScenesTypeId();
      await sut.database.db
        .delete(dictEntries)
        .where(and(eq(dictEntries.dictTypeId, dictTypeId), eq(dictEntries.code, '2')));
      await sut.database.db
        .update(dictEntries)
        .set({ name: '公交' })
        .where(and(eq(dictEntries.dictTypeId, dictTypeId), eq(dictEntries.code, '1')));
      await sut.database.db.delete(auditRecords);

      await ensureDictionaries(sut.database.db);
      await ensureDictionaries(sut.database.db);

      const rows = await sut.database.db
        .select()
        .from(dictEntries)
        .where(eq(dictEntries.dictTypeId, dictTypeId));
      const bizScenes = REFERENCE_DICTIONARIES.find((d) => d.code === BIZ_SCENE_DICT_TYPE)!;
      expect(rows).toHaveLength(bizScenes.entries.length);
      expect(rows.find((row) => row.code === '1')?.name).toBe('公交');
      expect(rows.find((row) => row.code === '2')).toMatchObject({ name: '物流', sort: 2, status: 1 });
      const audits = await sut.database.db.select().from(auditRecords);
      expect(audits).toEqual([
        expect.objectContaining({
          actorType: 'system',
          entityType: 'dict_type',
          entityId: BIZ_SCENE_DICT_TYPE,
          action: 'DICT_ENTRIES_SEED',
          after: { codes: ['2'] },
        }),
      ]);
    });
  });

  describe('service for other modules', () => {
    it('should describe business scene codes and leave unknown ones without desc', async () => {
      const service = new DictionaryService(sut.database.db);

      expect(await service.describeBizScenes([5, 1, 404])).toEqual([
        { code: 5, desc: '高速服务区' },
        { code: 1, desc: '公交场站' },
        { code: 404 },
      ]);
      expect(await service.describeBizScenes([])).toEqual([]);
    });

    it('should accept codes in use and refuse unknown or withdrawn ones with the rule key', async () => {
      const service = new DictionaryService(sut.database.db);
      await sut.database.db
        .update(dictEntries)
        .set({ status: 0 })
        .where(and(eq(dictEntries.dictTypeId, await bizScenesTypeId()), eq(dictEntries.code, '6')));

      await expect(service.assertBizScenesInUse([1, 2, 3])).resolves.toBeUndefined();
      await expect(service.assertBizScenesInUse([])).resolves.toBeUndefined();
      const unknown = await service.assertBizScenesInUse([1, 77]).catch((error: unknown) => error);
      expect(unknown).toBeInstanceOf(RuleError);
      expect((unknown as RuleError).rule).toEqual({ key: 'station.unknownBizScene', params: { code: '77' } });
      const withdrawn = await service.assertBizScenesInUse([6]).catch((error: unknown) => error);
      expect((withdrawn as RuleError).rule.params).toEqual({ code: '6' });
    });
  });
});
