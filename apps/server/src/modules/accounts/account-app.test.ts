import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountIngest, CarIngest } from '@cmp/domain/accounts/account-ingest';
import type { PlatformAccount } from '@cmp/domain/accounts/account-contracts';
import type { PersonalCarList } from '@cmp/domain/accounts/car-contracts';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { createVendor } from '../../test/comment-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';

const T0 = Date.UTC(2026, 0, 1);

describe('accounts and cars sent by the app back end', () => {
  let sut: TestContext;
  let operator: string;
  let app: TestAppClient;
  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    app = await createAppClient(sut, 'nio');
  });
  afterEach(() => sut.app.close());

  const account = (fields: Partial<AccountIngest> = {}): AccountIngest => ({
    accountId: 'ACC-9',
    mobile: '13812345678',
    name: '王芳',
    nickName: '夜行者',
    gender: 'female',
    birthday: '1992-02-29',
    usualCityCode: '440300',
    appId: 'nio_app',
    createTime: T0,
    updateTime: T0,
    ...fields,
  });
  const car = (fields: Partial<CarIngest> = {}): CarIngest => ({
    vehicleId: 'VIN-9',
    userId: 'ACC-9',
    plateNumber: '粤B12345',
    model: 'ET5',
    ratedCapacityInKwh: 75,
    ratedRange: 560,
    isPsSupported: true,
    createTime: T0,
    updateTime: T0,
    ...fields,
  });
  const accountOf = async (accountId: string, tenant = 'nio', cookie = operator) =>
    sut.app.inject({ method: 'GET', url: `/api/${tenant}/accounts/${accountId}`, headers: { cookie } });
  const carsOf = async (accountId: string) =>
    (
      await sut.app.inject({
        method: 'GET',
        url: `/api/nio/accounts/${accountId}/cars`,
        headers: { cookie: operator },
      })
    ).json<PersonalCarList>().items;

  it('should create an account on the first sending, update it on a newer one, and change nothing on a replay', async () => {
    const first = await sendSigned(sut, app, 'POST', '/api/app/accounts', account());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ accountId: 'ACC-9', created: true });
    expect((await accountOf('ACC-9')).json<PlatformAccount>()).toMatchObject({
      accountId: 'ACC-9',
      countryCode: '86',
      mobile: '13812345678',
      name: '王芳',
      gender: 'female',
      birthday: '1992-02-29',
      usualCity: '广东省/深圳市',
      isDelete: false,
      createTime: T0,
    });

    const same = await sendSigned(sut, app, 'POST', '/api/app/accounts', account());
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ accountId: 'ACC-9', created: false });

    const newer = account({ nickName: '晨跑者', mobile: '13900000000', updateTime: T0 + 1000 });
    expect((await sendSigned(sut, app, 'POST', '/api/app/accounts', newer)).statusCode).toBe(200);
    const late = account({ nickName: '迟到的', updateTime: T0 + 500 });
    expect((await sendSigned(sut, app, 'POST', '/api/app/accounts', late)).statusCode).toBe(200);
    expect((await accountOf('ACC-9')).json<PlatformAccount>()).toMatchObject({
      nickName: '晨跑者',
      mobile: '13900000000',
      updateTime: T0 + 1000,
    });
  });

  it('should keep a deleted account, marked, and delete it again without harm', async () => {
    await sendSigned(sut, app, 'POST', '/api/app/accounts', account());
    const deleted = await sendSigned(sut, app, 'DELETE', '/api/app/accounts/ACC-9');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ accountId: 'ACC-9', isDelete: true });
    expect((await sendSigned(sut, app, 'DELETE', '/api/app/accounts/ACC-9')).statusCode).toBe(200);
    expect((await accountOf('ACC-9')).json<PlatformAccount>()).toMatchObject({
      isDelete: true,
      name: '王芳',
    });
    const unknown = await sendSigned(sut, app, 'DELETE', '/api/app/accounts/NOBODY');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('user_not_found');
  });

  it("should put what a client sends in the client's tenant only", async () => {
    const pe = await createAppClient(sut, 'pe');
    expect(
      (await sendSigned(sut, pe, 'POST', '/api/app/accounts', account({ name: '陈静' }))).statusCode,
    ).toBe(201);
    expect((await accountOf('ACC-9')).statusCode).toBe(404);
    const peViewer = await sut.userWith('viewer', 'pe');
    expect((await accountOf('ACC-9', 'pe', peViewer)).json<PlatformAccount>().name).toBe('陈静');
    // A car of a pe account cannot be sent by nio's back end.
    expect(errorOf(await sendSigned(sut, app, 'POST', '/api/app/cars', car())).code).toBe('user_not_found');
  });

  it('should upsert cars by vehicle id and unbind them, keeping the record', async () => {
    await sendSigned(sut, app, 'POST', '/api/app/accounts', account());
    const first = await sendSigned(sut, app, 'POST', '/api/app/cars', car());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ vehicleId: 'VIN-9', created: true });
    const again = await sendSigned(
      sut,
      app,
      'POST',
      '/api/app/cars',
      car({ color: '星云灰', updateTime: T0 + 1 }),
    );
    expect(again.json()).toEqual({ vehicleId: 'VIN-9', created: false });
    expect(await carsOf('ACC-9')).toMatchObject([
      { vehicleId: 'VIN-9', color: '星云灰', model: 'ET5', ratedRange: 560, bindingStatus: 'bound' },
    ]);

    const unbound = await sendSigned(sut, app, 'DELETE', '/api/app/cars/VIN-9');
    expect(unbound.json()).toEqual({ vehicleId: 'VIN-9', bindingStatus: 'unbound' });
    expect((await sendSigned(sut, app, 'DELETE', '/api/app/cars/VIN-9')).statusCode).toBe(200);
    expect(await carsOf('ACC-9')).toMatchObject([{ vehicleId: 'VIN-9', bindingStatus: 'unbound' }]);
    expect((await sendSigned(sut, app, 'DELETE', '/api/app/cars/NOPE')).statusCode).toBe(404);
    const orphan = await sendSigned(
      sut,
      app,
      'POST',
      '/api/app/cars',
      car({ vehicleId: 'V2', userId: 'NOBODY' }),
    );
    expect(orphan.statusCode).toBe(404);
    expect(errorOf(orphan)).toMatchObject({ code: 'user_not_found', details: { missing: ['NOBODY'] } });
  });

  it('should refuse a replayed nonce, a bad signature, a stale request and a comment vendor', async () => {
    const nonce = 'account-nonce-used-once';
    expect((await sendSigned(sut, app, 'POST', '/api/app/accounts', account(), { nonce })).statusCode).toBe(
      201,
    );
    const replayed = await sendSigned(sut, app, 'POST', '/api/app/accounts', account(), { nonce });
    expect(replayed.statusCode).toBe(401);
    expect(errorOf(replayed).code).toBe('request_replayed');

    const other = await createAppClient(sut, 'nio');
    const forged = await sendSigned(
      sut,
      { ...app, secretCode: other.secretCode },
      'DELETE',
      '/api/app/accounts/ACC-9',
    );
    expect(forged.statusCode).toBe(401);
    expect(errorOf(forged).code).toBe('signature_invalid');

    const stale = await sendSigned(sut, app, 'POST', '/api/app/cars', car(), {
      timestamp: Date.now() - 6 * 60_000,
    });
    expect(errorOf(stale).code).toBe('request_expired');

    const admin = await sut.userWith('admin', 'nio');
    const vendor = await createVendor(sut, admin);
    const wrongKind = await sendSigned(
      sut,
      { clientId: vendor.clientId, secretCode: vendor.secretCode, tenant: 'nio' },
      'POST',
      '/api/app/accounts',
      account({ accountId: 'ACC-V' }),
    );
    expect(wrongKind.statusCode).toBe(401);
    expect(errorOf(wrongKind).code).toBe('signature_invalid');
    expect((await accountOf('ACC-V')).statusCode).toBe(404);

    const unsigned = await sut.app.inject({
      method: 'POST',
      url: '/api/app/accounts',
      headers: { origin: undefined, cookie: operator },
      payload: account(),
    });
    expect(errorOf(unsigned).code).toBe('unauthenticated');
  });

  it('should refuse accounts and cars that break the contract', async () => {
    const bad = await sendSigned(sut, app, 'POST', '/api/app/accounts', {
      ...account(),
      gender: 'other',
      mobile: '+86 138',
      birthday: '1992-02-30',
    });
    expect(bad.statusCode).toBe(400);
    expect((errorOf(bad).details as { path: string }[]).map((d) => d.path).sort()).toEqual([
      'body.birthday',
      'body.gender',
      'body.mobile',
    ]);
    await sendSigned(sut, app, 'POST', '/api/app/accounts', account());
    const badCar = await sendSigned(sut, app, 'POST', '/api/app/cars', { ...car(), bindingStatus: 'gone' });
    expect(badCar.statusCode).toBe(400);
  });
});
