import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ReportedStation,
  ReportedStationCreate,
  ReportedStationPage,
} from '@cmp/domain/stations/reported-stations';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { endedJob, rowValues, sheetOf } from '../../test/export-files.js';
import { insertOperator } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { subOperators } from '../operators/operators.tables.js';
import { regionLabel } from '../../platform/regions/region-data.js';
import type { ListCursor } from '../../platform/lists/list-order.js';
import { ReportedStationsService } from './reported-stations.service.js';
import { reportedStations } from './reported-stations.tables.js';

/** What a form sends at the least: every field with a default left out. */
const minimal = (
  connectorId: string,
  values: Partial<ReportedStationCreate> = {},
): ReportedStationCreate => ({
  connectorId,
  operatorId: 'OP1',
  equipmentOwnerId: 'OWN1',
  stationName: `Station ${connectorId}`,
  areaCode: '310101',
  address: 'No. 1 People Square',
  longitude: 121.4737,
  latitude: 31.2304,
  ...values,
});

describe('reported stations', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;

  const start = async (...args: Parameters<typeof createTestContext>) => {
    sut = await createTestContext(...args);
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    const db = sut.database.db;
    await insertOperator(db, { operatorId: 'OP1', operatorName: '星星充电', equipmentOwnerId: 'OWN1' });
    await insertOperator(db, { operatorId: 'OP2', operatorName: '特来电', equipmentOwnerId: 'OWN2' });
    await db.insert(subOperators).values({
      subOperatorId: 'SUB1',
      subOperatorName: '城市合伙人',
      organizationCode: 'MA0000001',
    });
  };
  beforeEach(() => start());
  afterEach(() => sut.app.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    { payload, cookie = operator, tenant = 'nio', language = 'zh-CN' } = {} as {
      payload?: object;
      cookie?: string;
      tenant?: string;
      language?: string;
    },
  ) =>
    sut.app.inject({
      method,
      url: `/api/${tenant}/reported-stations${path}`,
      headers: { cookie, 'accept-language': language },
      payload,
    });
  const create = (body: ReportedStationCreate, cookie = operator, tenant = 'nio') =>
    call('POST', '', { payload: body, cookie, tenant });
  const created = async (body: ReportedStationCreate, tenant = 'nio') => {
    const response = await create(body, operator, tenant);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ReportedStation>();
  };
  const list = async (query = '', cookie = viewer) => {
    const response = await call('GET', query ? `?${query}` : '', { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportedStationPage>();
  };
  const idsOf = (page: ReportedStationPage) => page.items.map((s) => s.connectorId);
  const update = (connectorId: string, body: object, cookie = operator) =>
    call('PUT', `/${encodeURIComponent(connectorId)}`, { payload: body, cookie });
  const audits = (action: string) =>
    sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'reported_station'), eq(auditRecords.action, action)));

  it('should create a station with the power fields at 0, electricitySel 0 and the staff user as creator', async () => {
    const station = await created(minimal('CN-1:A', { subOperatorId: 'SUB1' }));
    expect(station).toMatchObject({
      connectorId: 'CN-1:A',
      operatorId: 'OP1',
      operatorName: '星星充电',
      subOperatorId: 'SUB1',
      subOperatorName: '城市合伙人',
      equipmentOwnerId: 'OWN1',
      equipmentOwnerName: 'owner OWN1',
      source: 'staff',
      countryCode: 'CN',
      areaCode: '310101',
      areaName: regionLabel('310101'),
      stationStatus: 50,
      supportOrder: false,
      dcPower: 0,
      dcCurrent: 0,
      dcEquipmentNumber: 0,
      acPower: 0,
      acCurrent: 0,
      acEquipmentNumber: 0,
      electricitySel: '0',
      pictures: [],
      equipments: [],
      serviceTel: null,
      connectorType: null,
      creator: 'nio-operator',
      updater: null,
      reviewUser: null,
      reviewTime: null,
      rejectReason: null,
      version: 1,
    });
    expect(station.areaName).toContain('黄浦');
    expect(Math.abs(station.createdAt - Date.now())).toBeLessThan(60_000);

    const [row] = await sut.database.db.select().from(reportedStations);
    expect(row).toMatchObject({ tenant: 'nio', connectorId: 'CN-1:A', dcPower: 0, electricitySel: '0' });
    const [audit] = await audits('REPORTED_STATION_CREATE');
    expect(audit).toMatchObject({ tenant: 'nio', entityId: 'CN-1:A', actorUserName: 'nio-operator' });
    expect(audit?.after).toMatchObject({ stationName: 'Station CN-1:A', dcPower: 0, electricitySel: '0' });

    const detail = await call('GET', '/CN-1%3AA', { cookie: viewer });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(station);
  });

  it('should keep every field entered, blanks of optional texts as nothing', async () => {
    const station = await created(
      minimal('CN-2', {
        source: 'mini',
        connectorType: 4,
        stationId: ' ST-9 ',
        countryCode: 'HK',
        serviceTel: '',
        stationType: 1,
        stationStatus: 3,
        parkNums: 12,
        siteGuide: 'B2 level',
        construction: 2,
        businessHours: '00:00-24:00',
        electricityFee: '0.8',
        serviceFee: '0.4',
        parkFee: 'free for 2 hours',
        supportOrder: true,
        remark: 'opened in May',
        dcPower: 240.5,
        dcCurrent: 250,
        dcEquipmentNumber: 2,
        acPower: 7,
        acCurrent: 32,
        acEquipmentNumber: 1,
        pictures: ['https://img.example/1.png'],
        equipments: [
          { equipmentId: 'E1', equipmentType: 'DC', power: 120, connectorCount: 2 },
          { equipmentId: 'E2', equipmentType: 'AC', power: 7, connectorCount: 1 },
        ],
        electricitySel: '2',
      }),
    );
    expect(station).toMatchObject({
      source: 'mini',
      connectorType: 4,
      stationId: 'ST-9',
      countryCode: 'HK',
      serviceTel: null,
      stationStatus: 3,
      parkNums: 12,
      supportOrder: true,
      dcPower: 240.5,
      acEquipmentNumber: 1,
      pictures: ['https://img.example/1.png'],
      equipments: [
        { equipmentId: 'E1', equipmentType: 'DC', power: 120, connectorCount: 2 },
        { equipmentId: 'E2', equipmentType: 'AC', power: 7, connectorCount: 1 },
      ],
      electricitySel: '2',
    });
  });

  it('should refuse a connector the tenant has a station on with 409, and allow it in another tenant', async () => {
    await created(minimal('CN-1'));
    const again = await create(minimal('CN-1', { stationName: 'twice' }));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'conflict', message: '充电枪 CN-1 已有运营商上报站点' });
    await sut.userWith('operator', 'pe', 'pe-operator');
    const pe = await sut.signIn('pe-operator');
    expect((await create(minimal('CN-1'), pe, 'pe')).statusCode).toBe(201);
    expect(await sut.database.db.select().from(reportedStations)).toHaveLength(2);
  });

  it('should refuse an unknown operator, equipment owner or sub-operator with 422 and its message', async () => {
    const cases = [
      [{ operatorId: 'NOPE' }, 'reportedStations.unknownOperator', '运营商 NOPE 不存在'],
      [{ equipmentOwnerId: 'NOPE' }, 'reportedStations.unknownEquipmentOwner', '设备所属方 NOPE 不存在'],
      [{ subOperatorId: 'NOPE' }, 'reportedStations.unknownSubOperator', '子运营商 NOPE 不存在'],
    ] as const;
    for (const [values, key, message] of cases) {
      const response = await create(minimal('CN-1', values));
      expect(response.statusCode, key).toBe(422);
      expect(errorOf(response)).toMatchObject({ code: 'rule_violated', message, details: { key } });
    }
    const bad = await create(minimal('CN 1', { areaCode: '31', countryCode: 'cn', serviceTel: 'abc-xyz' }));
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.connectorId' }),
        expect.objectContaining({ path: 'body.areaCode' }),
        expect.objectContaining({ path: 'body.countryCode' }),
        expect.objectContaining({ path: 'body.serviceTel', key: 'form.phone' }),
      ]),
    );
    expect(await sut.database.db.select().from(reportedStations)).toEqual([]);
  });

  describe('the list', () => {
    const at = (connectorId: string, iso: string) =>
      sut.database.db
        .update(reportedStations)
        .set({ createdAt: new Date(iso), updatedAt: new Date(iso) })
        .where(eq(reportedStations.connectorId, connectorId));

    beforeEach(async () => {
      await created(minimal('A', { stationName: '人民广场超充站', address: '上海市黄浦区人民大道1号' }));
      await created(
        minimal('B', {
          stationName: 'Airport 100%_fast',
          address: '浦东机场 P4',
          equipmentOwnerId: 'OWN2',
          operatorId: 'OP2',
          source: 'nio',
        }),
      );
      await created(minimal('C', { stationName: '虹桥站', address: '闵行区申虹路', source: 'mini' }));
      await at('A', '2026-01-10T08:00:00Z');
      await at('B', '2026-02-10T08:00:00Z');
      await at('C', '2026-03-10T08:00:00Z');
    });

    it('should list the latest created first with the names joined in and the total', async () => {
      const page = await list();
      expect(page.total).toBe(3);
      expect(idsOf(page)).toEqual(['C', 'B', 'A']);
      expect(page.items[1]).toMatchObject({
        operatorName: '特来电',
        equipmentOwnerName: 'owner OWN2',
        subOperatorName: null,
        areaName: regionLabel('310101'),
      });
    });

    it('should filter by create time, equipment owner, part of the name or address, and source', async () => {
      const february = Date.parse('2026-02-10T08:00:00Z');
      expect(idsOf(await list(`createTimeStart=${february}`))).toEqual(['C', 'B']);
      expect(idsOf(await list(`createTimeEnd=${february}`))).toEqual(['B', 'A']);
      expect(idsOf(await list(`createTimeStart=${february}&createTimeEnd=${february}`))).toEqual(['B']);
      expect(idsOf(await list('equipmentOwnerId=OWN1'))).toEqual(['C', 'A']);
      expect(idsOf(await list(`stationName=${encodeURIComponent('超充')}`))).toEqual(['A']);
      // Wildcards typed are matched as themselves, the case ignored.
      expect(idsOf(await list(`stationName=${encodeURIComponent('100%_FAST')}`))).toEqual(['B']);
      expect(idsOf(await list(`stationName=${encodeURIComponent('%')}`))).toEqual(['B']);
      expect(idsOf(await list(`address=${encodeURIComponent('黄浦')}`))).toEqual(['A']);
      expect(idsOf(await list('source=mini'))).toEqual(['C']);
      expect(idsOf(await list('source=mini&equipmentOwnerId=OWN2'))).toEqual([]);
      expect((await call('GET', '?source=app', { cookie: viewer })).statusCode).toBe(400);
    });

    it('should sort and page, and refuse a column it cannot sort by', async () => {
      expect(idsOf(await list('sort=createdAt:asc'))).toEqual(['A', 'B', 'C']);
      // Latin before Han, and 人 (U+4EBA) before 虹 (U+8679).
      expect(idsOf(await list('sort=stationName:asc'))).toEqual(['B', 'A', 'C']);
      expect(idsOf(await list('sort=updatedAt:desc&pageNo=2&pageSize=2'))).toEqual(['A']);
      const page = await list('pageNo=1&pageSize=2');
      expect({ total: page.total, ids: idsOf(page) }).toEqual({ total: 3, ids: ['C', 'B'] });
      const badSort = await call('GET', '?sort=address:asc', { cookie: viewer });
      expect(badSort.statusCode).toBe(400);
      expect(errorOf(badSort).details).toEqual([
        { path: 'sort', message: expect.stringContaining('cannot sort by "address"') },
      ]);
    });

    it("should export the filtered list with the screen's columns, labels in the reader's language", async () => {
      const exportOf = (language: string) =>
        call(
          'GET',
          '/export?source=nio&columns=connectorId,stationName,operator,source,stationStatus,createdAt',
          {
            cookie: viewer,
            language,
          },
        );
      const sheet = await sheetOf(await exportOf('zh-CN'));
      expect(rowValues(sheet, 1)).toEqual(['充电枪ID', '站点名称', '运营商', '来源', '站点状态', '创建时间']);
      expect(rowValues(sheet, 2)).toEqual([
        'B',
        'Airport 100%_fast',
        '特来电',
        '蔚来 App',
        '正常',
        '2026-02-10 16:00:00',
      ]);
      expect(sheet.rowCount).toBe(2);
      const english = await sheetOf(await exportOf('en-US'));
      expect(rowValues(english, 2)?.slice(3, 5)).toEqual(['NIO app', 'Normal']);
      expect((await call('GET', '/export?sort=address:asc', { cookie: viewer })).statusCode).toBe(400);
    });

    it('should read an export batch by batch from its cursor in the order of every sort', async () => {
      const service = new ReportedStationsService(sut.database.db);
      for (const sort of ['createdAt:asc', 'createdAt:desc', 'updatedAt:asc', 'stationName:desc']) {
        const ids: string[] = [];
        let cursor: ListCursor | null = null;
        do {
          const batch = await service.export.batch(sut.database.db, { tenant: 'nio', sort }, cursor, 1);
          ids.push(...batch.rows.map((s) => s.connectorId));
          cursor = batch.next;
        } while (cursor);
        expect(ids, sort).toEqual(idsOf(await list(`sort=${sort}`)));
      }
    });

    it('should keep each tenant to its own stations', async () => {
      await sut.userWith('viewer', 'pe', 'pe-viewer');
      const pe = await sut.signIn('pe-viewer');
      const peList = await call('GET', '', { cookie: pe, tenant: 'pe' });
      expect(peList.json()).toEqual({ total: 0, items: [] });
      expect((await call('GET', '/A', { cookie: pe, tenant: 'pe' })).statusCode).toBe(404);
      // A nio viewer is not one of pe's.
      expect((await call('GET', '', { cookie: viewer, tenant: 'pe' })).statusCode).toBe(403);
    });
  });

  it('should answer 404 for a connector without a station', async () => {
    const response = await call('GET', '/NOPE', { cookie: viewer });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
  });

  it('should update from the version read, set the updater and audit what changed; a stale version is 409', async () => {
    const station = await created(minimal('CN-1', { dcPower: 60 }));
    const { connectorId: _key, ...fields } = minimal('CN-1', { dcPower: 60 });
    const response = await update('CN-1', {
      ...fields,
      stationName: '新名称',
      subOperatorId: 'SUB1',
      version: station.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<ReportedStation>();
    expect(saved).toMatchObject({
      stationName: '新名称',
      subOperatorName: '城市合伙人',
      dcPower: 60,
      creator: 'nio-operator',
      updater: 'nio-operator',
      version: 2,
    });
    expect(saved.updatedAt).toBeGreaterThanOrEqual(station.updatedAt);
    const [audit] = await audits('REPORTED_STATION_UPDATE');
    expect(audit).toMatchObject({
      entityId: 'CN-1',
      before: { stationName: 'Station CN-1', subOperatorId: null, version: 1 },
      after: { stationName: '新名称', subOperatorId: 'SUB1', version: 2 },
    });

    const stale = await update('CN-1', { ...fields, stationName: 'late', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('conflict');
    expect((await update('NOPE', { ...fields, version: 1 })).statusCode).toBe(404);
    const unknown = await update('CN-1', { ...fields, operatorId: 'NOPE', version: 2 });
    expect(unknown.statusCode).toBe(422);
    expect((await call('GET', '/CN-1')).json()).toMatchObject({ stationName: '新名称', version: 2 });
  });

  it('should delete from the version read and audit it; a stale version is 409', async () => {
    await created(minimal('CN-1'));
    expect((await call('DELETE', '/CN-1?version=2')).statusCode).toBe(409);
    expect((await call('DELETE', '/CN-1')).statusCode).toBe(400);
    const response = await call('DELETE', '/CN-1?version=1');
    expect(response.statusCode).toBe(204);
    expect((await call('GET', '/CN-1')).statusCode).toBe(404);
    expect((await call('DELETE', '/CN-1?version=1')).statusCode).toBe(404);
    const [audit] = await audits('REPORTED_STATION_DELETE');
    expect(audit).toMatchObject({ entityId: 'CN-1', before: { stationName: 'Station CN-1', version: 1 } });
  });

  it('should let a viewer read but not create, update or delete', async () => {
    const station = await created(minimal('CN-1'));
    const { connectorId: _key, ...fields } = minimal('CN-1');
    expect((await create(minimal('CN-2'), viewer)).statusCode).toBe(403);
    expect((await update('CN-1', { ...fields, version: 1 }, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', '/CN-1?version=1', { cookie: viewer })).statusCode).toBe(403);
    expect((await call('GET', '/CN-1', { cookie: viewer })).json()).toEqual(station);
    expect((await list()).total).toBe(1);
  });

  it('should turn an export above the stream limit into a job whose file holds the list', async () => {
    await sut.app.close();
    await start({ exportStreamLimit: 1 }, { jobRunner: { pollMs: 20 } });
    await created(minimal('A'));
    await created(minimal('B'));
    const started = await call('GET', '/export?sort=stationName:asc&columns=connectorId,source', {
      language: 'en-US',
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json<{ jobId: number }>();
    expect(job).toMatchObject({ kind: 'export.reported-stations.list', tenant: 'nio' });
    expect(await endedJob(sut.database.db, job.jobId)).toMatchObject({ state: 'succeeded', progressDone: 2 });
    const file = await sut.app.inject({
      method: 'GET',
      url: `/api/nio/jobs/${job.jobId}/files/0`,
      headers: { cookie: operator },
    });
    const sheet = await sheetOf(file);
    expect([rowValues(sheet, 2), rowValues(sheet, 3)]).toEqual([
      ['A', 'Staff'],
      ['B', 'Staff'],
    ]);
  });
});
