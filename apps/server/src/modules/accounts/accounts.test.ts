import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  AccountSearchPage,
  PlatformAccount,
  PlatformAccountList,
  SimpleAccountList,
} from '@cmp/domain/accounts/account-contracts';
import type { PersonalCarList } from '@cmp/domain/accounts/car-contracts';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertAccount, insertAccountRange, insertCar } from '../../test/account-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';

describe('account look-ups', () => {
  let sut: TestContext;
  let viewer: string;
  let operator: string;

  beforeEach(async () => {
    sut = await createTestContext();
    viewer = await sut.userWith('viewer', 'nio');
    operator = await sut.userWith('operator', 'nio');
    const db = sut.database.db;
    await insertAccountRange(db, 'nio', 250);
    await insertAccount(db, 'nio', 'ACC-1', {
      channelCode: 'wechat',
      channelUserId: 'wx-1',
      mobile: '13812345678',
      name: '张伟',
      nickName: '换电达人',
      isDefaultNickname: false,
      gender: 'male',
      birthday: '1990-05-04',
      usualCityCode: '310100',
      email: 'zw@example.com',
      appId: 'nio_app',
      sourceCode: 'app',
      udsUserId: 'UDS-1',
      intro: '周末自驾',
    });
    await insertAccount(db, 'nio', 'ACC-OLD', { mobile: '13700000000', nickName: '老用户', isDelete: true });
    await insertAccount(db, 'nio', 'ACC-NEW', { mobile: '13700000000', nickName: '新用户' });
    await insertAccount(db, 'pe', 'ACC-PE', { mobile: '13600000000', nickName: '换电小能手' });
  });
  afterEach(() => sut.app.close());

  const get = (url: string, cookie = operator) => sut.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: object, cookie = operator) =>
    sut.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const reveals = () =>
    sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'account'), eq(auditRecords.action, 'account.mobile_revealed')))
      .orderBy(auditRecords.id);

  it('should look up accounts by ids in chunks of 100 and answer them in the order asked', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `U${249 - i}`);
    const response = await post('/api/nio/accounts/by-ids', { accountIds: [...ids, 'U7', 'ACC-OLD'] });
    expect(response.statusCode).toBe(200);
    const { items } = response.json<SimpleAccountList>();
    expect(items.map((a) => a.accountId)).toEqual([...ids, 'U7', 'ACC-OLD']);
    expect(items[0]).toEqual({
      accountId: 'U249',
      nickname: '用户249',
      name: '用户249',
      mobile: '13900000249',
    });
  });

  it('should answer 404 user_not_found with the missing ids and no partial list when any chunk misses', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `U${i}`);
    ids.splice(30, 0, 'NOPE-1');
    ids.splice(220, 0, 'NOPE-2');
    const response = await post('/api/nio/accounts/by-ids', { accountIds: ids });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        code: 'user_not_found',
        message: '所查的 252 个用户中有 2 个不存在',
        details: { missing: ['NOPE-1', 'NOPE-2'] },
      },
    });
    expect(await reveals()).toHaveLength(0);
  });

  it('should take up to 10,000 ids and refuse more', async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => `U${i % 250}`);
    const refused = await post('/api/nio/accounts/by-ids', { accountIds: many });
    expect(refused.statusCode).toBe(400);
    const taken = await post('/api/nio/accounts/by-ids', { accountIds: many.slice(0, 10_000) }, viewer);
    expect(taken.statusCode).toBe(200);
    expect(taken.json<SimpleAccountList>().items).toHaveLength(10_000);
    expect((await post('/api/nio/accounts/by-ids', { accountIds: [] })).statusCode).toBe(400);
  });

  it('should look up the live account of each mobile, never a deleted one', async () => {
    const response = await post('/api/nio/accounts/by-mobiles', { mobiles: ['13700000000', '13900000003'] });
    expect(response.statusCode).toBe(200);
    expect(response.json<SimpleAccountList>().items.map((a) => a.accountId)).toEqual(['ACC-NEW', 'U3']);

    const missing = await post('/api/nio/accounts/by-mobiles', { mobiles: ['13900000003', '13199999999'] });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: 'user_not_found', details: { missing: ['13199999999'] } });
    const abroad = await post('/api/nio/accounts/by-mobiles', {
      countryCode: '852',
      mobiles: ['13900000003'],
    });
    expect(errorOf(abroad).code).toBe('user_not_found');
    expect((await post('/api/nio/accounts/by-mobiles', { mobiles: ['+8613900000003'] })).statusCode).toBe(
      400,
    );
  });

  it("should look up one mobile with country code '86' unless told otherwise", async () => {
    const found = await get('/api/nio/accounts/by-mobile?mobile=13812345678');
    expect(found.statusCode).toBe(200);
    expect(found.json<PlatformAccount>().accountId).toBe('ACC-1');
    expect((await get('/api/nio/accounts/by-mobile?country_code=86&mobile=13812345678')).statusCode).toBe(
      200,
    );
    const other = await get('/api/nio/accounts/by-mobile?country_code=852&mobile=13812345678');
    expect(other.statusCode).toBe(404);
    expect(errorOf(other)).toMatchObject({ code: 'user_not_found', details: { missing: ['13812345678'] } });
  });

  it('should answer an account by id with every field of the platform account, and 404 user_not_found', async () => {
    const response = await get('/api/nio/accounts/ACC-1');
    expect(response.statusCode).toBe(200);
    expect(response.json<PlatformAccount>()).toEqual({
      accountId: 'ACC-1',
      channelCode: 'wechat',
      channelUserId: 'wx-1',
      countryCode: '86',
      mobile: '13812345678',
      avatar: null,
      name: '张伟',
      nickName: '换电达人',
      isDefaultNickname: false,
      gender: 'male',
      birthday: '1990-05-04',
      usualCityCode: '310100',
      usualCity: '上海市',
      email: 'zw@example.com',
      appId: 'nio_app',
      sourceCode: 'app',
      udsUserId: 'UDS-1',
      medalImage: null,
      intro: '周末自驾',
      isDelete: false,
      createTime: Date.UTC(2025, 0, 1),
      updateTime: Date.UTC(2025, 0, 1),
    });
    const deleted = await get('/api/nio/accounts/ACC-OLD');
    expect(deleted.json<PlatformAccount>().isDelete).toBe(true);
    const unknown = await get('/api/nio/accounts/NOBODY');
    expect(unknown.statusCode).toBe(404);
    // In the caller's language: the coupon send dialog showed the English text in Chinese.
    expect(errorOf(unknown)).toMatchObject({ code: 'user_not_found', message: '用户 NOBODY 不存在' });
    const english = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/accounts/NOBODY',
      headers: { cookie: operator, 'accept-language': 'en-US' },
    });
    expect(errorOf(english).message).toBe('User NOBODY not found');
  });

  it('should search by the beginning of a nickname, exactly when strict, 20 matches unless told', async () => {
    const search = async (query: string) => {
      const response = await get(`/api/nio/accounts/search?${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<PlatformAccountList>().items.map((a) => a.nickName);
    };
    const twenty = await search(`nick_name=${encodeURIComponent('用户1')}`);
    expect(twenty).toHaveLength(20);
    expect(twenty.slice(0, 4)).toEqual(['用户1', '用户10', '用户100', '用户101']);
    expect(await search(`nick_name=${encodeURIComponent('用户1')}&count=3`)).toEqual([
      '用户1',
      '用户10',
      '用户100',
    ]);
    expect(await search(`nick_name=${encodeURIComponent('用户1')}&strict=true`)).toEqual(['用户1']);
    expect(await search(`nick_name=${encodeURIComponent('换电')}`)).toEqual(['换电达人']);
    // LIKE's wildcards are letters of a nickname like any other.
    expect(await search(`nick_name=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await search(`nick_name=${encodeURIComponent('用_')}`)).toEqual([]);
    expect(await search('mobile=13700000000')).toEqual(['新用户']);

    expect((await get('/api/nio/accounts/search?count=5')).statusCode).toBe(400);
    expect((await get('/api/nio/accounts/search?nick_name=a&mobile=139')).statusCode).toBe(400);
    expect((await get('/api/nio/accounts/search?nick_name=a&count=101')).statusCode).toBe(400);
  });

  it('should page the user search by page number and size with the filter of the spec', async () => {
    const page = async (query: string) => {
      const response = await get(`/api/nio/accounts?${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<AccountSearchPage>();
    };
    const first = await page(`nickName=${encodeURIComponent('用户2')}&pageNo=1&pageSize=5`);
    expect(first.total).toBe(61);
    expect(first.items.map((a) => a.accountId)).toEqual(['U2', 'U20', 'U200', 'U201', 'U202']);
    const next = await page(`nickName=${encodeURIComponent('用户2')}&pageNo=2&pageSize=5`);
    expect(next.items[0]!.accountId).toBe('U203');
    const byId = await page(`nickName=${encodeURIComponent('用户2')}&pageSize=3&sort=accountId:desc`);
    expect(byId.items.map((a) => a.accountId)).toEqual(['U29', 'U28', 'U27']);
    expect((await page('mobile=13700000000')).items.map((a) => a.accountId).sort()).toEqual([
      'ACC-NEW',
      'ACC-OLD',
    ]);
    expect((await page('appId=nio_app')).items.map((a) => a.accountId)).toEqual(['ACC-1']);
    expect((await page('accountId=U5')).total).toBe(1);
    // Account ids are the account service's own: another tenant's account of the same id stays off the page.
    await insertAccount(sut.database.db, 'pe', 'ACC-1', { mobile: '13900000000' });
    const one = await page('accountId=ACC-1');
    expect(one.items.map((a) => a.mobile)).toEqual(['13812345678']);
    expect((await page('')).items).toHaveLength(20);
    expect((await get('/api/nio/accounts?pageSize=1001')).statusCode).toBe(400);
    expect((await get('/api/nio/accounts?sort=mobile:asc')).statusCode).toBe(400);
  });

  it('should mask mobiles for viewers and record every whole-mobile answer of a search for operators', async () => {
    const asViewer = await get('/api/nio/accounts/search?mobile=13812345678', viewer);
    expect(asViewer.json<PlatformAccountList>().items[0]!.mobile).toBe('138****5678');
    const idsAsViewer = await post('/api/nio/accounts/by-ids', { accountIds: ['ACC-1'] }, viewer);
    expect(idsAsViewer.json<SimpleAccountList>().items[0]!.mobile).toBe('138****5678');
    expect(await reveals()).toHaveLength(0);

    const asOperator = await get('/api/nio/accounts/search?mobile=13812345678');
    expect(asOperator.json<PlatformAccountList>().items[0]!.mobile).toBe('13812345678');
    await get(`/api/nio/accounts/search?nick_name=${encodeURIComponent('用户24')}`);
    await post('/api/nio/accounts/by-ids', { accountIds: ['U1', 'U2'] });
    const records = await reveals();
    expect(records.map((r) => [r.entityId, r.actorUserName, r.tenant])).toEqual([
      ['ACC-1', 'nio-operator', 'nio'],
      ['11 accounts', 'nio-operator', 'nio'],
      ['2 accounts', 'nio-operator', 'nio'],
    ]);
    expect(records[0]!.extData).toMatchObject({
      via: 'mobile',
      query: { mobile: '13812345678' },
      accountIds: ['ACC-1'],
      count: 1,
    });
    expect(records[2]!.extData).toMatchObject({ via: 'account_ids', accountIds: ['U1', 'U2'] });
  });

  it("should keep each tenant's accounts to itself", async () => {
    expect(errorOf(await get('/api/nio/accounts/ACC-PE')).code).toBe('user_not_found');
    expect(errorOf(await post('/api/nio/accounts/by-ids', { accountIds: ['ACC-PE'] })).code).toBe(
      'user_not_found',
    );
    expect(errorOf(await post('/api/nio/accounts/by-mobiles', { mobiles: ['13600000000'] })).code).toBe(
      'user_not_found',
    );
    const search = await get(`/api/nio/accounts/search?nick_name=${encodeURIComponent('换电')}`);
    expect(search.json<PlatformAccountList>().items.map((a) => a.accountId)).toEqual(['ACC-1']);
    const pe = await sut.userWith('viewer', 'pe');
    expect((await get('/api/pe/accounts/ACC-PE', pe)).json<PlatformAccount>().mobile).toBe('136****0000');
    expect((await get('/api/nio/accounts/ACC-1', pe)).statusCode).toBe(403);
  });

  it("should list an account's cars, bound ones first", async () => {
    const db = sut.database.db;
    await insertCar(db, 'nio', 'VIN-OLD', 'ACC-1', {
      plateNumber: '沪A12345',
      bindingStatus: 'unbound',
      createTime: new Date(Date.UTC(2023, 0, 1)),
    });
    await insertCar(db, 'nio', 'VIN-1', 'ACC-1', {
      plateNumber: '沪AD12345',
      color: '云白',
      modelId: 'ES6-2023',
      brand: 'NIO',
      model: 'ES6',
      modelSeries: 'NT2',
      ratedCapacityInAh: 280,
      ratedCapacityInKwh: 100,
      ratedRange: 620,
      isPsSupported: true,
    });
    await insertCar(db, 'pe', 'VIN-PE', 'ACC-1');
    const response = await get('/api/nio/accounts/ACC-1/cars', viewer);
    expect(response.statusCode).toBe(200);
    const { items } = response.json<PersonalCarList>();
    expect(items.map((c) => [c.vehicleId, c.bindingStatus])).toEqual([
      ['VIN-1', 'bound'],
      ['VIN-OLD', 'unbound'],
    ]);
    expect(items[0]).toEqual({
      userId: 'ACC-1',
      vehicleId: 'VIN-1',
      plateNumber: '沪AD12345',
      color: '云白',
      modelId: 'ES6-2023',
      brand: 'NIO',
      model: 'ES6',
      modelSeries: 'NT2',
      ratedCapacityInAh: 280,
      ratedCapacityInKwh: 100,
      ratedRange: 620,
      bindingStatus: 'bound',
      isPmSupported: false,
      isPsSupported: true,
      createTime: Date.UTC(2025, 0, 1),
      updateTime: Date.UTC(2025, 0, 1),
    });
    expect((await get('/api/nio/accounts/U1/cars')).json<PersonalCarList>().items).toEqual([]);
    expect(errorOf(await get('/api/nio/accounts/NOBODY/cars')).code).toBe('user_not_found');
  });
});
