import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ChargerBindByMobile, ReporterAccount } from '@cmp/domain/accounts/user-chargers';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertAccount } from '../../test/account-fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { userChargers } from './user-chargers.tables.js';
import * as repo from './user-chargers.repo.js';

const CREATED = new Date(Date.UTC(2025, 5, 1));
const PLACEHOLDER_MESSAGE = { accountId: 'notfound', nickName: null, mobile: null, headImage: null };

describe('reporter look-ups of the reported-station screens', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    const db = sut.database.db;
    await insertAccount(db, 'nio', 'ACC-1', {
      mobile: '13812345678',
      nickName: '夜行者',
      name: '王芳',
      avatar: 'https://img.example/acc-1.png',
      usualCityCode: '440300',
      createTime: CREATED,
    });
    // A deleted account once held the same mobile: it is never the answer.
    await insertAccount(db, 'nio', 'ACC-0', {
      mobile: '13812345678',
      nickName: '旧账号',
      isDelete: true,
      updateTime: new Date(Date.UTC(2026, 0, 1)),
    });
    await insertAccount(db, 'pe', 'ACC-PE', { mobile: '13900000000', nickName: 'PE 用户' });
    await db
      .insert(userChargers)
      .values([
        charger('HC-OLD', 'ACC-1', Date.UTC(2025, 0, 1)),
        charger('HC-NEW', 'ACC-1', Date.UTC(2025, 6, 1), 'shared'),
        charger('HC-PE', 'ACC-PE', Date.UTC(2025, 6, 1), 'owner', 'pe'),
      ]);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await sut.app.close();
  });

  function charger(
    resourceId: string,
    ownerId: string,
    updateTime: number,
    bindType = 'owner',
    tenant = 'nio',
  ): typeof userChargers.$inferInsert {
    return {
      tenant,
      resourceId,
      ownerId,
      bindType,
      resourceName: `桩 ${resourceId}`,
      resourceType: 'HomeCharger',
      updateTime: new Date(updateTime),
    };
  }
  const post = (url: string, payload: Record<string, string>, cookie = operator, tenant = 'nio') =>
    sut.app.inject({ method: 'POST', url: `/api/${tenant}${url}`, headers: { cookie }, payload });
  const byMobile = async (mobile: string, cookie = operator, tenant = 'nio') =>
    (await post('/reporter-accounts/by-mobile', { mobile }, cookie, tenant)).json<ReporterAccount>();
  const profile = async (account_id: string, cookie = operator, tenant = 'nio') =>
    (await post('/reporter-accounts/profile', { account_id }, cookie, tenant)).json<ReporterAccount>();
  const chargerBind = async (mobile: string, cookie = operator, tenant = 'nio') =>
    (
      await post('/power-chargers/charger-bind-by-mobile', { mobile }, cookie, tenant)
    ).json<ChargerBindByMobile>();
  const reveals = () =>
    sut.database.db.select().from(auditRecords).where(eq(auditRecords.action, 'account.mobile_revealed'));

  it('should answer the live account of a mobile and of an id, the mobile whole for an operator', async () => {
    const expected = {
      accountId: 'ACC-1',
      nickName: '夜行者',
      mobile: '13812345678',
      avatar: 'https://img.example/acc-1.png',
      name: '王芳',
      usualCity: '广东省/深圳市',
      createTime: CREATED.getTime(),
    };
    expect(await byMobile('13812345678')).toEqual(expected);
    expect(await profile('ACC-1')).toEqual(expected);
  });

  it('should answer the placeholder for nobody, a deleted account and another tenant’s account', async () => {
    expect(await byMobile('13700000000')).toEqual({ accountId: 'notfound' });
    expect(await profile('NOBODY')).toEqual({ accountId: 'notfound' });
    expect(await profile('ACC-0')).toEqual({ accountId: 'notfound' });
    expect(await byMobile('13900000000')).toEqual({ accountId: 'notfound' });
    expect(await profile('ACC-PE')).toEqual({ accountId: 'notfound' });
    expect(await chargerBind('13900000000')).toEqual({ message: PLACEHOLDER_MESSAGE, resources: [] });
    expect(await reveals()).toEqual([]);
  });

  it("should answer a user's chargers by mobile as the user resource message, the latest changed first", async () => {
    const bound = await chargerBind('13812345678');
    expect(bound.message).toEqual({
      accountId: 'ACC-1',
      nickName: '夜行者',
      mobile: '13812345678',
      headImage: 'https://img.example/acc-1.png',
    });
    expect(bound.resources.map((r) => [r.resourceId, r.bindType, r.updateTime])).toEqual([
      ['HC-NEW', 'shared', Date.UTC(2025, 6, 1)],
      ['HC-OLD', 'owner', Date.UTC(2025, 0, 1)],
    ]);
    expect(bound.resources[0]).toMatchObject({ ownerId: 'ACC-1', resourceName: '桩 HC-NEW', address: null });

    const pe = await sut.userWith('viewer', 'pe');
    expect((await chargerBind('13900000000', pe, 'pe')).resources.map((r) => r.resourceId)).toEqual([
      'HC-PE',
    ]);
  });

  it('should mask mobiles for viewers and record what operators saw whole', async () => {
    expect((await byMobile('13812345678', viewer)).mobile).toBe('138****5678');
    expect((await profile('ACC-1', viewer)).mobile).toBe('138****5678');
    expect((await chargerBind('13812345678', viewer)).message.mobile).toBe('138****5678');
    expect(await reveals()).toEqual([]);

    await byMobile('13812345678');
    await profile('ACC-1');
    await chargerBind('13812345678');
    const records = await reveals();
    expect(
      records.map((r) => [r.actorUserName, r.tenant, r.entityId, (r.extData as { via: string }).via]),
    ).toEqual([
      ['nio-operator', 'nio', 'ACC-1', 'reporter_mobile'],
      ['nio-operator', 'nio', 'ACC-1', 'reporter_profile'],
      ['nio-operator', 'nio', 'ACC-1', 'charger_bind_mobile'],
    ]);
    expect(records[0]!.extData).toMatchObject({ query: { mobile: '13812345678' }, accountIds: ['ACC-1'] });
  });

  it('should answer the placeholder when the look-up fails, for a viewer too', async () => {
    vi.spyOn(repo, 'reporterByMobile').mockRejectedValue(new Error('account store unreachable'));
    vi.spyOn(repo, 'reporterById').mockRejectedValue(new Error('account store unreachable'));
    const answered = await post('/reporter-accounts/by-mobile', { mobile: '13812345678' }, viewer);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ accountId: 'notfound' });
    expect(await profile('ACC-1')).toEqual({ accountId: 'notfound' });
    expect(await chargerBind('13812345678')).toEqual({ message: PLACEHOLDER_MESSAGE, resources: [] });
  });

  it('should answer the placeholder message when reading the chargers fails', async () => {
    vi.spyOn(repo, 'chargersOf').mockRejectedValue(new Error('timeout'));
    expect(await chargerBind('13812345678')).toEqual({ message: PLACEHOLDER_MESSAGE, resources: [] });
    expect(await reveals()).toEqual([]);
  });

  it('should refuse a malformed mobile or account id, and a user of another tenant', async () => {
    expect((await post('/reporter-accounts/by-mobile', { mobile: '+86 138' })).statusCode).toBe(400);
    expect((await post('/power-chargers/charger-bind-by-mobile', { mobile: '' })).statusCode).toBe(400);
    expect((await post('/reporter-accounts/profile', { account_id: ' ' })).statusCode).toBe(400);
    const peOnly = await sut.userWith('operator', 'pe');
    expect((await post('/reporter-accounts/profile', { account_id: 'ACC-1' }, peOnly)).statusCode).toBe(403);
  });
});
