import { eq, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperationListPage } from '@cmp/domain/stations/operation-list-item';
import { columnValues, endedJob, rowValues, sheetOf, XLSX } from '../../test/export-files.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { insertChargeStation, insertOperator, insertSwapStation } from '../../test/station-fixtures.js';
import { regionPath } from '../../platform/regions/region-data.js';
import { LABELS_TTL_MS } from '../dictionaries/dictionaries.service.js';
import { dictEntries } from '../dictionaries/dictionaries.tables.js';
import { chargePointPresence, chargePoints, portalProcesses } from '../ocpp/ocpp.tables.js';
import { resourceTags, tags } from '../tags/tags.tables.js';
import { equipments, resources } from './stations.tables.js';

let ctx: TestContext;
let viewer: string;

const inRegion = (regionId: string) => {
  const path = regionPath(regionId)!;
  return { regionId, cityId: path.cityId, provinceId: path.provinceId };
};
const at = (iso: string) => new Date(iso);

/**
 * Four stations: the default order (update time desc, id desc) is CS1, PS2, CS2, PS1. PS2 was updated
 * half a millisecond after CS2, the same millisecond on the wire.
 */
async function insertStations() {
  const db = ctx.database.db;
  await insertOperator(db, {
    operatorId: 'OP1',
    operatorName: 'Alpha Charging',
    equipmentOwnerId: 'OWN1',
    equipmentOwnerName: 'Owner Alpha',
  });
  await insertOperator(db, {
    operatorId: 'OP2',
    operatorName: 'Beta Power',
    equipmentOwnerId: 'OWN2',
    equipmentOwnerName: 'Owner Beta',
  });
  await insertChargeStation(db, 'CS1', {
    resourceName: 'Alpha Hub',
    description: 'desc 1',
    remark: 'remark 1',
    operatorId: 'OP1',
    equipmentOwnerId: 'OWN1',
    recommendationCode: 'RC1',
    ...inRegion('310101'),
    address: 'No. 1 People Square',
    bizSceneCodes: [1, 5],
    commentaryNumber: 2,
    focusedCommentaryNumber: 1,
    worksheetNumber: 3,
    openWorksheetNumber: 1,
    basicInfoUpdateTime: at('2026-01-03T00:00:00Z'),
  });
  await insertChargeStation(db, 'CS2', {
    resourceName: 'Beta Corner',
    operatorId: 'OP2',
    equipmentOwnerId: 'OWN2',
    recommendationCode: 'RC2',
    ...inRegion('440305'),
    address: '88 Keyuan Road',
    active: false,
    basicInfoUpdateTime: at('2026-01-02T00:00:00Z'),
  });
  await insertSwapStation(db, 'PS1', {
    resourceName: 'Gamma Swap',
    operatorId: 'OP1',
    equipmentOwnerId: 'OWN1',
    ...inRegion('110105'),
    address: 'Chaoyang 100%_ Road',
    bizSceneCodes: [3],
    worksheetNumber: 1,
    basicInfoUpdateTime: at('2026-01-01T00:00:00Z'),
  });
  await insertSwapStation(db, 'PS2', {
    resourceName: 'Delta 50%',
    operatorId: 'OP2',
    equipmentOwnerId: 'OWN2',
    ...inRegion('440106'),
    address: 'Tianhe Road',
    bizSceneCodes: [5, 99],
    commentaryNumber: 5,
  });
  await db.execute(
    sql`update ${resources} set basic_info_update_time = '2026-01-02T00:00:00.0005Z' where resource_id = 'PS2'`,
  );
}

/** Stations `Bulk 00001`… in groups of 7 that share an update time, so batches break inside ties. */
async function insertBulk(count: number) {
  await ctx.database.db.execute(sql`
    insert into ${resources} (resource_id, resource_type, resource_name, longitude, latitude,
      basic_info_update_time, worksheet_number)
    select 'B' || lpad(g::text, 6, '0'), 'ChargeStation', 'Bulk ' || lpad(g::text, 6, '0'), 121, 31,
      timestamptz '2025-06-01T00:00:00Z' + (g / 7) * interval '1 second' + interval '1 microsecond' * (g % 2),
      g % 3
    from generate_series(1, ${count}) g`);
}

