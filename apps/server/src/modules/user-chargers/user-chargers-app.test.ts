import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ChargerBindByMobile, UserChargerIngest } from '@cmp/domain/accounts/user-chargers';
import { insertAccount } from '../../test/account-fixtures.js';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { userChargers } from './user-chargers.tables.js';

const T0 = Date.UTC(2026, 0, 1);

describe('home chargers sent by the app back end', () => {
  let sut: TestContext;
  let app: TestAppClient;
  let operator: string;
  beforeEach(async () => {
    sut = await createTestContext();
    app = await createAppClient(sut, 'nio');
    operator = await sut.userWith('operator', 'nio');
    await insertAccount(sut.database.db, 'nio', 'ACC-1', { mobile: '13812345678', nickName: '夜行者' });
  });
  afterEach(() => sut.app.close());

  const charger = (fields: Partial<UserChargerIngest> = {}): UserChargerIngest => ({
    resourceId: 'HC-1',
    resourceName: '家用充电桩',
    ownerId: 'ACC-1',
    address: '上海市闵行区虹梅路1号',
    serialNumber: 'SN-0001',
    regionId: '310112',
    longitude: 121.38,
    latitude: 31.11,
    updateTime: T0,
    ...fields,
  });
  const chargersOf = async (mobile = '13812345678') =>
    (
      await sut.app.inject({
        method: 'POST',
        url: '/api/nio/power-chargers/charger-bind-by-mobile',
        headers: { cookie: operator },
        payload: { mobile },
      })
    ).json<ChargerBindByMobile>().resources;
  const rowOf = async (tenant: string, resourceId: string) => {
    const [row] = await sut.database.db
      .select()
      .from(userChargers)
      .where(and(eq(userChargers.tenant, tenant), eq(userChargers.resourceId, resourceId)));
    return row;
  };

  it('should create a charger with its defaults, update it on a newer sending, and change nothing on an older one', async () => {
    const first = await sendSigned(sut, app, 'POST', '/api/app/user-chargers', charger());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ resourceId: 'HC-1', created: true });
    expect(await chargersOf()).toEqual([
      {
        resourceId: 'HC-1',
        resourceName: '家用充电桩',
        resourceType: 'HomeCharger',
        bindType: 'owner',
        ownerId: 'ACC-1',
        address: '上海市闵行区虹梅路1号',
        authenticationType: null,
        connectorId: null,
        description: null,
        groupId: null,
        hardwareVersion: null,
        softwareVersion: null,
        serialNumber: 'SN-0001',
        serviceType: null,
        operatorId: null,
        regionId: '310112',
        longitude: 121.38,
        latitude: 31.11,
        updateTime: T0,
      },
    ]);

    const newer = charger({ resourceName: '车库充电桩', bindType: 'shared', updateTime: T0 + 1000 });
    const updated = await sendSigned(sut, app, 'POST', '/api/app/user-chargers', newer);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ resourceId: 'HC-1', created: false });
    const older = charger({ resourceName: '迟到的', serialNumber: 'SN-OLD', updateTime: T0 + 500 });
    expect((await sendSigned(sut, app, 'POST', '/api/app/user-chargers', older)).statusCode).toBe(200);
    expect(await chargersOf()).toMatchObject([
      { resourceName: '车库充电桩', bindType: 'shared', serialNumber: 'SN-0001', updateTime: T0 + 1000 },
    ]);
  });

  it("should refuse a charger of an account the client's tenant lacks", async () => {
    await insertAccount(sut.database.db, 'pe', 'ACC-PE');
    for (const ownerId of ['NOBODY', 'ACC-PE']) {
      const refused = await sendSigned(sut, app, 'POST', '/api/app/user-chargers', charger({ ownerId }));
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused)).toMatchObject({ code: 'user_not_found', details: { missing: [ownerId] } });
    }
    expect(await rowOf('nio', 'HC-1')).toBeUndefined();
  });

  it("should keep each tenant's chargers apart under the same resource id", async () => {
    const pe = await createAppClient(sut, 'pe');
    await insertAccount(sut.database.db, 'pe', 'ACC-1');
    await sendSigned(sut, app, 'POST', '/api/app/user-chargers', charger());
    const peSent = await sendSigned(
      sut,
      pe,
      'POST',
      '/api/app/user-chargers',
      charger({ resourceName: 'PE 的桩' }),
    );
    expect(peSent.statusCode).toBe(201);
    expect((await rowOf('nio', 'HC-1'))!.resourceName).toBe('家用充电桩');
    expect((await rowOf('pe', 'HC-1'))!.resourceName).toBe('PE 的桩');

    expect((await sendSigned(sut, pe, 'DELETE', '/api/app/user-chargers/HC-1')).statusCode).toBe(204);
    expect(await rowOf('pe', 'HC-1')).toBeUndefined();
    expect(await rowOf('nio', 'HC-1')).toBeDefined();
  });

  it('should delete an unbound charger, and answer 404 for one never sent', async () => {
    await sendSigned(sut, app, 'POST', '/api/app/user-chargers', charger());
    const deleted = await sendSigned(sut, app, 'DELETE', '/api/app/user-chargers/HC-1');
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await chargersOf()).toEqual([]);
    const again = await sendSigned(sut, app, 'DELETE', '/api/app/user-chargers/HC-1');
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('not_found');
  });

  it('should refuse a replayed nonce, a forged signature, a session and a charger that breaks the contract', async () => {
    const nonce = 'charger-nonce-used-once';
    const sent = await sendSigned(sut, app, 'POST', '/api/app/user-chargers', charger(), { nonce });
    expect(sent.statusCode).toBe(201);
    const replayed = await sendSigned(
      sut,
      app,
      'POST',
      '/api/app/user-chargers',
      charger({ resourceName: '重放', updateTime: T0 + 1 }),
      { nonce },
    );
    expect(replayed.statusCode).toBe(401);
    expect(errorOf(replayed).code).toBe('request_replayed');
    expect((await rowOf('nio', 'HC-1'))!.resourceName).toBe('家用充电桩');

    const other = await createAppClient(sut, 'nio');
    const forged = await sendSigned(
      sut,
      { ...app, secretCode: other.secretCode },
      'DELETE',
      '/api/app/user-chargers/HC-1',
    );
    expect(errorOf(forged).code).toBe('signature_invalid');

    const withSession = await sut.app.inject({
      method: 'POST',
      url: '/api/app/user-chargers',
      headers: { origin: undefined, cookie: operator },
      payload: charger({ resourceId: 'HC-2' }),
    });
    expect(withSession.statusCode).toBe(401);

    const bad = await sendSigned(sut, app, 'POST', '/api/app/user-chargers', {
      ...charger(),
      bindType: 'borrowed',
      regionId: '3101',
      latitude: 91,
    });
    expect(bad.statusCode).toBe(400);
    expect((errorOf(bad).details as { path: string }[]).map((d) => d.path).sort()).toEqual([
      'body.bindType',
      'body.latitude',
      'body.regionId',
    ]);
    expect(await rowOf('nio', 'HC-2')).toBeUndefined();
  });
});
