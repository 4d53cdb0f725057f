import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Relation, RelationListRequest } from '@cmp/domain/accounts/relation-contracts';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { SYSTEM_ACTOR } from '../../platform/audit/audit.js';
import { rowValues, sheetOf } from '../../test/export-files.js';
import { insertAccount } from '../../test/relation-fixtures.js';
import { insertChargeStation, insertSwapStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { relations } from './relations.tables.js';
import { RelationsService } from './relations.service.js';

describe('relations of accounts to stations', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    const db = sut.database.db;
    await insertChargeStation(db, 'CS-1');
    await insertSwapStation(db, 'PS-1');
    for (const id of ['ACC1', 'ACC2', 'ACC3']) await insertAccount(db, id);
    await insertAccount(db, 'ACC9', { isDelete: true });
    await insertAccount(db, 'PE1', { tenant: 'pe' });
  });
  afterEach(() => sut.app.close());

  const post = (path: string, payload: object, cookie = operator, tenant = 'nio') =>
    sut.app.inject({ method: 'POST', url: `/api/${tenant}/relations/${path}`, headers: { cookie }, payload });
  const bind = (payload: Record<string, unknown>, cookie = operator) =>
    post(
      'bind',
      { resource_id: 'CS-1', relation_type: 'contributor', bind_reason: 'fixed the fees', ...payload },
      cookie,
    );
  const bound = async (payload: Record<string, unknown>) => {
    const response = await bind(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Relation>();
  };
  const unbind = (relationId: number, reason: unknown = 'moved away', cookie = operator) =>
    post('unbind', { relation_id: relationId, unbind_reason: reason }, cookie);
  const search = async (filter: RelationListRequest, cookie = viewer, tenant = 'nio') => {
    const response = await post('search', filter, cookie, tenant);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Relation[]; total: number }>();
  };
  const history = async (resourceId: string) => {
    const response = await sut.app.inject({
      method: 'GET',
      url: `/api/nio/stations/${resourceId}/operation-records`,
      headers: { cookie: viewer },
    });
    return response.json<{ items: { action: string; userName: string; before: unknown; after: unknown }[] }>()
      .items;
  };

  it("should bind an account to a station and list it with every field of the spec and the account's", async () => {
    const relation = await bound({ account_id: 'ACC1', resource_origin_id: 'ORIGIN-1' });
    expect(relation).toMatchObject({
      resourceId: 'CS-1',
      resourceType: 'ChargeStation',
      resourceOriginId: 'ORIGIN-1',
      resourceName: 'station CS-1',
      accountId: 'ACC1',
      relationType: 'contributor',
      bindReason: 'fixed the fees',
      state: 'bind',
      unbindReason: null,
      unbindTime: null,
      source: 'portal',
      boundBy: 'nio-operator',
      mobile: '13800000001',
    });
    expect(Math.abs(relation.bindTime - Date.now())).toBeLessThan(60_000);

    const page = await search({ resource_id: 'CS-1' });
    expect(page.total).toBe(1);
    expect(Object.keys(page.items[0]!)).toEqual(
      expect.arrayContaining([
        'relationId',
        'resourceId',
        'resourceType',
        'accountId',
        'relationType',
        'bindReason',
        'state',
        'mobile',
        'udsUserId',
        'name',
        'gender',
        'nickname',
        'countryCode',
        'headImage',
        'medalImage',
        'intro',
        'unbindReason',
        'bindTime',
        'unbindTime',
        'source',
      ]),
    );
    expect(page.items[0]).toMatchObject({
      relationId: relation.relationId,
      udsUserId: 'UDS-ACC1',
      name: 'Name ACC1',
      gender: 'female',
      nickname: 'Nick ACC1',
      countryCode: '86',
      headImage: 'https://img.example/ACC1.png',
      medalImage: 'https://img.example/ACC1-medal.png',
      intro: 'Intro of ACC1',
    });
  });

  it("should write the bind and the unbind into the station's history with the account and the reason", async () => {
    const relation = await bound({
      account_id: 'ACC1',
      relation_type: 'maintainer',
      bind_reason: 'keeps it',
    });
    expect((await unbind(relation.relationId, 'no longer nearby')).statusCode).toBe(200);

    expect(await history('CS-1')).toMatchObject([
      {
        action: 'CHARGE_STATION_CONTRIBUTOR_UNBIND',
        userName: 'nio-operator',
        before: {
          accountId: 'ACC1',
          accountName: 'Nick ACC1',
          relationType: 'maintainer',
          relationState: 'bind',
        },
        after: {
          accountId: 'ACC1',
          accountName: 'Nick ACC1',
          relationType: 'maintainer',
          relationState: 'unbind',
          unbindReason: 'no longer nearby',
        },
      },
      {
        action: 'CHARGE_STATION_CONTRIBUTOR_BIND',
        userName: 'nio-operator',
        before: null,
        after: {
          relationId: relation.relationId,
          accountId: 'ACC1',
          accountName: 'Nick ACC1',
          relationType: 'maintainer',
          bindReason: 'keeps it',
          relationSource: 'portal',
        },
      },
    ]);
  });

  it('should refuse an account the tenant lacks with user_not_found, an unknown station with 404, a second live relation with 409', async () => {
    for (const accountId of ['NOBODY', 'PE1', 'ACC9']) {
      const response = await bind({ account_id: accountId });
      expect(response.statusCode, accountId).toBe(404);
      expect(errorOf(response).code).toBe('user_not_found');
    }
    const noStation = await bind({ account_id: 'ACC1', resource_id: 'NOPE' });
    expect(noStation.statusCode).toBe(404);
    expect(errorOf(noStation).code).toBe('not_found');
    const wrongType = await bind({ account_id: 'ACC1', resource_type: 'PowerSwap' });
    expect(wrongType.statusCode).toBe(422);

    const first = await bound({ account_id: 'ACC1' });
    const again = await bind({ account_id: 'ACC1', bind_reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('该用户已以此关系类型绑定此站点');
    // Another type, another station or another account is another relation.
    await bound({ account_id: 'ACC1', relation_type: 'discoverer' });
    await bound({ account_id: 'ACC1', resource_id: 'PS-1', resource_type: 'PowerSwap' });
    await bound({ account_id: 'ACC2' });
    // Once unbound, the account may be bound again: a new relation, the old one kept as it was.
    expect((await unbind(first.relationId)).statusCode).toBe(200);
    const rebound = await bound({ account_id: 'ACC1' });
    expect(rebound.relationId).not.toBe(first.relationId);
    expect(
      (await search({ account_id: 'ACC1', relation_type: 'contributor', resource_id: 'CS-1' })).total,
    ).toBe(2);
    expect(
      (
        await sut.database.db
          .select()
          .from(auditRecords)
          .where(eq(auditRecords.action, 'CHARGE_STATION_CONTRIBUTOR_BIND'))
      ).length,
    ).toBe(5);
  });

  it('should unbind with a reason only, once, and only a relation of the tenant', async () => {
    const relation = await bound({ account_id: 'ACC1' });
    expect((await post('unbind', { relation_id: relation.relationId })).statusCode).toBe(400);
    for (const reason of ['', '   ', 'x'.repeat(256)]) {
      expect((await unbind(relation.relationId, reason)).statusCode).toBe(400);
    }
    expect((await unbind(999_999)).statusCode).toBe(404);
    const pe = await sut.userWith('operator', 'pe');
    expect(
      (await post('unbind', { relation_id: relation.relationId, unbind_reason: 'x' }, pe, 'pe')).statusCode,
    ).toBe(404);

    const response = await unbind(relation.relationId, '  closed down ');
    expect(response.statusCode).toBe(200);
    const unbound = response.json<Relation>();
    expect(unbound).toMatchObject({
      state: 'unbind',
      unbindReason: 'closed down',
      unboundBy: 'nio-operator',
    });
    expect(Math.abs(unbound.unbindTime! - Date.now())).toBeLessThan(60_000);

    const twice = await unbind(relation.relationId, 'again');
    expect(twice.statusCode).toBe(422);
    expect(errorOf(twice).message).toBe('该关系已解绑');
  });

  it('should let a viewer search but neither bind nor unbind', async () => {
    const relation = await bound({ account_id: 'ACC1' });
    expect((await bind({ account_id: 'ACC2' }, viewer)).statusCode).toBe(403);
    expect((await unbind(relation.relationId, 'x', viewer)).statusCode).toBe(403);
    expect((await search({})).total).toBe(1);
  });

  describe('the list', () => {
    let ids: Record<string, number>;
    beforeEach(async () => {
      const service = new RelationsService(sut.database.db);
      const make = async (key: string, input: Parameters<RelationsService['bind']>[1]) => {
        ids[key] = (await service.bind('nio', input, SYSTEM_ACTOR)).relationId;
      };
      ids = {};
      await make('a', {
        resourceId: 'CS-1',
        accountId: 'ACC1',
        relationType: 'discoverer',
        bindReason: 'reported 100% of it',
        source: 'virtual_station',
        resourceOriginId: 'VS-1',
      });
      await make('b', {
        resourceId: 'CS-1',
        accountId: 'ACC2',
        relationType: 'contributor',
        bindReason: 'new pictures',
        source: 'app',
      });
      await make('c', {
        resourceId: 'PS-1',
        accountId: 'ACC2',
        relationType: 'maintainer',
        bindReason: 'keeps the site',
        source: 'portal',
      });
      await service.unbind(
        'nio',
        { relationId: ids.c!, unbindReason: 'moved to another city' },
        SYSTEM_ACTOR,
      );
      // The bind times spread over three days, oldest first.
      for (const [key, day] of [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ] as const) {
        await sut.database.db
          .update(relations)
          .set({ bindTime: new Date(`2026-03-0${day}T08:00:00Z`) })
          .where(eq(relations.relationId, ids[key]!));
      }
    });

    const keysOf = (page: { items: Relation[] }) =>
      page.items.map((item) => Object.entries(ids).find(([, id]) => id === item.relationId)?.[0]);

    it('should list the latest bound first', async () => {
      expect(keysOf(await search({}))).toEqual(['c', 'b', 'a']);
    });

    it.each<[string, () => RelationListRequest, string[]]>([
      ['relation_id', () => ({ relation_id: ids.b }), ['b']],
      ['resource_id', () => ({ resource_id: 'CS-1' }), ['b', 'a']],
      ['resource_origin_id', () => ({ resource_origin_id: 'VS-1' }), ['a']],
      ['account_id', () => ({ account_id: 'ACC2' }), ['c', 'b']],
      ['relation_type', () => ({ relation_type: 'maintainer' }), ['c']],
      ['relation_types', () => ({ relation_types: ['discoverer', 'contributor'] }), ['b', 'a']],
      [
        'relation_type with relation_types',
        () => ({ relation_type: 'maintainer', relation_types: ['discoverer'] }),
        ['c', 'a'],
      ],
      ['bind_reason (a part, % as itself)', () => ({ bind_reason: '100%' }), ['a']],
      ['unbind_reason (a part, any case)', () => ({ unbind_reason: 'CITY' }), ['c']],
      ['state', () => ({ state: 'bind' }), ['b', 'a']],
    ])('should filter by %s', async (_name, filter, expected) => {
      const page = await search(filter());
      expect(keysOf(page)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    });

    it('should page and sort, and refuse a column it cannot sort by', async () => {
      const first = await search({ pageNo: 1, pageSize: 2, sort: 'bindTime:asc' });
      expect(keysOf(first)).toEqual(['a', 'b']);
      expect(first.total).toBe(3);
      expect(keysOf(await search({ pageNo: 2, pageSize: 2, sort: 'bindTime:asc' }))).toEqual(['c']);
      expect(keysOf(await search({ sort: 'unbindTime:desc' }))).toEqual(['c', 'b', 'a']);
      expect(keysOf(await search({ sort: 'relationId:asc' }))).toEqual(['a', 'b', 'c']);
      expect((await post('search', { sort: 'mobile:asc' }, viewer)).statusCode).toBe(400);
      expect((await post('search', { pageSize: 1001 }, viewer)).statusCode).toBe(400);
      expect((await post('search', { relation_type: 'owner' }, viewer)).statusCode).toBe(400);
    });

    it("should mask mobiles for viewers and record an operator's search of one account", async () => {
      expect((await search({ account_id: 'ACC1' })).items[0]!.mobile).toBe('138****0001');
      const reveals = () =>
        sut.database.db.select().from(auditRecords).where(eq(auditRecords.action, 'account.mobile_revealed'));
      expect(await reveals()).toHaveLength(0);

      expect((await search({ resource_id: 'CS-1' }, operator)).items.map((r) => r.mobile)).toEqual([
        '13800000002',
        '13800000001',
      ]);
      // Browsing by station reveals no one on purpose; asking for one account's relations does.
      expect(await reveals()).toHaveLength(0);
      expect((await search({ account_id: 'ACC2' }, operator)).items[0]!.mobile).toBe('13800000002');
      expect(await reveals()).toMatchObject([
        {
          tenant: 'nio',
          entityType: 'account',
          entityId: 'ACC2',
          actorUserName: 'nio-operator',
          extData: { via: 'relations.search', query: { account_id: 'ACC2' }, accountIds: ['ACC2'], count: 1 },
        },
      ]);
    });

    it("should export the filtered list with the screen's columns, labels in the reader's language", async () => {
      const exportOf = (cookie: string, language = 'zh-CN') =>
        sut.app.inject({
          method: 'GET',
          url: '/api/nio/relations/export?account_id=ACC2&sort=bindTime:asc&columns=relationId,station,mobile,relationType,state,unbindReason,source',
          headers: { cookie, 'accept-language': language },
        });
      const sheet = await sheetOf(await exportOf(viewer));
      expect(rowValues(sheet, 1)).toEqual([
        '关系ID',
        '站点',
        '手机号',
        '关系类型',
        '状态',
        '解绑原因',
        '来源',
      ]);
      expect(rowValues(sheet, 2)).toEqual([
        ids.b,
        'station CS-1 (CS-1)',
        '138****0002',
        '贡献者',
        '已绑定',
        undefined,
        'App',
      ]);
      expect(rowValues(sheet, 3)).toEqual([
        ids.c,
        'station PS-1 (PS-1)',
        '138****0002',
        '维护者',
        '已解绑',
        'moved to another city',
        '运营后台',
      ]);
      expect(sheet.rowCount).toBe(3);
      const english = await sheetOf(await exportOf(operator, 'en-US'));
      expect(rowValues(english, 3)).toEqual([
        ids.c,
        'station PS-1 (PS-1)',
        '13800000002',
        'Maintainer',
        'Unbound',
        'moved to another city',
        'Portal',
      ]);
      // The operator's export of one account showed its mobile whole.
      const [reveal] = await sut.database.db
        .select()
        .from(auditRecords)
        .where(and(eq(auditRecords.action, 'account.mobile_revealed'), eq(auditRecords.entityId, 'ACC2')));
      expect(reveal?.extData).toMatchObject({ via: 'relations.export', accountIds: ['ACC2'] });
    });

    it('should keep each tenant to its own relations, even between accounts of the same id', async () => {
      const pe = await sut.userWith('viewer', 'pe');
      expect(await search({}, pe, 'pe')).toEqual({ items: [], total: 0 });
      // pe's ACC2 is not nio's ACC2, who is a live contributor of CS-1 already.
      await insertAccount(sut.database.db, 'ACC2', { tenant: 'pe', nickName: 'pe user' });
      const peRelation = await new RelationsService(sut.database.db).bind(
        'pe',
        { resourceId: 'CS-1', accountId: 'ACC2', relationType: 'contributor', source: 'portal' },
        SYSTEM_ACTOR,
      );
      expect((await search({}, pe, 'pe')).items).toMatchObject([
        { relationId: peRelation.relationId, nickname: 'pe user' },
      ]);
      expect(keysOf(await search({ resource_id: 'CS-1' }))).toEqual(['b', 'a']);
      // The station's history names pe's account to pe's staff only.
      const named = (records: { after: unknown }[]) =>
        records.map((r) => (r.after as { accountName?: string }).accountName);
      expect(named(await history('CS-1'))).not.toContain('pe user');
      const peHistory = await sut.app.inject({
        method: 'GET',
        url: '/api/pe/stations/CS-1/operation-records',
        headers: { cookie: pe },
      });
      expect(named(peHistory.json<{ items: { after: unknown }[] }>().items)).toEqual(['pe user']);
    });
  });

  it("should bind and unbind inside the caller's transaction, undone with it", async () => {
    const service = new RelationsService(sut.database.db);
    const input = {
      resourceId: 'CS-1',
      accountId: 'ACC3',
      relationType: 'discoverer',
      source: 'virtual_station',
    } as const;
    await expect(
      sut.database.db.transaction(async (tx) => {
        await service.bind('nio', input, SYSTEM_ACTOR, tx);
        throw new Error('the report failed');
      }),
    ).rejects.toThrow('the report failed');
    expect((await search({ account_id: 'ACC3' })).total).toBe(0);
    expect(await history('CS-1')).toEqual([]);

    await sut.database.db.transaction(async (tx) => {
      const relation = await service.bind('nio', input, SYSTEM_ACTOR, tx);
      expect(await service.live('nio', 'CS-1', 'discoverer', tx)).toMatchObject([
        { relationId: relation.relationId },
      ]);
      await service.unbind(
        'nio',
        { relationId: relation.relationId, unbindReason: 'creator changed' },
        SYSTEM_ACTOR,
        tx,
      );
      await service.bind('nio', { ...input, accountId: 'ACC1' }, SYSTEM_ACTOR, tx);
    });
    expect((await service.live('nio', 'CS-1')).map((r) => r.accountId)).toEqual(['ACC1']);
    expect((await history('CS-1')).map((r) => `${r.action} ${r.userName}`)).toEqual([
      'CHARGE_STATION_CONTRIBUTOR_BIND system',
      'CHARGE_STATION_CONTRIBUTOR_UNBIND system',
      'CHARGE_STATION_CONTRIBUTOR_BIND system',
    ]);
  });
});