beforeEach(async () => {
  ctx = await createTestContext();
  viewer = await ctx.userWith('viewer', 'nio');
  await insertStations();
});
afterEach(() => ctx.app.close());

const list = (query: string, cookie = viewer) =>
  ctx.app.inject({ method: 'GET', url: `/api/nio/stations?${query}`, headers: { cookie } });

async function idsOf(query: string): Promise<string[]> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as OperationListPage).items.map((item) => item.resourceId);
}

describe('GET /api/:tenant/stations', () => {
  it('should list stations newest update first with names, region, scenes and counters', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const page = response.json() as OperationListPage;
    expect(page.total).toBe(4);
    expect(page.items.map((item) => item.resourceId)).toEqual(['CS1', 'PS2', 'CS2', 'PS1']);
    expect(page.items[0]).toEqual({
      resourceId: 'CS1',
      resourceType: 'ChargeStation',
      resourceName: 'Alpha Hub',
      description: 'desc 1',
      remark: 'remark 1',
      operatorId: 'OP1',
      operatorName: 'Alpha Charging',
      equipmentOwnerId: 'OWN1',
      equipmentOwner: 'Owner Alpha',
      recommendationCode: 'RC1',
      regionId: '310101',
      region: '上海市/黄浦区',
      address: 'No. 1 People Square',
      active: true,
      commentaryNumber: 2,
      focusedCommentaryNumber: 1,
      worksheetNumber: 3,
      openWorksheetNumber: 1,
      basicInfoUpdateTime: Date.parse('2026-01-03T00:00:00Z'),
      bizScenes: [
        { code: 1, desc: '公交场站' },
        { code: 5, desc: '高速服务区' },
      ],
    });
    // A code the dictionary does not know keeps no desc.
    expect(page.items[1]).toMatchObject({
      resourceType: 'PowerSwap',
      region: '广东省/广州市/天河区',
      basicInfoUpdateTime: Date.parse('2026-01-02T00:00:00Z'),
      bizScenes: [{ code: 5, desc: '高速服务区' }, { code: 99 }],
    });
  });

  it.each([
    ['resourceId=CS2', ['CS2']],
    ['resourceId=cs2', []],
    ['resourceName=ALPHA', ['CS1']],
    ['resourceName=%25', ['PS2']],
    ['resourceType=PowerSwap', ['PS2', 'PS1']],
    ['resourceType=ChargeStation,PowerSwap', ['CS1', 'PS2', 'CS2', 'PS1']],
    ['operatorId=OP1', ['CS1', 'PS1']],
    ['operatorName=beta', ['PS2', 'CS2']],
    ['equipmentOwnerId=OWN2', ['PS2', 'CS2']],
    ['equipmentOwner=owner%20alpha', ['CS1', 'PS1']],
    ['recommendationCode=RC1', ['CS1']],
    ['regionId=440000', ['PS2', 'CS2']],
    ['regionId=440300', ['CS2']],
    ['regionId=440106', ['PS2']],
    ['regionId=110100', ['PS1']],
    ['region=深圳', ['CS2']],
    ['region=广东', ['PS2', 'CS2']],
    ['region=atlantis', []],
    ['address=KEYUAN', ['CS2']],
    ['address=100%25_', ['PS1']],
    ['active=false', ['CS2']],
    ['active=true', ['CS1', 'PS2', 'PS1']],
    ['hasComments=true', ['CS1', 'PS2']],
    ['hasComments=false', ['CS2', 'PS1']],
    [
      `basicInfoUpdateTimeBegin=${Date.parse('2026-01-02T00:00:00Z')}&basicInfoUpdateTimeEnd=${Date.parse('2026-01-02T00:00:00Z')}`,
      ['PS2', 'CS2'],
    ],
    [`basicInfoUpdateTimeBegin=${Date.parse('2026-01-02T00:00:00.001Z')}`, ['CS1']],
    [`basicInfoUpdateTimeEnd=${Date.parse('2026-01-01T23:59:59.999Z')}`, ['PS1']],
    ['focusedCommentaryNumberMin=1', ['CS1']],
    ['focusedCommentaryNumberMax=0', ['PS2', 'CS2', 'PS1']],
    ['openWorksheetNumberMin=1', ['CS1']],
    ['openWorksheetNumberMin=0&openWorksheetNumberMax=0', ['PS2', 'CS2', 'PS1']],
    ['worksheetNumberMin=1&worksheetNumberMax=2', ['PS1']],
    ['bizScenes=5', ['CS1', 'PS2']],
    ['bizScenes=3,1', ['CS1', 'PS1']],
    ['bizScenes=7', []],
    ['resourceType=PowerSwap&operatorId=OP1&active=true', ['PS1']],
    ['activityIdExclude=A1', ['CS1', 'PS2', 'CS2', 'PS1']],
  ])('should filter by %s', async (query, expected) => {
    expect(await idsOf(query)).toEqual(expected);
  });

  it('should filter by a tag the stations hold', async () => {
    const db = ctx.database.db;
    const tagId = async (code: string) => (await db.select().from(tags).where(eq(tags.code, code)))[0]!.tagId;
    await db.insert(resourceTags).values([
      { resourceId: 'CS1', tagId: await tagId('available_limited') },
      { resourceId: 'CS2', tagId: await tagId('available_public') },
      { resourceId: 'PS1', tagId: await tagId('monthly_top_ten') },
    ]);

    expect(await idsOf('tagCode=available_limited')).toEqual(['CS1']);
    expect(await idsOf('tagCode=monthly_top_ten')).toEqual(['PS1']);
    expect(await idsOf('tagCode=succ_prob_low')).toEqual([]);
  });

  it("should filter by what the stations' OCPP chargers do now, as the dashboard's figures count them", async () => {
    const db = ctx.database.db;
    const charger = (chargePointId: string, resourceId: string) => ({
      chargePointId,
      resourceId,
      passwordHash: 'x',
      passwordSetBy: 'test',
    });
    // Each charge station has its E1; CS1 gets a second charger and the swap station PS1 one of its own.
    await db.insert(equipments).values([
      { equipmentId: 'CS1-E2', resourceId: 'CS1', equipmentType: 'DC', power: 120 },
      { equipmentId: 'PS1-E1', resourceId: 'PS1', equipmentType: 'DC', power: 120 },
    ]);
    await db
      .insert(chargePoints)
      .values([
        charger('CS1-E1', 'CS1'),
        charger('CS1-E2', 'CS1'),
        charger('CS2-E1', 'CS2'),
        charger('PS1-E1', 'PS1'),
      ]);
    await db.insert(portalProcesses).values([
      { processId: 'live' },
      // A process that stopped beating: what it held is no longer online.
      { processId: 'gone', heartbeatAt: new Date(Date.now() - 3_600_000) },
    ]);
    await db.insert(chargePointPresence).values([
      { chargePointId: 'CS1-E2', processId: 'live' },
      { chargePointId: 'PS1-E1', processId: 'gone' },
    ]);

    expect(await idsOf('chargerPresence=registered')).toEqual(['CS1', 'CS2', 'PS1']);
    expect(await idsOf('chargerPresence=online')).toEqual(['CS1']);
    expect(await idsOf('chargerPresence=offline')).toEqual(['CS2', 'PS1']);
    expect((await list('chargerPresence=sleeping')).statusCode).toBe(400);
  });

  it.each([
    ['sort=resourceName:asc', ['CS1', 'CS2', 'PS2', 'PS1']],
    ['sort=basicInfoUpdateTime:asc', ['PS1', 'CS2', 'PS2', 'CS1']],
    ['sort=worksheetNumber:desc', ['CS1', 'PS1', 'PS2', 'CS2']],
    ['sort=focusedCommentaryNumber:desc', ['CS1', 'PS2', 'PS1', 'CS2']],
    ['sort=commentaryNumber:asc', ['CS2', 'PS1', 'CS1', 'PS2']],
    ['sort=resourceId:desc', ['PS2', 'PS1', 'CS2', 'CS1']],
  ])('should order by %s, ties by resource id in the same direction', async (query, expected) => {
    expect(await idsOf(query)).toEqual(expected);
  });

  it('should page with the total of the whole filter', async () => {
    const page2 = (await list('pageSize=2&pageNo=2')).json() as OperationListPage;
    expect(page2.items.map((item) => item.resourceId)).toEqual(['CS2', 'PS1']);
    expect(page2.total).toBe(4);
    const partial = (await list('pageSize=3&pageNo=2')).json() as OperationListPage;
    expect(partial).toMatchObject({ items: [{ resourceId: 'PS1' }], total: 4 });
    const beyond = (await list('pageSize=2&pageNo=5&resourceType=PowerSwap')).json() as OperationListPage;
    expect(beyond).toEqual({ items: [], total: 2 });
  });

  it('should keep the totals of the whole list and of each type through inserts, deletes and a type change', async () => {
    const totals = async () => ({
      all: ((await list('pageSize=1')).json() as OperationListPage).total,
      swap: ((await list('pageSize=1&resourceType=PowerSwap')).json() as OperationListPage).total,
      charge: ((await list('pageSize=1&resourceType=ChargeStation')).json() as OperationListPage).total,
    });
    expect(await totals()).toEqual({ all: 4, swap: 2, charge: 2 });

    await insertChargeStation(ctx.database.db, 'CS3');
    await ctx.database.db.delete(resources).where(eq(resources.resourceId, 'PS1'));
    expect(await totals()).toEqual({ all: 4, swap: 1, charge: 3 });

    await ctx.database.db
      .update(resources)
      .set({ resourceType: 'PowerSwap' })
      .where(eq(resources.resourceId, 'CS3'));
    expect(await totals()).toEqual({ all: 4, swap: 2, charge: 2 });
    // A narrower filter is counted, and agrees.
    const active = (await list('pageSize=1&active=true')).json() as OperationListPage;
    const [counted] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(resources)
      .where(eq(resources.active, true));
    expect(active.total).toBe(counted!.n);
  });

  it('should refuse a column it cannot sort by', async () => {
    const response = await list('sort=address:asc');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'sort', message: expect.stringContaining('cannot sort by "address"') }],
    });
    expect((await list('sort=resourceName')).statusCode).toBe(400);
  });

  it.each([
    ['resourceType=Charger', 'querystring.resourceType.0', undefined],
    ['resourceType=,', 'querystring.resourceType', '输入不能为空'],
    ['bizScenes=1,x', 'querystring.bizScenes.1', '输入必须为数字'],
    ['bizScenes=1.5', 'querystring.bizScenes.0', '输入必须为整数'],
    ['regionId=4403', 'querystring.regionId', undefined],
    [`activityIdExclude=${'a'.repeat(65)}`, 'querystring.activityIdExclude', '输入长度不能超过64个字符'],
    ['worksheetNumberMin=-1', 'querystring.worksheetNumberMin', undefined],
    ['active=maybe', 'querystring.active', undefined],
    ['pageSize=1001', 'querystring.pageSize', undefined],
  ])('should refuse %s with the field named', async (query, path, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response) as { details: { path: string; message: string }[] };
    expect(error.details[0]!.path).toBe(path);
    if (message) expect(error.details[0]!.message).toBe(message);
  });

  it('should answer field messages in English when asked', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/nio/stations?bizScenes=x',
      headers: { cookie: viewer, 'accept-language': 'en-US' },
    });
    expect(errorOf(response)).toMatchObject({
      details: [{ path: 'querystring.bizScenes.0', message: 'Enter a number' }],
    });
  });

  it('should show a renamed business scene once the names are read again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const scenesOf = async () =>
        ((await list('resourceId=PS1')).json() as OperationListPage).items[0]!.bizScenes;
      expect(await scenesOf()).toEqual([{ code: 3, desc: '出租网约' }]);
      await ctx.database.db
        .update(dictEntries)
        .set({ name: '网约车' })
        .where(sql`${dictEntries.code} = '3'`);
      expect(await scenesOf()).toEqual([{ code: 3, desc: '出租网约' }]);
      vi.setSystemTime(Date.now() + LABELS_TTL_MS + 1);
      expect(await scenesOf()).toEqual([{ code: 3, desc: '网约车' }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should let only users of the tenant read it', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/nio/stations' });
    expect(anonymous.statusCode).toBe(401);
    const other = await ctx.userWith('operator', 'pe');
    const elsewhere = await list('', other);
    expect(elsewhere.statusCode).toBe(403);
    expect(errorOf(elsewhere).code).toBe('tenant_forbidden');
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/xyz/stations',
      headers: { cookie: viewer },
    });
    expect(unknown.statusCode).toBe(404);
    const peList = await ctx.app.inject({
      method: 'GET',
      url: '/api/pe/stations',
      headers: { cookie: other },
    });
    expect((peList.json() as OperationListPage).total).toBe(4);
  });
});

