import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BIZ_SCENE_DICT_TYPE } from '@cmp/domain/stations/biz-scenes';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { ensureDictionaries, REFERENCE_DICTIONARIES } from './dictionaries.bootstrap.js';
import { dictEntries, dictTypes } from './dictionaries.tables.js';
import { DictionaryService } from './dictionaries.service.js';

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
