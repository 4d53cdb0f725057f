import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { SYSTEM_ACTOR, writeAudit } from '../../platform/audit/audit.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { insertChargeStation } from '../../test/station-fixtures.js';

const URL = '/api/nio/stations/CS1/operation-records';

describe('station operation records', () => {
  let sut: TestContext;
  let operator: string;
  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    await insertChargeStation(sut.database.db, 'CS1');
    await insertChargeStation(sut.database.db, 'CS2');
  });
  afterEach(() => sut.app.close());

  const records = (query = '', cookie = operator) =>
    sut.app.inject({ method: 'GET', url: `${URL}${query}`, headers: { cookie } });
  const saveRemark = (remark: string, resourceId = 'CS1') =>
    sut.app.inject({
      method: 'PUT',
      url: `/api/nio/stations/${resourceId}/infos`,
      payload: { remark },
      headers: { cookie: operator },
    });

  it('should answer the changes of the station, newest first, as they were recorded', async () => {
    await saveRemark('first');
    await sut.app.inject({
      method: 'POST',
      url: '/api/nio/stations/charge-stations/CS1/charging-map/offline',
      payload: { reason: 'works' },
      headers: { cookie: operator },
    });
    await saveRemark('other station', 'CS2');
    // Another kind of entity that happens to share the id is not the station's.
    await writeAudit(sut.database.db, {
      actor: SYSTEM_ACTOR,
      entityType: 'staff_user',
      entityId: 'CS1',
      action: 'UPDATE',
    });

    const response = await records();

    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.nextRecordId).toBeNull();
    expect(page.items).toMatchObject([
      {
        resourceId: 'CS1',
        action: 'CHARGE_MAP_OFFLINE',
        userName: 'nio-operator',
        userType: 'staff',
        before: { chargingMapOnline: true },
        after: { chargingMapOnline: false },
        result: 'success',
        extData: { reason: 'works' },
      },
      {
        action: 'RESOURCE_INFO_UPDATE',
        before: { remark: null },
        after: { remark: 'first' },
        extData: null,
      },
    ]);
    expect(page.items[0].recordId).toBeGreaterThan(page.items[1].recordId);
    expect(typeof page.items[0].userId).toBe('number');
    expect(Math.abs(page.items[0].operationTime - Date.now())).toBeLessThan(60_000);
  });

  it('should page with lastRecordId until no record is left', async () => {
    for (const remark of ['r1', 'r2', 'r3', 'r4', 'r5']) await saveRemark(remark);
    const remarks = (page: { items: { after: { remark: string } }[] }) =>
      page.items.map((item) => item.after.remark);

    const first = (await records('?pageSize=2')).json();
    expect(remarks(first)).toEqual(['r5', 'r4']);
    expect(first.nextRecordId).toBe(first.items[1].recordId);
    expect(first.total).toBe(5);

    const second = (await records(`?pageSize=2&lastRecordId=${first.nextRecordId}`)).json();
    expect(remarks(second)).toEqual(['r3', 'r2']);

    // A record arriving meanwhile does not shift the pages already read.
    await saveRemark('r6');
    const third = (await records(`?pageSize=2&lastRecordId=${second.nextRecordId}`)).json();
    expect(remarks(third)).toEqual(['r1']);
    expect(third.nextRecordId).toBeNull();
    expect(third.total).toBe(6);
    // Without a cursor, pageNo pages by offset, as every list does.
    const byNumber = (await records('?pageSize=2&pageNo=2')).json();
    expect(remarks(byNumber)).toEqual(['r4', 'r3']);
    expect(byNumber.nextRecordId).toBe(byNumber.items[1].recordId);
  });

  it('should filter by actions, user, user type and time', async () => {
    const other = await sut.userWith('operator', 'nio', 'second-operator');
    await saveRemark('mine');
    await sut.app.inject({
      method: 'PUT',
      url: '/api/nio/stations/CS1/infos',
      payload: { remark: 'theirs' },
      headers: { cookie: other },
    });
    await sut.database.db.insert(auditRecords).values([
      {
        occurredAt: new Date('2024-03-01T10:00:00Z'),
        tenant: 'nio',
        actorType: 'system',
        entityType: 'station',
        entityId: 'CS1',
        action: 'CHARGE_STATION_CONTRIBUTOR_BIND',
        result: 'success',
      },
      {
        occurredAt: new Date('2024-03-05T10:00:00Z'),
        actorType: 'system',
        entityType: 'station',
        entityId: 'CS1',
        action: 'ONE_KEY_CHARGING_OFFLINE',
        result: 'failure',
      },
    ]);
    const actions = async (query: string) =>
      ((await records(query)).json().items as { action: string }[]).map((item) => item.action);

    expect(await actions('?actions=CHARGE_STATION_CONTRIBUTOR_BIND,ONE_KEY_CHARGING_OFFLINE')).toEqual([
      'ONE_KEY_CHARGING_OFFLINE',
      'CHARGE_STATION_CONTRIBUTOR_BIND',
    ]);
    expect(await actions('?actions=ONE_KEY_CHARGING_OFFLINE&actions=RESOURCE_INFO_UPDATE')).toHaveLength(3);
    expect(await actions('?userType=system')).toHaveLength(2);
    const otherId = ((await records('?actions=RESOURCE_INFO_UPDATE')).json().items[0] as { userId: number })
      .userId;
    const byUser = (await records(`?userId=${otherId}`)).json().items;
    expect(byUser).toMatchObject([{ userName: 'second-operator', after: { remark: 'theirs' } }]);
    const begin = Date.parse('2024-03-01T00:00:00Z');
    const end = Date.parse('2024-03-02T00:00:00Z');
    expect(await actions(`?operationTimeBegin=${begin}&operationTimeEnd=${end}`)).toEqual([
      'CHARGE_STATION_CONTRIBUTOR_BIND',
    ]);
    expect(await actions(`?operationTimeBegin=${end}`)).toHaveLength(3);
  });

  it('should let a viewer read, answer 404 for an unknown station and 400 for a bad page size', async () => {
    const viewer = await sut.userWith('viewer', 'nio');

    expect((await records('', viewer)).statusCode).toBe(200);
    const unknown = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/stations/NOPE/operation-records',
      headers: { cookie: operator },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await records('?pageSize=0')).statusCode).toBe(400);
    expect((await records('?lastRecordId=abc')).statusCode).toBe(400);
    expect((await records('?sort=action:asc')).statusCode).toBe(400);
  });
});
