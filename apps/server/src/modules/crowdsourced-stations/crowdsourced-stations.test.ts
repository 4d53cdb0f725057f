import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  CrowdsourcedListRequest,
  CrowdsourcedStation,
  CrowdsourcedStationDetail,
} from '@cmp/domain/stations/crowdsourced-stations';
import { businessHoursText, defaultOpeningHours } from '@cmp/domain/stations/business-hours';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { appReport, insertReport, offset, SQUARE } from '../../test/crowdsourced-fixtures.js';
import { rowValues, sheetOf } from '../../test/export-files.js';
import { insertAccount } from '../../test/relation-fixtures.js';
import { insertChargeStation, insertOperator, insertSwapStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { userNotifications } from '../accounts/user-notifications.tables.js';
import { relations } from '../relations/relations.tables.js';
import { crowdsourcedStations } from './crowdsourced-stations.tables.js';

const at = (iso: string) => new Date(iso);

describe('crowd-sourced station reports for staff', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    const db = sut.database.db;
    for (const id of ['ACC1', 'ACC2', 'ACC3']) await insertAccount(db, id);
    await insertAccount(db, 'PE1', { tenant: 'pe' });
  });
  afterEach(() => sut.app.close());

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
    cookie = operator,
  ) => sut.app.inject({ method, url: `/api/nio/crowdsourced-stations${path}`, headers: { cookie }, payload });
  const search = async (filter: CrowdsourcedListRequest, cookie = viewer) => {
    const response = await inject('POST', '/search', filter, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: CrowdsourcedStation[]; total: number }>();
  };
  const ids = async (filter: CrowdsourcedListRequest) => (await search(filter)).items.map((r) => r.objectId);
  const detail = async (objectId: string, cookie = operator) => {
    const response = await inject('GET', `/${objectId}`, undefined, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CrowdsourcedStationDetail>();
  };
  const editable = (report: CrowdsourcedStation) => ({
    stationName: report.stationName,
    address: report.address,
    areaCode: report.areaCode,
    longitude: report.longitude,
    latitude: report.latitude,
    source: report.source,
    stationId: report.stationId,
    creatorAccountId: report.creatorAccountId,
    version: report.version,
  });

  it('should let an operator enter a report with an issued id and refuse a viewer', async () => {
    const create = (payload: object, cookie = operator) => inject('POST', '', payload, cookie);
    const { objectId: _objectId, pictures: _pictures, source: _source, ...fields } = appReport('X');

    const response = await create({ ...fields, stationName: 'entered by staff', dcEquipmentNumber: 4 });
    expect(response.statusCode, response.body).toBe(201);
    const report = response.json<CrowdsourcedStation>();
    expect(report.objectId).toMatch(/^CSR-[0-9a-f]{16}$/);
    expect(report).toMatchObject({
      source: 'staff',
      stationName: 'entered by staff',
      createUser: 'nio-operator',
      creatorAccountId: 'ACC1',
      createUserMobile: '13800000001',
      dcEquipmentNumber: 4,
      acEquipmentNumber: 0,
    });

    const anonymous = await create({ ...fields, creatorAccountId: null, source: 'internal' });
    expect(anonymous.statusCode, anonymous.body).toBe(201);
    expect(anonymous.json()).toMatchObject({
      creatorAccountId: null,
      source: 'internal',
      createUserMobile: null,
    });
    expect(anonymous.json<CrowdsourcedStation>().objectId).not.toBe(report.objectId);

    await insertOperator(sut.database.db, { operatorId: 'OP9', operatorName: '星星充电' });
    const named = await create({ ...fields, operatorId: 'OP9', operatorName: null });
    expect(named.json<CrowdsourcedStation>().operatorName).toBe('星星充电');

    const unknown = await create({ ...fields, creatorAccountId: 'NOBODY' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('user_not_found');
    expect((await create(fields, viewer)).statusCode).toBe(403);
  });

  describe('the review queue', () => {
    beforeEach(async () => {
      const db = sut.database.db;
      await insertReport(db, 'R1', {
        stationName: '人民广场充电站',
        address: '黄浦区人民大道 100 号',
        creatorAccountId: 'ACC1',
        createdAt: at('2026-03-01T08:00:00Z'),
      });
      await insertReport(db, 'R2', {
        stationName: '外滩停车场',
        creatorAccountId: 'ACC2',
        isChargingBlindSpot: true,
        stationStatus: 1,
        reviewUser: 'nio-reviewer',
        reviewTime: at('2026-03-05T10:00:00Z'),
        createdAt: at('2026-02-01T08:00:00Z'),
      });
      await insertReport(db, 'R3', {
        stationName: '虹桥枢纽充电站',
        areaCode: '310112',
        source: 'pe',
        creatorAccountId: 'ACC1',
        stationStatus: 2,
        rejectReason: 'not a station',
        reviewUser: 'someone else',
        reviewTime: at('2026-03-20T10:00:00Z'),
        suspectedDuplicate: true,
        createdAt: at('2026-02-01T08:00:00Z'),
      });
      await insertReport(db, 'R4', { stationName: 'no reporter', createdAt: at('2026-04-01T08:00:00Z') });
      await insertReport(db, 'PE-R1', { tenant: 'pe', creatorAccountId: 'PE1' });
    });

    it("should list the tenant's reports oldest first, ties by id, with the reporter from the accounts", async () => {
      const page = await search({});
      expect(page.total).toBe(4);
      expect(page.items.map((r) => r.objectId)).toEqual(['R2', 'R3', 'R1', 'R4']);
      expect(page.items[2]).toMatchObject({
        objectId: 'R1',
        stationName: '人民广场充电站',
        areaName: '上海市/黄浦区',
        createUserNickName: 'Nick ACC1',
        createUserMobile: '138****0001',
        createdAt: at('2026-03-01T08:00:00Z').getTime(),
      });
      expect(page.items[3]).toMatchObject({ createUserNickName: null, createUserMobile: null });
      expect(await ids({ sort: 'createdAt:desc' })).toEqual(['R4', 'R1', 'R3', 'R2']);
      expect(await ids({ sort: 'reviewTime:desc' })).toEqual(['R3', 'R2', 'R4', 'R1']);
      expect(await search({ pageNo: 2, pageSize: 3 })).toMatchObject({
        total: 4,
        items: [{ objectId: 'R4' }],
      });
      const badSort = await inject('POST', '/search', { sort: 'stationName:asc' }, viewer);
      expect(badSort.statusCode).toBe(400);
    });

    it('should filter by every field of the review filter', async () => {
      expect(await ids({ mobile: '13800000001' })).toEqual(['R3', 'R1']);
      expect(await ids({ mobile: '13999999999' })).toEqual([]);
      expect(await ids({ creatorAccountId: 'ACC2' })).toEqual(['R2']);
      expect(await ids({ chargingBlindSpot: 1 })).toEqual(['R2']);
      expect(await ids({ chargingBlindSpot: 0 })).toEqual(['R3', 'R1', 'R4']);
      expect(await ids({ stationStatus: 0 })).toEqual(['R1', 'R4']);
      expect(await ids({ stationStatus: 2 })).toEqual(['R3']);
      expect(await ids({ onlineStatus: 1 })).toEqual([]);
      expect(await ids({ source: 'pe' })).toEqual(['R3']);
      expect(await ids({ stationName: '充电站' })).toEqual(['R3', 'R1']);
      expect(await ids({ address: '人民大道' })).toEqual(['R1']);
      expect(await ids({ areaCode: '310112' })).toEqual(['R3']);
      // A city's code takes its districts.
      expect(await ids({ areaCode: '310100' })).toEqual(['R2', 'R3', 'R1', 'R4']);
      expect(await ids({ reviewUser: 'reviewer' })).toEqual(['R2']);
      expect(await ids({ suspectedDuplicate: true })).toEqual(['R3']);
      // Time ranges take both ends.
      const reviewedAt = at('2026-03-05T10:00:00Z').getTime();
      expect(await ids({ reviewTimeStart: reviewedAt, reviewTimeEnd: reviewedAt })).toEqual(['R2']);
      expect(await ids({ reviewTimeStart: reviewedAt + 1 })).toEqual(['R3']);
      const created = at('2026-02-01T08:00:00Z').getTime();
      expect(
        await ids({ createTimeStart: created, createTimeEnd: at('2026-03-01T08:00:00Z').getTime() }),
      ).toEqual(['R2', 'R3', 'R1']);
      expect(await ids({ createTimeEnd: created - 1 })).toEqual([]);
      expect((await inject('POST', '/search', { mobile: '138-0000' }, viewer)).statusCode).toBe(400);
    });

    it('should show operators whole mobiles, record a search by reporter, and keep tenants apart', async () => {
      const page = await search({ mobile: '13800000001' }, operator);
      expect(page.items.map((r) => r.createUserMobile)).toEqual(['13800000001', '13800000001']);
      const [reveal] = await sut.database.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.action, 'account.mobile_revealed'));
      expect(reveal?.extData).toMatchObject({ via: 'crowdsourced_stations.search', accountIds: ['ACC1'] });

      const pe = await sut.userWith('viewer', 'pe');
      const pePage = await sut.app.inject({
        method: 'POST',
        url: '/api/pe/crowdsourced-stations/search',
        headers: { cookie: pe },
        payload: {},
      });
      expect(pePage.json()).toMatchObject({
        total: 1,
        items: [{ objectId: 'PE-R1', createUserMobile: '138****0001' }],
      });
      expect((await inject('GET', '/PE-R1')).statusCode).toBe(404);

      // Object ids are the apps' own: another tenant's report of the same id stays off the page.
      await insertReport(sut.database.db, 'R1', { tenant: 'pe', creatorAccountId: 'PE1' });
      expect(await ids({})).toEqual(['R2', 'R3', 'R1', 'R4']);
      expect((await search({})).items.find((r) => r.objectId === 'R1')).toMatchObject({
        createUserNickName: 'Nick ACC1',
      });
    });

    it("should export the filtered queue with the screen's columns in the reader's language", async () => {
      const exportOf = (cookie: string, language: string) =>
        sut.app.inject({
          method: 'GET',
          url: '/api/nio/crowdsourced-stations/export?creatorAccountId=ACC1&columns=objectId,stationName,stationStatus,source,mobile,createdAt,isChargingBlindSpot',
          headers: { cookie, 'accept-language': language },
        });
      const sheet = await sheetOf(await exportOf(viewer, 'zh-CN'));
      expect(rowValues(sheet, 1)).toEqual([
        '上报ID',
        '站点名称',
        '审核状态',
        '来源',
        '手机号',
        '上报时间',
        '充电盲区',
      ]);
      expect(rowValues(sheet, 2)).toEqual([
        'R3',
        '虹桥枢纽充电站',
        '已驳回',
        '能源 App',
        '138****0001',
        '2026-02-01 16:00:00',
        '否',
      ]);
      expect(rowValues(sheet, 3)).toEqual([
        'R1',
        '人民广场充电站',
        '待审核',
        '蔚来 App',
        '138****0001',
        '2026-03-01 16:00:00',
        '否',
      ]);
      expect(sheet.rowCount).toBe(3);
      const english = await sheetOf(await exportOf(operator, 'en-US'));
      expect(rowValues(english, 2)).toEqual([
        'R3',
        '虹桥枢纽充电站',
        'Rejected',
        'Power energy app',
        '13800000001',
        '2026-02-01 16:00:00',
        'No',
      ]);
      const reveals = await sut.database.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.action, 'account.mobile_revealed'));
      expect(reveals.map((r) => r.extData)).toMatchObject([
        { via: 'crowdsourced_stations.export', accountIds: ['ACC1'] },
      ]);
    });
  });

  it("should answer a report with the nearest network stations and the reporter's other reports", async () => {
    const db = sut.database.db;
    await insertOperator(db, { operatorId: 'OP1', operatorName: 'Star Charge' });
    await insertChargeStation(db, 'CS-A', { ...offset(SQUARE, 300), operatorId: 'OP1' }, { parkNumbers: 8 });
    await insertSwapStation(db, 'PS-B', offset(SQUARE, -100));
    await insertChargeStation(db, 'CS-FAR', offset(SQUARE, 6000));
    for (let i = 1; i <= 22; i++) {
      const day = String(i).padStart(2, '0');
      await insertReport(db, `OLD-${day}`, {
        creatorAccountId: 'ACC1',
        createdAt: at(`2026-01-${day}T00:00:00Z`),
      });
    }
    await insertReport(db, 'HERE', {
      ...SQUARE,
      creatorAccountId: 'ACC1',
      createdAt: at('2026-02-15T00:00:00Z'),
    });

    const answer = await detail('HERE');
    expect(answer.report).toMatchObject({ objectId: 'HERE', createUserMobile: '13800000001' });
    expect(answer.nearestStations.map((s) => s.resourceId)).toEqual(['PS-B', 'CS-A']);
    expect(answer.nearestStations[1]).toMatchObject({
      resourceType: 'ChargeStation',
      resourceName: 'station CS-A',
      operatorName: 'Star Charge',
      address: 'No. 1 People Square',
      status: 50,
      parkNumbers: 8,
      dcEquipmentNumber: 1,
      acEquipmentNumber: 0,
      dcPower: 240,
      acPower: 0,
      distance: 300,
      businessHours: businessHoursText(defaultOpeningHours(), 'zh-CN'),
      electricityFee: '00:00~24:00:0.80',
      serviceFee: '00:00~24:00:0.40',
    });
    expect(answer.nearestStations[1]!.electricityFee).toContain('00:00~24:00:0.80');
    expect(answer.nearestStations[0]).toMatchObject({
      resourceType: 'PowerSwap',
      parkNumbers: null,
      distance: 100,
      businessHours: businessHoursText(defaultOpeningHours(), 'zh-CN'),
      electricityFee: null,
      serviceFee: null,
    });
    expect(answer.reporterReportCount).toBe(23);
    expect(answer.reporterReports).toHaveLength(20);
    expect(answer.reporterReports[0]!.objectId).toBe('OLD-22');
    expect(answer.reporterReports.at(-1)!.objectId).toBe('OLD-03');
    expect((await detail('HERE', viewer)).report.createUserMobile).toBe('138****0001');
    expect((await inject('GET', '/NOPE')).statusCode).toBe(404);
  });

  describe('edits, deletion and review', () => {
    beforeEach(async () => {
      const db = sut.database.db;
      await insertChargeStation(db, 'CS-1');
      await insertReport(db, 'R1', { creatorAccountId: 'ACC1', stationId: 'CS-1' });
      await db.insert(relations).values({
        tenant: 'nio',
        resourceId: 'CS-1',
        resourceType: 'ChargeStation',
        accountId: 'ACC1',
        relationType: 'discoverer',
        source: 'virtual_station',
      });
      await insertReport(db, 'R2', { creatorAccountId: 'ACC2' });
      await insertReport(db, 'R-NOBODY');
      await insertReport(db, 'R-ONLINE', { stationStatus: 1, onlineStatus: 1, stationId: 'CS-1' });
    });
    const report = async (objectId: string) => (await detail(objectId)).report;

    it('should save every field and move the discoverer relation to a new reporter', async () => {
      const before = await report('R1');
      const response = await inject('PUT', '/R1', {
        ...editable(before),
        stationName: 'renamed',
        creatorAccountId: 'ACC2',
        dcEquipmentNumber: 2,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        stationName: 'renamed',
        creatorAccountId: 'ACC2',
        createUserNickName: 'Nick ACC2',
        dcEquipmentNumber: 2,
        version: 2,
      });
      const rows = await sut.database.db.select().from(relations).orderBy(relations.relationId);
      expect(rows).toMatchObject([
        {
          accountId: 'ACC1',
          state: 'unbind',
          unbindReason: 'report R1: reporter changed',
          unboundBy: 'nio-operator',
        },
        {
          accountId: 'ACC2',
          state: 'bind',
          relationType: 'discoverer',
          source: 'virtual_station',
          resourceOriginId: 'R1',
        },
      ]);
      const [audit] = await sut.database.db
        .select()
        .from(auditRecords)
        .where(and(eq(auditRecords.entityType, 'crowdsourced_station'), eq(auditRecords.action, 'UPDATE')));
      expect(audit).toMatchObject({
        actorUserName: 'nio-operator',
        before: { stationName: 'reported R1', creatorAccountId: 'ACC1', dcEquipmentNumber: 0 },
        after: { stationName: 'renamed', creatorAccountId: 'ACC2', dcEquipmentNumber: 2 },
      });

      const stale = await inject('PUT', '/R1', { ...editable(before), stationName: 'again' });
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale).message).toBe('该上报站点已被他人修改，请刷新后重新操作');
      const unknown = await inject('PUT', '/R1', {
        ...editable(before),
        version: 2,
        creatorAccountId: 'PE1',
      });
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).code).toBe('user_not_found');
      const online = await report('R-ONLINE');
      expect((await inject('PUT', '/R-ONLINE', { ...editable(online), stationName: 'x' })).statusCode).toBe(
        422,
      );
    });

    it('should delete a report that is not online with its version, then answer 404', async () => {
      expect((await inject('DELETE', '/R2?version=2')).statusCode).toBe(409);
      const online = await inject('DELETE', '/R-ONLINE?version=1');
      expect(online.statusCode).toBe(422);
      expect(errorOf(online).message).toBe('该上报站点已上线，不能再修改');
      expect((await inject('DELETE', '/R2?version=1', undefined, viewer)).statusCode).toBe(403);

      expect((await search({})).total).toBe(4);
      const deleted = await inject('DELETE', '/R2?version=1');
      expect(deleted.statusCode, deleted.body).toBe(204);
      const left = await search({});
      expect([left.total, left.items.map((r) => r.objectId)]).toEqual([3, ['R1', 'R-NOBODY', 'R-ONLINE']]);
      expect((await inject('GET', '/R2')).statusCode).toBe(404);
      expect((await inject('DELETE', '/R2?version=1')).statusCode).toBe(404);
      const [audit] = await sut.database.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.action, 'DELETE'));
      expect(audit).toMatchObject({
        entityType: 'crowdsourced_station',
        entityId: 'R2',
        before: { creatorAccountId: 'ACC2' },
      });
    });

    it('should approve and reject with the reviewer, the time and a notification to the reporter', async () => {
      const rejected = await inject('POST', '/R2/review', {
        stationStatus: 2,
        rejectReason: 'no chargers there',
        sendNotification: true,
        notificationTitle: '上报结果',
        notificationContent: '您上报的站点未通过审核',
        version: 1,
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      const answer = rejected.json<CrowdsourcedStation>();
      expect(answer).toMatchObject({
        stationStatus: 2,
        rejectReason: 'no chargers there',
        reviewUser: 'nio-operator',
        version: 2,
      });
      expect(Math.abs(answer.reviewTime! - Date.now())).toBeLessThan(60_000);
      const notices = await sut.database.db.select().from(userNotifications);
      expect(notices).toMatchObject([
        {
          tenant: 'nio',
          accountId: 'ACC2',
          title: '上报结果',
          content: '您上报的站点未通过审核',
          origin: 'crowdsourced_station_review',
          originId: 'R2',
          createdBy: 'nio-operator',
          deliveredAt: null,
        },
      ]);

      // The queue's totals by state follow the review.
      expect((await search({ stationStatus: 0 })).total).toBe(2);
      expect((await search({ stationStatus: 2, onlineStatus: 0 })).total).toBe(1);

      // A second look approves it: the reason goes, no notification this time.
      const approved = await inject('POST', '/R2/review', { stationStatus: 1, version: 2 });
      expect(approved.json()).toMatchObject({ stationStatus: 1, rejectReason: null, version: 3 });
      expect(await sut.database.db.select().from(userNotifications)).toHaveLength(1);
      const reviews = await sut.database.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.action, 'REVIEW'))
        .orderBy(auditRecords.id);
      expect((await search({ stationStatus: 2 })).total).toBe(0);
      expect((await search({ stationStatus: 1 })).total).toBe(2);
      expect((await search({ onlineStatus: 1 })).total).toBe(1);
      expect(reviews.map((r) => [r.actorUserName, r.after])).toMatchObject([
        ['nio-operator', { stationStatus: 2, reviewUser: 'nio-operator', rejectReason: 'no chargers there' }],
        ['nio-operator', { stationStatus: 1, reviewUser: 'nio-operator', rejectReason: null }],
      ]);
    });

    it('should refuse a rejection without reason, a notification without reporter and an online report', async () => {
      const noReason = await inject('POST', '/R2/review', { stationStatus: 2, version: 1 });
      expect(noReason.statusCode).toBe(400);
      const noTitle = await inject('POST', '/R2/review', {
        stationStatus: 1,
        sendNotification: true,
        version: 1,
      });
      expect(noTitle.statusCode).toBe(400);
      const nobody = await inject('POST', '/R-NOBODY/review', {
        stationStatus: 1,
        sendNotification: true,
        notificationTitle: 't',
        notificationContent: 'c',
        version: 1,
      });
      expect(nobody.statusCode).toBe(422);
      expect(errorOf(nobody).message).toBe('该上报站点没有上报人账号，无法通知');
      expect((await inject('POST', '/R-ONLINE/review', { stationStatus: 1, version: 1 })).statusCode).toBe(
        422,
      );
      expect((await inject('POST', '/R2/review', { stationStatus: 1, version: 7 })).statusCode).toBe(409);
      expect((await inject('POST', '/R2/review', { stationStatus: 1, version: 1 }, viewer)).statusCode).toBe(
        403,
      );
      const [row] = await sut.database.db
        .select()
        .from(crowdsourcedStations)
        .where(eq(crowdsourcedStations.objectId, 'R2'));
      expect(row).toMatchObject({ stationStatus: 0, version: 1, reviewUser: null });
    });

    it("should refuse viewers every change and another tenant's reports", async () => {
      const r1 = await report('R1');
      expect((await inject('PUT', '/R1', editable(r1), viewer)).statusCode).toBe(403);
      const pe = await sut.userWith('operator', 'pe');
      const foreign = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, payload?: object) =>
        sut.app.inject({
          method,
          url: `/api/pe/crowdsourced-stations${path}`,
          headers: { cookie: pe },
          payload,
        });
      expect((await foreign('GET', '/R1')).statusCode).toBe(404);
      expect((await foreign('PUT', '/R1', editable(r1))).statusCode).toBe(404);
      expect((await foreign('DELETE', '/R1?version=1')).statusCode).toBe(404);
      expect((await foreign('POST', '/R1/review', { stationStatus: 1, version: 1 })).statusCode).toBe(404);
    });
  });
});
