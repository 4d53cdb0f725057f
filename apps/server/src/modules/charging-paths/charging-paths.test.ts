import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  ChargingPathInfo,
  ChargingPathPage,
  ChargingPathRoute,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertPathAccount, insertSamplePath, SAMPLE_ROUTES } from '../../test/charging-path-fixtures.js';
import { rowValues, sheetOf } from '../../test/export-files.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 9, 1, 2);

describe('charging paths for staff', () => {
  let sut: TestContext;
  let viewer: string;
  let operator: string;
  /** pathId by a short name. */
  const ids: Record<string, number> = {};

  beforeEach(async () => {
    sut = await createTestContext();
    viewer = await sut.userWith('viewer', 'nio');
    operator = await sut.userWith('operator', 'nio');
    const db = sut.database.db;
    await insertPathAccount(db, 'ACC-1', { name: '张三', nickName: '小张', mobile: '13800000001' });
    await insertPathAccount(db, 'ACC-2', { name: '李四', nickName: '张飞粉', mobile: '13900000002' });
    await insertPathAccount(db, 'ACC-PE', { tenant: 'pe', name: '张三', mobile: '13800000001' });
    ids.p1 = await insertSamplePath(db, { accountId: 'ACC-1', searchTime: new Date(T0), rating: 5 });
    ids.p2 = await insertSamplePath(db, {
      accountId: 'ACC-1',
      searchTime: new Date(T0 + HOUR),
      rating: 2,
      origName: '南京南站',
      destName: '上海虹桥站',
    });
    ids.p3 = await insertSamplePath(db, {
      accountId: 'ACC-2',
      searchTime: new Date(T0 + 2 * HOUR),
      status: 'not_reachable',
    });
    ids.p4 = await insertSamplePath(db, {
      accountId: 'ACC-2',
      searchTime: new Date(T0 + 3 * HOUR),
      rating: 1,
      status: 'no_route',
      destName: '上海迪士尼',
    });
    // An account the tenant no longer has, and another tenant's path.
    ids.p5 = await insertSamplePath(db, { accountId: 'ACC-LOST', searchTime: new Date(T0 + 4 * HOUR) });
    ids.pe = await insertSamplePath(db, { tenant: 'pe', accountId: 'ACC-PE', searchTime: new Date(T0) });
  });
  afterEach(() => sut.app.close());

  const get = (url: string, cookie = operator) => sut.app.inject({ method: 'GET', url, headers: { cookie } });
  const list = async (query: string, cookie = operator) => {
    const response = await get(`/api/nio/charging-paths?${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChargingPathPage>();
  };
  const listed = async (query: string) => {
    const page = await list(query);
    const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return { names: page.items.map((item) => names[item.pathId]), total: page.total };
  };
  const reveals = () =>
    sut.database.db.select().from(auditRecords).where(eq(auditRecords.action, 'account.mobile_revealed'));

  it('should list the tenant paths newest first with every field of the spec item', async () => {
    const page = await list('pageNo=1&pageSize=20');
    expect(page.total).toBe(5);
    expect(page.items.map((item) => item.pathId)).toEqual([ids.p5, ids.p4, ids.p3, ids.p2, ids.p1]);
    expect(page.items.at(-2)).toEqual({
      pathId: ids.p2,
      searchTime: T0 + HOUR,
      userAccountId: 'ACC-1',
      nickname: '小张',
      commentaryRating: 2,
      name: '张三',
      mobile: '13800000001',
      vehicleId: 'VIN-1',
      tag: 'recommended',
      distance: 180_000,
      duration: 9_000,
      status: 'planned',
      orig_poi: { name: '南京南站', longitude: 121.47, latitude: 31.23 },
      dest_poi: { name: '上海虹桥站', longitude: 120.16, latitude: 30.27 },
      tenantName: 'NIO',
      vehicleModel: 'ES6',
      ratedRange: 500,
      currentRange: 300,
    });
    expect(page.items[0]).toMatchObject({ userAccountId: 'ACC-LOST', name: null, mobile: null });

    const second = await list('pageNo=2&pageSize=2&sort=searchTime:asc');
    expect(second.items.map((item) => item.pathId)).toEqual([ids.p3, ids.p4]);
    expect(second.total).toBe(5);
    expect((await get('/api/nio/charging-paths?sort=distance:desc')).statusCode).toBe(400);
  });

  it('should filter by time range, ratings, origin, destination, account, name and mobile', async () => {
    expect(await listed(`startTime=${T0 + HOUR}&endTime=${T0 + 3 * HOUR}`)).toEqual({
      names: ['p4', 'p3', 'p2'],
      total: 3,
    });
    expect(await listed('commentaryRating=1,2')).toEqual({ names: ['p4', 'p2'], total: 2 });
    expect(await listed(`commentaryRating=5,1&endTime=${T0 + 2 * HOUR}`)).toEqual({
      names: ['p1'],
      total: 1,
    });
    expect(await listed(`originPoint=${encodeURIComponent('南京')}`)).toEqual({ names: ['p2'], total: 1 });
    // The start of the name: "虹桥" is inside "上海虹桥站", not at its start.
    expect(await listed(`destinationPoint=${encodeURIComponent('虹桥')}`)).toEqual({ names: [], total: 0 });
    expect(await listed(`destinationPoint=${encodeURIComponent('上海')}`)).toEqual({
      names: ['p4', 'p2'],
      total: 2,
    });
    expect(await listed('accountId=ACC-2')).toEqual({ names: ['p4', 'p3'], total: 2 });
    expect(await listed('mobile=13800000001')).toEqual({ names: ['p2', 'p1'], total: 2 });
    // A name matches the start of the name or of the nickname.
    expect(await listed(`name=${encodeURIComponent('张')}`)).toEqual({
      names: ['p4', 'p3', 'p2', 'p1'],
      total: 4,
    });
    expect(await listed(`name=${encodeURIComponent('李')}&mobile=13800000001`)).toEqual({
      names: [],
      total: 0,
    });
    // Every path of the area is its tenant's.
    expect(await listed('tenantId=nio')).toEqual({ names: ['p5', 'p4', 'p3', 'p2', 'p1'], total: 5 });
    expect(await listed('tenantId=pe')).toEqual({ names: [], total: 0 });
    for (const query of [
      'commentaryRating=0',
      'commentaryRating=6',
      'commentaryRating=a',
      'startTime=soon',
    ]) {
      expect((await get(`/api/nio/charging-paths?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('should mask mobiles for viewers, and record a search by name or mobile that showed them whole', async () => {
    const masked = await list('mobile=13800000001', viewer);
    expect(masked.items.map((item) => item.mobile)).toEqual(['138****0001', '138****0001']);
    expect(await reveals()).toHaveLength(0);

    await list('pageNo=1');
    expect(await reveals()).toHaveLength(0);
    await list('mobile=13800000001');
    await list(`name=${encodeURIComponent('李')}`);
    const records = await reveals();
    expect(records.map((r) => [r.tenant, r.entityId, r.actorUserName, r.extData])).toEqual([
      [
        'nio',
        'ACC-1',
        'nio-operator',
        {
          via: 'charging_paths.list',
          query: { mobile: '13800000001' },
          accountIds: ['ACC-1'],
          count: 1,
        },
      ],
      ['nio', 'ACC-2', 'nio-operator', expect.objectContaining({ query: { name: '李' } })],
    ]);

    const detail = await get(`/api/nio/charging-paths/${ids.p1}`, viewer);
    expect(detail.json<ChargingPathInfo>().user.mobile).toBe('138****0001');
  });

  it("should answer a path's info with its user, locations, route summary and commentary", async () => {
    const response = await get(`/api/nio/charging-paths/${ids.p2}`, viewer);
    expect(response.statusCode).toBe(200);
    const { route, ...summary } = SAMPLE_ROUTES;
    expect(response.json<ChargingPathInfo>()).toEqual({
      pathId: ids.p2,
      searchTime: T0 + HOUR,
      vehicleId: 'VIN-1',
      vehicleModel: 'ES6',
      ratedRange: 500,
      currentRange: 300,
      tag: 'recommended',
      distance: 180_000,
      duration: 9_000,
      status: 'planned',
      tenantName: 'NIO',
      user: {
        accountId: 'ACC-1',
        name: '张三',
        nickname: '小张',
        mobile: '138****0001',
        deleted: false,
        known: true,
      },
      locations: {
        orig: { name: '南京南站', longitude: 121.47, latitude: 31.23 },
        dest: { name: '上海虹桥站', longitude: 120.16, latitude: 30.27 },
        waypoints: [],
      },
      routes: {
        tag: summary.tag,
        status: summary.status,
        distance: route.distance,
        duration: route.duration,
        chargingDuration: route.chargingDuration,
        notArrivalDistance: 0,
        notArrivalCount: 0,
        estimated: true,
        stops: [],
      },
      commentary: { rating: 2, text: 'rated 2', time: T0 + HOUR },
    });

    const lost = (await get(`/api/nio/charging-paths/${ids.p5}`)).json<ChargingPathInfo>();
    expect(lost.user).toEqual({
      accountId: 'ACC-LOST',
      name: null,
      nickname: null,
      mobile: null,
      deleted: false,
      known: false,
    });
    const noRoute = (await get(`/api/nio/charging-paths/${ids.p4}`)).json<ChargingPathInfo>();
    expect([noRoute.status, noRoute.routes]).toEqual(['no_route', null]);

    for (const missing of [ids.pe, 999_999]) {
      const answer = await get(`/api/nio/charging-paths/${missing}`);
      expect(answer.statusCode).toBe(404);
      expect(errorOf(answer).code).toBe('not_found');
      expect((await get(`/api/nio/charging-paths/${missing}/route`)).statusCode).toBe(404);
    }
    expect((await get('/api/nio/charging-paths/0')).statusCode).toBe(400);
  });

  it('should answer the route: the polyline steps and the stops', async () => {
    const response = await get(`/api/nio/charging-paths/${ids.p1}/route`, viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json<ChargingPathRoute>()).toEqual({
      pathId: ids.p1,
      status: 'planned',
      locations: expect.objectContaining({ orig: expect.objectContaining({ name: '上海人民广场' }) }),
      routes: SAMPLE_ROUTES,
    });
    const none = (await get(`/api/nio/charging-paths/${ids.p4}/route`)).json<ChargingPathRoute>();
    expect(none.routes).toBeNull();
  });

  it('should export the filtered list with labels in the reader language and audit a search by mobile', async () => {
    const response = await sut.app.inject({
      method: 'GET',
      url: `/api/nio/charging-paths/export?mobile=13800000001&columns=pathId,user,mobile,origPoi,tag,distance,status,commentaryRating`,
      headers: { cookie: operator, 'accept-language': 'zh-CN' },
    });
    const sheet = await sheetOf(response);
    expect(rowValues(sheet, 1)).toEqual([
      '路径ID',
      '用户',
      '手机号',
      '起点',
      '方案',
      '里程(公里)',
      '状态',
      '评分',
    ]);
    expect(rowValues(sheet, 2)).toEqual([
      ids.p2,
      '张三 / 小张',
      '13800000001',
      '南京南站',
      '推荐',
      180,
      '已规划',
      2,
    ]);
    expect(sheet.rowCount).toBe(3);
    expect((await reveals()).map((r) => r.extData)).toEqual([
      { via: 'charging_paths.export', query: { mobile: '13800000001' }, accountIds: ['ACC-1'], count: 1 },
    ]);

    const english = await sut.app.inject({
      method: 'GET',
      url: `/api/nio/charging-paths/export?commentaryRating=1&columns=status,mobile`,
      headers: { cookie: viewer, 'accept-language': 'en-US' },
    });
    const rows = await sheetOf(english);
    expect(rowValues(rows, 1)).toEqual(['Status', 'Mobile']);
    expect(rowValues(rows, 2)).toEqual(['No route', '139****0002']);
  });
});
