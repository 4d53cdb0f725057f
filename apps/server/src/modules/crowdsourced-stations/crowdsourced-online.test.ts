import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReportOnline } from '@cmp/domain/stations/crowdsourced-stations';
import { defaultOpeningHours } from '@cmp/domain/stations/business-hours';
import { createAppClient, sendSigned } from '../../test/app-client-fixtures.js';
import { appReport, insertReport, offset, pngBase64, SQUARE } from '../../test/crowdsourced-fixtures.js';
import { insertAccount } from '../../test/relation-fixtures.js';
import { insertChargeStation, insertOperator } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { resourcePictures } from '../pictures/pictures.tables.js';
import { relations } from '../relations/relations.tables.js';
import { chargeStations, resources } from '../stations/stations.tables.js';

describe('bringing a crowd-sourced report online', () => {
  let sut: TestContext;
  let operator: string;
  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    const db = sut.database.db;
    await insertAccount(db, 'ACC1');
    await insertOperator(db, { operatorId: 'OP1', operatorName: 'Star Charge', equipmentOwnerId: 'OWN1' });
  });
  afterEach(() => sut.app.close());

  const place = offset(SQUARE, 20_000);
  const form = (values: Partial<ReportOnline> = {}): ReportOnline => ({
    resourceName: '人民广场用户上报站',
    operatorId: 'OP1',
    regionId: '310101',
    address: '黄浦区人民大道 200 号',
    ...place,
    guide: 'B2 层 C 区',
    businessHours: defaultOpeningHours(),
    electricityFee: [{ start: '00:00', end: '24:00', fee: 0.9 }],
    serviceFee: [{ start: '00:00', end: '24:00', fee: 0.5 }],
    parkNumbers: 12,
    chargers: [
      { equipmentType: 'DC', count: 2, power: 120 },
      { equipmentType: 'AC', count: 1, power: 7 },
    ],
    version: 2,
    ...values,
  });
  const inject = (method: 'GET' | 'POST', url: string, payload?: object, cookie = operator) =>
    sut.app.inject({ method, url, headers: { cookie }, payload });
  const online = (objectId: string, payload: object, cookie = operator) =>
    inject('POST', `/api/nio/crowdsourced-stations/${objectId}/online`, payload, cookie);
  const approve = async (objectId: string, version = 1) => {
    const response = await inject('POST', `/api/nio/crowdsourced-stations/${objectId}/review`, {
      stationStatus: 1,
      version,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('should make the station under the -NIO- id with its chargers, pictures, history and discoverer', async () => {
    const client = await createAppClient(sut, 'nio');
    const sent = await sendSigned(
      sut,
      client,
      'POST',
      '/api/app/crowdsourced-stations',
      appReport('APP-1', {
        ...place,
        stationId: 'CS-NIO-0001',
        construction: 2,
        pictures: [{ name: 'gate.png', data: await pngBase64() }],
      }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    // The planner's index is built before the station exists.
    const around = async () => {
      const response = await inject(
        'GET',
        `/api/nio/road-books/power/around?longitude=${place.longitude}&latitude=${place.latitude}&distance=1000`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: { id: string; name: string }[] }>().items;
    };
    expect(await around()).toEqual([]);

    const early = await online('APP-1', form({ version: 1 }));
    expect(early.statusCode).toBe(422);
    expect(errorOf(early).message).toBe('只有审核通过的上报站点才能上线');
    await approve('APP-1');
    expect((await online('APP-1', form({ version: 1 }))).statusCode).toBe(409);

    const response = await online('APP-1', form());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      resourceId: 'CS-NIO-0001',
      report: { objectId: 'APP-1', onlineStatus: 1, stationStatus: 1, stationId: 'CS-NIO-0001', version: 3 },
    });

    const list = await inject('GET', '/api/nio/stations?resourceId=CS-NIO-0001');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      items: [
        {
          resourceId: 'CS-NIO-0001',
          resourceType: 'ChargeStation',
          resourceName: '人民广场用户上报站',
          operatorId: 'OP1',
          operatorName: 'Star Charge',
          equipmentOwnerId: 'OWN1',
          regionId: '310101',
          address: '黄浦区人民大道 200 号',
        },
      ],
    });
    const [resource] = await sut.database.db
      .select()
      .from(resources)
      .where(eq(resources.resourceId, 'CS-NIO-0001'));
    expect(resource).toMatchObject({ cityId: '310100', provinceId: '310000', status: 50, construction: 2 });
    const [station] = await sut.database.db
      .select()
      .from(chargeStations)
      .where(eq(chargeStations.resourceId, 'CS-NIO-0001'));
    expect(station).toMatchObject({ chargerType: 'DC', timezone: 'UTC+08:00', parkNumbers: 12 });

    const equipment = await inject('GET', '/api/nio/stations/CS-NIO-0001/equipments');
    expect(equipment.json<{ items: unknown[] }>().items).toMatchObject([
      {
        equipmentId: 'CS-NIO-0001-E01',
        equipmentType: 'DC',
        power: 120,
        connectors: [{ connectorId: 'CS-NIO-0001-E01-C1', connectorType: 4, power: 120 }],
      },
      { equipmentId: 'CS-NIO-0001-E02', equipmentType: 'DC', power: 120 },
      {
        equipmentId: 'CS-NIO-0001-E03',
        equipmentType: 'AC',
        power: 7,
        connectors: [{ connectorType: 3, power: 7 }],
      },
    ]);

    const pictures = await sut.database.db
      .select()
      .from(resourcePictures)
      .where(eq(resourcePictures.resourceId, 'CS-NIO-0001'));
    expect(pictures).toMatchObject([{ pictureSourceId: 3, pictureSceneId: 99 }]);

    const history = await inject('GET', '/api/nio/stations/CS-NIO-0001/operation-records');
    const records = history.json<{ items: { action: string; after: unknown; userName: string }[] }>().items;
    expect(records.map((r) => r.action)).toEqual([
      'CHARGE_STATION_CONTRIBUTOR_BIND',
      'PICTURE_UPLOAD',
      'CHARGE_STATION_CREATE',
    ]);
    expect(records[2]).toMatchObject({
      userName: 'nio-operator',
      after: {
        resourceId: 'CS-NIO-0001',
        resourceName: '人民广场用户上报站',
        operatorId: 'OP1',
        parkNumbers: 12,
      },
      extData: { crowdsourcedObjectId: 'APP-1', source: 'nio' },
    });
    const bound = await sut.database.db.select().from(relations);
    expect(bound).toMatchObject([
      { resourceId: 'CS-NIO-0001', accountId: 'ACC1', relationType: 'discoverer', state: 'bind' },
    ]);

    expect((await around()).map((item) => [item.id, item.name])).toEqual([
      ['CS-NIO-0001', '人民广场用户上报站'],
    ]);
    const again = await online('APP-1', form({ version: 3 }));
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).message).toBe('该上报站点已上线，不能再修改');
  });

  it('should go online with the station a report names, making nothing', async () => {
    await insertChargeStation(sut.database.db, 'CS-KNOWN');
    await insertReport(sut.database.db, 'R1', { stationId: 'CS-KNOWN', creatorAccountId: 'ACC1' });
    await approve('R1');

    const response = await online('R1', form());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      resourceId: 'CS-KNOWN',
      report: { onlineStatus: 1, stationId: 'CS-KNOWN' },
    });
    expect(await sut.database.db.select({ id: resources.resourceId }).from(resources)).toEqual([
      { id: 'CS-KNOWN' },
    ]);
    expect(await sut.database.db.select().from(relations)).toMatchObject([
      { resourceId: 'CS-KNOWN', accountId: 'ACC1', relationType: 'discoverer' },
    ]);
  });

  it('should make a new station beside a possible duplicate only when the operator confirms it', async () => {
    // A network station 10 m from where the app reports a new one.
    const near = offset(place, 10);
    await insertChargeStation(sut.database.db, 'CS-NEAR', {
      longitude: near.longitude,
      latitude: near.latitude,
    });
    const client = await createAppClient(sut, 'nio');
    const sent = await sendSigned(
      sut,
      client,
      'POST',
      '/api/app/crowdsourced-stations',
      appReport('APP-2', place),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    await approve('APP-2');

    const unconfirmed = await online('APP-2', form());
    expect(unconfirmed.statusCode).toBe(422);
    expect(errorOf(unconfirmed).message).toBe('附近有 1 个疑似重复的站点或上报，请确认不是重复后再上线');
    expect(await sut.database.db.select({ id: resources.resourceId }).from(resources)).toEqual([
      { id: 'CS-NEAR' },
    ]);

    const confirmed = await online('APP-2', form({ duplicatesConfirmed: true }));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ report: { objectId: 'APP-2', onlineStatus: 1 } });
  });

  it('should issue a CS- id without the marker and refuse a taken one, an unknown operator and a viewer', async () => {
    const db = sut.database.db;
    await insertReport(db, 'R-PLAIN');
    await insertReport(db, 'R-NIO-TAKEN');
    await insertChargeStation(db, 'R-NIO-TAKEN', offset(SQUARE, -30_000));
    await approve('R-PLAIN');
    await approve('R-NIO-TAKEN');

    const viewer = await sut.userWith('viewer', 'nio');
    expect((await online('R-PLAIN', form(), viewer)).statusCode).toBe(403);
    const unknownOperator = await online('R-PLAIN', form({ operatorId: 'NOPE' }));
    expect(unknownOperator.statusCode).toBe(422);
    expect(errorOf(unknownOperator).message).toBe('运营商 NOPE 不存在');
    expect((await online('R-PLAIN', form({ regionId: '999999' }))).statusCode).toBe(422);

    const plain = await online('R-PLAIN', form());
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json<{ resourceId: string }>().resourceId).toMatch(/^CS-[0-9a-f]{16}$/);

    const taken = await online('R-NIO-TAKEN', form({ ...offset(SQUARE, 40_000) }));
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).message).toBe('场站 R-NIO-TAKEN 已存在');
    expect((await online('NOPE', form())).statusCode).toBe(404);
  });
});