describe('GET /api/:tenant/stations/export', () => {
  const exportOf = (query: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/nio/stations/export?${query}`,
      headers: { cookie: viewer, ...headers },
    });

  const idColumn = (sheet: ExcelJS.Worksheet) => columnValues(sheet, 1).map((value) => String(value));

  it('should stream the filtered rows as a workbook with Chinese headers and a dated name', async () => {
    const response = await exportOf('resourceType=ChargeStation');
    expect(response.headers['content-type']).toBe(XLSX);
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="station-operations-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(`场站运营列表-${day}.xlsx`)}`,
    );
    const sheet = await sheetOf(response);
    expect(sheet.name).toBe('场站运营列表');
    expect(rowValues(sheet, 1)).toEqual([
      '站点 ID',
      '站点名称',
      '站点类型',
      '运营商 ID',
      '运营商',
      '设备所属方',
      '推荐码',
      '地区',
      '地址',
      '启用',
      '评论数',
      '关注评论数',
      '工单数',
      '处理中工单',
      '基础信息更新时间',
      '业务场景',
      '描述',
      '备注',
    ]);
    expect(sheet.rowCount).toBe(3);
    expect(rowValues(sheet, 2)).toEqual([
      'CS1',
      'Alpha Hub',
      '充电站',
      'OP1',
      'Alpha Charging',
      'Owner Alpha',
      'RC1',
      '上海市/黄浦区',
      'No. 1 People Square',
      '是',
      2,
      1,
      3,
      1,
      // Wall-clock time in UTC+08:00.
      '2026-01-03 08:00:00',
      '公交场站, 高速服务区',
      'desc 1',
      'remark 1',
    ]);
    expect(rowValues(sheet, 3).slice(0, 10)).toEqual([
      'CS2',
      'Beta Corner',
      '充电站',
      'OP2',
      'Beta Power',
      'Owner Beta',
      'RC2',
      '广东省/深圳市/南山区',
      '88 Keyuan Road',
      '否',
    ]);
  });

  it('should write English headers and values when the caller prefers English', async () => {
    const response = await exportOf('resourceType=PowerSwap', { 'accept-language': 'en-US,en;q=0.9' });
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="station-operations-\d{8}\.xlsx"; filename\*=UTF-8''station-operations-\d{8}\.xlsx$/,
    );
    const sheet = await sheetOf(response);
    expect(rowValues(sheet, 1).slice(0, 3)).toEqual(['Station ID', 'Station name', 'Station type']);
    expect(rowValues(sheet, 2).slice(0, 3)).toEqual(['PS2', 'Delta 50%', 'Swap station']);
    expect(rowValues(sheet, 2)[15]).toBe('Highway service area, 99');
    expect(rowValues(sheet, 3)[0]).toBe('PS1');
  });

  it('should read every row once, in the list order, across batches that split ties', async () => {
    await insertBulk(2345);
    const byUpdate = await sheetOf(await exportOf('resourceName=bulk'));
    const ids = Array.from({ length: 2345 }, (_, i) => i + 1);
    const id = (g: number) => `B${String(g).padStart(6, '0')}`;
    // Newest first: higher second (g / 7), then the odd rows' extra microsecond, then the higher id.
    const expectedByUpdate = [...ids]
      .sort((a, b) => Math.floor(b / 7) - Math.floor(a / 7) || (b % 2) - (a % 2) || b - a)
      .map(id);
    expect(idColumn(byUpdate)).toEqual(expectedByUpdate);

    const byWorksheets = await sheetOf(await exportOf('resourceName=bulk&sort=worksheetNumber:asc'));
    const expectedByWorksheets = [...ids].sort((a, b) => (a % 3) - (b % 3) || a - b).map(id);
    expect(idColumn(byWorksheets)).toEqual(expectedByWorksheets);
  });

  it('should write only the visible columns, in their order, and CSV when asked', async () => {
    const sheet = await sheetOf(await exportOf('resourceType=ChargeStation&columns=resourceName,resourceId'));
    expect(rowValues(sheet, 1)).toEqual(['站点名称', '站点 ID']);
    expect(rowValues(sheet, 2)).toEqual(['Alpha Hub', 'CS1']);

    const csv = await exportOf(
      'resourceType=ChargeStation&columns=resourceId,active,worksheetNumber&format=csv',
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/filename="station-operations-\d{8}\.csv"/);
    expect(csv.body).toBe('\uFEFF站点 ID,启用,工单数\r\nCS1,是,3\r\nCS2,否,0\r\n');
  });

  it('should turn an export above the stream limit into a job whose file holds every row in order', async () => {
    await ctx.app.close();
    ctx = await createTestContext({ exportStreamLimit: 3 }, { jobRunner: { pollMs: 20 } });
    viewer = await ctx.userWith('viewer', 'nio');
    await insertStations();

    const started = await exportOf('columns=resourceId,resourceType', { 'accept-language': 'en-US' });
    expect(started.statusCode).toBe(202);
    const job = started.json();
    expect(job).toMatchObject({ kind: 'export.stations.operation-list', tenant: 'nio', state: 'queued' });
    expect(job.params).toMatchObject({
      columns: ['resourceId', 'resourceType'],
      format: 'xlsx',
      locale: 'en-US',
    });

    await endedJob(ctx.database.db, job.jobId);
    const done = (
      await ctx.app.inject({ method: 'GET', url: `/api/nio/jobs/${job.jobId}`, headers: { cookie: viewer } })
    ).json();
    expect(done).toMatchObject({
      state: 'succeeded',
      progress: { done: 4, total: 4 },
      result: { counts: { rows: 4 }, files: [{ contentType: XLSX }] },
    });
    expect(done.result.files[0].name).toMatch(/^station-operations-\d{8}\.xlsx$/);

    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/nio/jobs/${job.jobId}/files/0`,
      headers: { cookie: viewer },
    });
    const sheet = await sheetOf(file);
    expect(sheet.name).toBe('Station operations');
    expect(rowValues(sheet, 1)).toEqual(['Station ID', 'Station type']);
    expect(idColumn(sheet)).toEqual(['CS1', 'PS2', 'CS2', 'PS1']);
    expect(rowValues(sheet, 3)).toEqual(['PS2', 'Swap station']);
  });

  it('should check the filter and the reader like the list', async () => {
    expect((await exportOf('sort=address:asc')).statusCode).toBe(400);
    expect((await exportOf('bizScenes=x')).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/nio/stations/export' });
    expect(anonymous.statusCode).toBe(401);
  });
});
