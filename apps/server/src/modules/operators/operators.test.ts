import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { insertOperator } from '../../test/station-fixtures.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { findRegion } from '../../platform/regions/region-data.js';
import { equipmentOwners, operators, subOperators } from './operators.tables.js';
import { isCreditCode, isOrganizationCode } from '@cmp/domain/stations/organization-codes';

describe('operators, equipment owners and sub-operators', () => {
  let sut: TestContext;
  let viewer: string;
  beforeEach(async () => {
    sut = await createTestContext();
    viewer = await sut.userWith('viewer', 'nio');
  });
  afterEach(() => sut.app.close());

  const get = (url: string, cookie = viewer) =>
    sut.app.inject({ method: 'GET', url: `/api/nio${url}`, headers: { cookie } });

  describe('GET /operators', () => {
    beforeEach(async () => {
      await insertOperator(sut.database.db, {
        operatorId: 'OP-TLD',
        operatorName: 'Teld 特来电',
        equipmentOwnerId: 'OWN-TLD',
        equipmentOwnerName: '特来电新能源股份有限公司',
      });
      await insertOperator(sut.database.db, {
        operatorId: 'OP-XX',
        operatorName: 'Star Charge 星星充电',
        equipmentOwnerId: 'OWN-XX',
        controlledByNio: true,
      });
      await insertOperator(sut.database.db, {
        operatorId: 'OP-NIO',
        operatorName: 'NIO Power',
        equipmentOwnerId: 'OWN-XX',
      });
      await sut.database.db
        .insert(operators)
        .values({ operatorId: 'OP-LONE', operatorName: 'Lone operator' });
    });

    it('should answer every field with the owner name, sorted by name, with the total', async () => {
      const response = await get('/operators');

      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.total).toBe(4);
      expect(page.items.map((o: { operatorId: string }) => o.operatorId)).toEqual([
        'OP-LONE',
        'OP-NIO',
        'OP-XX',
        'OP-TLD',
      ]);
      expect(page.items[3]).toEqual({
        operatorId: 'OP-TLD',
        operatorName: 'Teld 特来电',
        operatorOrganizationCode: null,
        equipmentOwnerId: 'OWN-TLD',
        equipmentOwnerName: '特来电新能源股份有限公司',
        controlledByNio: false,
        isSharedPower: false,
      });
      expect(page.items[0]).toMatchObject({ equipmentOwnerId: null, equipmentOwnerName: null });
      expect(page.items[2]).toMatchObject({ controlledByNio: true });
    });

    it('should filter by keyword on id or name and by equipment owner', async () => {
      expect(
        (await get('/operators?keyword=星星')).json().items.map((o: { operatorId: string }) => o.operatorId),
      ).toEqual(['OP-XX']);
      expect((await get('/operators?keyword=op-t')).json()).toMatchObject({
        total: 1,
        items: [{ operatorId: 'OP-TLD' }],
      });
      const byOwner = (await get('/operators?equipmentOwnerId=OWN-XX')).json();
      expect(byOwner.total).toBe(2);
      expect(byOwner.items.map((o: { operatorId: string }) => o.operatorId)).toEqual(['OP-NIO', 'OP-XX']);
      // A LIKE wildcard in the keyword is taken literally.
      expect((await get('/operators?keyword=%25')).json()).toEqual({ items: [], total: 0 });
    });

    it('should page and sort, answering the total past the last page', async () => {
      const page = (await get('/operators?pageNo=2&pageSize=3&sort=operatorId:desc')).json();
      expect(page).toMatchObject({ total: 4, items: [{ operatorId: 'OP-LONE' }] });
      expect((await get('/operators?pageNo=5')).json()).toEqual({ items: [], total: 4 });
    });

    it('should refuse an unknown sort column and a page size over 1000', async () => {
      const badSort = await get('/operators?sort=controlledByNio:asc');
      expect(badSort.statusCode).toBe(400);
      expect(errorOf(badSort).code).toBe('validation_failed');
      expect((await get('/operators?pageSize=1001')).statusCode).toBe(400);
    });
  });

  describe('GET /equipment-owners', () => {
    beforeEach(async () => {
      await insertOperator(sut.database.db, {
        operatorId: 'OP-B',
        operatorName: 'B operator',
        equipmentOwnerId: 'OWN-1',
      });
      await insertOperator(sut.database.db, {
        operatorId: 'OP-A',
        operatorName: 'A operator',
        equipmentOwnerId: 'OWN-1',
      });
      await sut.database.db.insert(equipmentOwners).values({
        equipmentOwnerId: 'OWN-2',
        equipmentOwnerName: 'Mall car park owner',
        organizationCode: '91310101MA1FPX0000',
      });
    });

    it("should answer the spec's owner info with the owner's operator, the lowest id when several", async () => {
      const response = await get('/equipment-owners');

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        total: 2,
        items: [
          {
            equipmentOwnerId: 'OWN-2',
            equipmentOwnerName: 'Mall car park owner',
            equipmentOwner: 'Mall car park owner',
            organizationCode: '91310101MA1FPX0000',
            operatorId: null,
            operatorName: null,
          },
          {
            equipmentOwnerId: 'OWN-1',
            equipmentOwnerName: 'owner OWN-1',
            equipmentOwner: 'owner OWN-1',
            organizationCode: null,
            operatorId: 'OP-A',
            operatorName: 'A operator',
          },
        ],
      });
    });

    it('should filter by keyword and page', async () => {
      expect((await get('/equipment-owners?keyword=mall')).json()).toMatchObject({
        total: 1,
        items: [{ equipmentOwnerId: 'OWN-2' }],
      });
      expect((await get('/equipment-owners?pageSize=1&sort=equipmentOwnerId:asc')).json()).toMatchObject({
        total: 2,
        items: [{ equipmentOwnerId: 'OWN-1' }],
      });
    });
  });

  describe('sub-operators', () => {
    let operator: string;
    beforeEach(async () => {
      operator = await sut.userWith('operator', 'nio');
    });

    const sync = (names: unknown[], cookie = operator) =>
      sut.app.inject({
        method: 'POST',
        url: '/api/nio/sub-operators/batch-sync',
        headers: { cookie },
        payload: { data: names.map((name) => ({ sub_operator_name: name })) },
      });

    it('should create the new names with valid random codes, keep known ones and audit each creation', async () => {
      await sut.database.db.insert(subOperators).values({
        subOperatorId: 'KNOWN0001',
        subOperatorName: '苏州绿能充电科技有限公司',
        organizationCode: '91320500648209202F',
        serviceTel: '0512-60000000',
      });

      const response = await sync([
        '杭州快充网络有限公司',
        ' 苏州绿能充电科技有限公司 ',
        '南京易充科技有限公司',
        '杭州快充网络有限公司',
      ]);

      expect(response.statusCode).toBe(200);
      const result = response.json();
      expect(result.created.map((s: { subOperatorName: string }) => s.subOperatorName)).toEqual([
        '杭州快充网络有限公司',
        '南京易充科技有限公司',
      ]);
      expect(result.existing).toEqual([
        {
          subOperatorId: 'KNOWN0001',
          subOperatorName: '苏州绿能充电科技有限公司',
          organizationCode: '91320500648209202F',
          serviceTel: '0512-60000000',
          syncedAt: expect.any(Number),
        },
      ]);
      for (const created of result.created) {
        expect(created.subOperatorId).toMatch(/^[0-9A-Z]{9}$/);
        expect(isOrganizationCode(created.subOperatorId)).toBe(true);
        expect(created.organizationCode).toHaveLength(18);
        expect(isCreditCode(created.organizationCode)).toBe(true);
        expect(created.organizationCode.slice(8, 17)).toBe(created.subOperatorId);
        expect(findRegion(created.organizationCode.slice(2, 8))?.level).toBe('district');
        expect(created.serviceTel).toBeNull();
        expect(Math.abs(created.syncedAt - Date.now())).toBeLessThan(60_000);
      }
      expect(result.created[0].subOperatorId).not.toBe(result.created[1].subOperatorId);

      const rows = await sut.database.db.select().from(subOperators);
      expect(rows).toHaveLength(3);
      const audits = await sut.database.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.entityType, 'sub_operator'))
        .orderBy(auditRecords.id);
      expect(audits.map((a) => [a.entityId, a.action, a.tenant, a.actorUserName])).toEqual(
        result.created.map((s: { subOperatorId: string }) => [
          s.subOperatorId,
          'SUB_OPERATOR_SYNC_CREATE',
          'nio',
          'nio-operator',
        ]),
      );
      expect(audits[0]!.after).toEqual({
        subOperatorId: result.created[0].subOperatorId,
        subOperatorName: '杭州快充网络有限公司',
        organizationCode: result.created[0].organizationCode,
      });
    });

    it('should keep the codes of a name on a second sync', async () => {
      const first = (await sync(['上海充电服务有限公司'])).json();
      const second = (await sync(['上海充电服务有限公司'])).json();

      expect(second.created).toEqual([]);
      expect(second.existing).toEqual(first.created);
      expect(
        await sut.database.db.select().from(auditRecords).where(eq(auditRecords.entityType, 'sub_operator')),
      ).toHaveLength(1);
    });

    it('should refuse an empty list, an empty name and a name over 128 characters', async () => {
      const empty = await sync([]);
      expect(empty.statusCode).toBe(400);
      expect(errorOf(empty).details).toEqual([
        expect.objectContaining({ path: 'body.data', message: '输入不能为空' }),
      ]);

      const blank = await sync(['  ']);
      expect(blank.statusCode).toBe(400);
      expect(errorOf(blank).details).toEqual([
        expect.objectContaining({ path: 'body.data.0.sub_operator_name', message: '输入不能为空' }),
      ]);

      const long = await sync(['长'.repeat(129)]);
      expect(long.statusCode).toBe(400);
      expect(errorOf(long).details).toEqual([
        expect.objectContaining({ path: 'body.data.0.sub_operator_name', key: 'form.maxLength' }),
      ]);
      expect(await sut.database.db.select().from(subOperators)).toEqual([]);
    });

    it('should refuse a viewer', async () => {
      const response = await sync(['某公司'], viewer);
      expect(response.statusCode).toBe(403);
      expect(await sut.database.db.select().from(subOperators)).toEqual([]);
    });

    it('should list sub-operators by keyword on name, id or code, paged', async () => {
      await sync(['上海甲充电有限公司', '上海乙充电有限公司', '北京丙充电有限公司']);
      const [beijing] = await sut.database.db
        .select()
        .from(subOperators)
        .where(eq(subOperators.subOperatorName, '北京丙充电有限公司'));

      const all = (await get('/sub-operators')).json();
      expect(all.total).toBe(3);
      expect(all.items.map((s: { subOperatorName: string }) => s.subOperatorName).sort()).toEqual(
        ['上海乙充电有限公司', '上海甲充电有限公司', '北京丙充电有限公司'].sort(),
      );
      expect((await get('/sub-operators?keyword=上海&pageSize=1')).json()).toMatchObject({
        total: 2,
        items: [{}],
      });
      expect((await get(`/sub-operators?keyword=${beijing!.subOperatorId}`)).json()).toMatchObject({
        total: 1,
        items: [{ subOperatorName: '北京丙充电有限公司', syncedAt: beijing!.syncedAt.getTime() }],
      });
      expect((await get(`/sub-operators?keyword=${beijing!.organizationCode}`)).json().total).toBe(1);
    });
  });
});
