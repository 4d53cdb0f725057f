import { asc, eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OperationListItem, OperationListPage } from '@cmp/domain/stations/operation-list-item';
import type { Worksheet } from '@cmp/domain/stations/worksheets';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { columnValues, endedJob, rowValues, sheetOf } from '../../test/export-files.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { insertChargeStation, insertSwapStation } from '../../test/station-fixtures.js';
import { WorksheetsService } from './worksheets.service.js';
import { worksheets } from './worksheets.tables.js';

let ctx: TestContext;
let operator: string;
let viewer: string;

beforeEach(async () => {
  ctx = await createTestContext();
  operator = await ctx.userWith('operator', 'nio');
  viewer = await ctx.userWith('viewer', 'nio');
  await insertChargeStation(ctx.database.db, 'CS1', { resourceName: 'Alpha Hub' });
  await insertSwapStation(ctx.database.db, 'PS1', { resourceName: 'Gamma Swap' });
});
afterEach(() => ctx.app.close());

const create = (body: Record<string, unknown>, cookie = operator, tenant = 'nio') =>
  ctx.app.inject({ method: 'POST', url: `/api/${tenant}/worksheets`, headers: { cookie }, payload: body });
const close = (worksheetId: number, body: Record<string, unknown> = {}, cookie = operator) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/nio/worksheets/${worksheetId}/close`,
    headers: { cookie },
    payload: body,
  });
const get = (url: string, cookie = viewer) =>
  ctx.app.inject({ method: 'GET', url: `/api/nio${url}`, headers: { cookie } });

async function created(body: Record<string, unknown>, cookie = operator, tenant = 'nio'): Promise<Worksheet> {
  const response = await create(body, cookie, tenant);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Worksheet;
}

async function countersOf(resourceId: string) {
  const page = (await get(`/stations?resourceId=${resourceId}`)).json() as OperationListPage;
  const item = page.items[0] as OperationListItem;
  return { worksheetNumber: item.worksheetNumber, openWorksheetNumber: item.openWorksheetNumber };
}

const stationAudit = () =>
  ctx.database.db
    .select()
    .from(auditRecords)
    .where(eq(auditRecords.entityType, 'station'))
    .orderBy(asc(auditRecords.id));

describe('POST /api/:tenant/worksheets', () => {
  it('should open a worksheet on the station, count it and record it in the station history', async () => {
    const before = Date.now();
    const sheet = await created({ resourceId: 'CS1', title: ' Charger 2 broken ', description: 'No power' });
    expect(sheet).toEqual({
      worksheetId: expect.any(Number),
      resourceId: 'CS1',
      resourceName: 'Alpha Hub',
      resourceType: 'ChargeStation',
      tenant: 'nio',
      title: 'Charger 2 broken',
      description: 'No power',
      status: 'open',
      creatorName: 'nio-operator',
      closedByName: null,
      closeRemark: null,
      createTime: expect.any(Number),
      updateTime: expect.any(Number),
      closeTime: null,
    });
    expect(sheet.createTime).toBeGreaterThanOrEqual(before - 1000);
    expect(await countersOf('CS1')).toEqual({ worksheetNumber: 1, openWorksheetNumber: 1 });
    expect(await countersOf('PS1')).toEqual({ worksheetNumber: 0, openWorksheetNumber: 0 });

    const [audit, ...others] = await stationAudit();
    expect(others).toEqual([]);
    expect(audit).toMatchObject({
      tenant: 'nio',
      actorUserName: 'nio-operator',
      actorType: 'staff',
      entityType: 'station',
      entityId: 'CS1',
      action: 'WORKSHEET_CREATE',
      before: null,
      after: { title: 'Charger 2 broken', description: 'No power', status: 'open' },
      result: 'success',
      extData: { worksheet_id: sheet.worksheetId },
    });
  });

  it('should answer 404 for an unknown station and change nothing', async () => {
    const response = await create({ resourceId: 'NOPE', title: 'x' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
    expect(await ctx.database.db.select().from(worksheets)).toEqual([]);
    expect(await stationAudit()).toEqual([]);
  });

  it.each([
    [{ resourceId: 'CS1', title: '  ' }, 'body.title', '输入不能为空'],
    [{ resourceId: 'CS1', title: 'x'.repeat(129) }, 'body.title', '输入长度不能超过128个字符'],
    [
      { resourceId: 'CS1', title: 'x', description: 'y'.repeat(1025) },
      'body.description',
      '输入长度不能超过1024个字符',
    ],
    [{ title: 'x' }, 'body.resourceId', undefined],
  ])('should refuse %j with the field named', async (body, path, message) => {
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    const detail = (errorOf(response).details as { path: string; message: string }[])[0]!;
    expect(detail.path).toBe(path);
    if (message) expect(detail.message).toBe(message);
  });

  it('should let a viewer read worksheets but not open or close them', async () => {
    const sheet = await created({ resourceId: 'CS1', title: 'Leak' });
    const refused = await create({ resourceId: 'CS1', title: 'Another' }, viewer);
    expect(refused.statusCode).toBe(403);
    expect((await close(sheet.worksheetId, {}, viewer)).statusCode).toBe(403);
    expect((await get(`/worksheets/${sheet.worksheetId}`)).statusCode).toBe(200);
    expect((await get('/worksheets')).statusCode).toBe(200);
    expect(await countersOf('CS1')).toEqual({ worksheetNumber: 1, openWorksheetNumber: 1 });
  });

  it('should refuse users of another tenant', async () => {
    const other = await ctx.userWith('operator', 'pe');
    const response = await create({ resourceId: 'CS1', title: 'x' }, other);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('tenant_forbidden');
  });
});

describe('POST /api/:tenant/worksheets/:worksheetId/close', () => {
  it('should close an open worksheet once, uncount it and record it', async () => {
    const sheet = await created({ resourceId: 'PS1', title: 'Queue jam' });
    const response = await close(sheet.worksheetId, { closeRemark: ' cleared ' });
    expect(response.statusCode).toBe(200);
    const closed = response.json() as Worksheet;
    expect(closed).toMatchObject({
      worksheetId: sheet.worksheetId,
      status: 'closed',
      closedByName: 'nio-operator',
      closeRemark: 'cleared',
      closeTime: expect.any(Number),
    });
    expect(closed.updateTime).toBe(closed.closeTime);
    expect(await countersOf('PS1')).toEqual({ worksheetNumber: 1, openWorksheetNumber: 0 });

    const again = await close(sheet.worksheetId);
    expect(again.statusCode).toBe(422);
    expect(errorOf(again)).toMatchObject({
      code: 'rule_violated',
      message: '工单已关闭',
      details: { key: 'worksheet.alreadyClosed' },
    });
    expect(await countersOf('PS1')).toEqual({ worksheetNumber: 1, openWorksheetNumber: 0 });

    const audits = await stationAudit();
    expect(audits.map((a) => a.action)).toEqual(['WORKSHEET_CREATE', 'WORKSHEET_CLOSE']);
    expect(audits[1]).toMatchObject({
      tenant: 'nio',
      entityId: 'PS1',
      before: { status: 'open' },
      after: { status: 'closed', closeRemark: 'cleared' },
      extData: { worksheet_id: sheet.worksheetId },
    });
  });

  it('should close without a remark and answer in English when asked', async () => {
    const sheet = await created({ resourceId: 'CS1', title: 'x' });
    expect((await close(sheet.worksheetId)).json()).toMatchObject({ status: 'closed', closeRemark: null });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/nio/worksheets/${sheet.worksheetId}/close`,
      headers: { cookie: operator, 'accept-language': 'en' },
      payload: {},
    });
    expect(errorOf(again).message).toBe('The worksheet is already closed');
  });

  it('should answer 404 for an unknown worksheet', async () => {
    const response = await close(999);
    expect(response.statusCode).toBe(404);
    expect(await stationAudit()).toEqual([]);
  });
});

describe('GET /api/:tenant/worksheets', () => {
  let ids: number[];
  beforeEach(async () => {
    ids = [];
    const pe = await ctx.userWith('operator', 'pe');
    ids.push((await created({ resourceId: 'CS1', title: 'Screen 100% dark' })).worksheetId);
    ids.push((await created({ resourceId: 'CS1', title: 'Cable worn' })).worksheetId);
    ids.push((await created({ resourceId: 'PS1', title: 'Screen flicker' }, pe, 'pe')).worksheetId);
    await close(ids[1]!);
  });

  const idsOf = async (query: string) => {
    const response = await get(`/worksheets?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: Worksheet[] }).items.map((w) => w.worksheetId);
  };

  it('should list the worksheets of every tenant, newest first, with the total', async () => {
    const response = await get('/worksheets');
    const page = response.json() as { items: Worksheet[]; total: number };
    expect(page.total).toBe(3);
    expect(page.items.map((w) => w.worksheetId)).toEqual([ids[2], ids[1], ids[0]]);
    expect(page.items[0]).toMatchObject({
      tenant: 'pe',
      creatorName: 'pe-operator',
      resourceName: 'Gamma Swap',
    });
  });

  it.each([
    ['resourceId=CS1', [1, 0]],
    ['status=open', [2, 0]],
    ['status=closed', [1]],
    ['keyword=SCREEN', [2, 0]],
    ['keyword=100%25', [0]],
    ['keyword=_', []],
    ['resourceId=CS1&status=open', [0]],
    ['sort=worksheetId:asc', [0, 1, 2]],
    ['sort=updateTime:desc', [1, 2, 0]],
    ['pageSize=1&pageNo=2', [1]],
  ])('should answer %s', async (query, expected) => {
    expect(await idsOf(query)).toEqual(expected.map((i) => ids[i]));
  });

  it('should refuse a bad sort or status', async () => {
    const badSort = await get('/worksheets?sort=title:asc');
    expect(badSort.statusCode).toBe(400);
    expect(errorOf(badSort).details).toEqual([
      { path: 'sort', message: expect.stringContaining('cannot sort by "title"') },
    ]);
    expect((await get('/worksheets?status=pending')).statusCode).toBe(400);
  });

  it('should show one worksheet, 404 for an unknown one and 400 for a bad id', async () => {
    const one = await get(`/worksheets/${ids[1]}`);
    expect(one.json()).toMatchObject({ worksheetId: ids[1], status: 'closed', title: 'Cable worn' });
    expect((await get('/worksheets/424242')).statusCode).toBe(404);
    expect((await get('/worksheets/abc')).statusCode).toBe(400);
  });

  it('should tell the stations module which station a worksheet is on', async () => {
    const service = new WorksheetsService(ctx.database.db);
    expect(await service.stationOf(ctx.database.db, ids[2]!)).toBe('PS1');
    expect(await service.stationOf(ctx.database.db, 424242)).toBeUndefined();
  });
});

describe('GET /api/:tenant/worksheets/export', () => {
  let ids: number[];
  /**
   * Three worksheets, newest first: PS1's (raised in pe), CS1's "Cable worn" (closed), CS1's "Screen 100%
   * dark"; their times set to known instants.
   */
  async function insertWorksheets() {
    ids = [];
    const pe = await ctx.userWith('operator', 'pe');
    ids.push(
      (await created({ resourceId: 'CS1', title: 'Screen 100% dark', description: 'All black' })).worksheetId,
    );
    ids.push((await created({ resourceId: 'CS1', title: 'Cable worn' })).worksheetId);
    ids.push((await created({ resourceId: 'PS1', title: 'Screen flicker' }, pe, 'pe')).worksheetId);
    await close(ids[1]!, { closeRemark: 'Cable replaced' });
    for (const [i, id] of ids.entries()) {
      await ctx.database.db
        .update(worksheets)
        .set({
          createdAt: new Date(Date.UTC(2026, 2, 1, 2 + i)),
          updatedAt: new Date(Date.UTC(2026, 2, 2, 16 + i, 30)),
          ...(i === 1 && { closedAt: new Date(Date.UTC(2026, 2, 2, 17, 30, 15)) }),
        })
        .where(eq(worksheets.worksheetId, id));
    }
  }
  beforeEach(insertWorksheets);

  const exportOf = (query: string, headers: Record<string, string> = {}, tenant = 'nio') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/${tenant}/worksheets/export?${query}`,
      headers: { cookie: viewer, ...headers },
    });
  const idsIn = (sheet: ExcelJS.Worksheet) => columnValues(sheet, 1);

  it('should stream the filtered worksheets newest first as a workbook with Chinese headers and labels', async () => {
    const response = await exportOf('keyword=screen');
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="worksheets-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(`工单列表-${day}.xlsx`)}`,
    );
    const sheet = await sheetOf(response);
    expect(sheet.name).toBe('工单列表');
    expect(rowValues(sheet, 1)).toEqual([
      '工单编号',
      '标题',
      '站点',
      '状态',
      '创建人',
      '创建时间',
      '更新时间',
      '关闭时间',
      '站点类型',
      '创建区域',
      '描述',
      '关闭人',
      '关闭备注',
    ]);
    expect(sheet.rowCount).toBe(3);
    expect(rowValues(sheet, 2)).toEqual([
      ids[2],
      'Screen flicker',
      'Gamma Swap (PS1)',
      '处理中',
      'pe-operator',
      // Wall-clock time in UTC+08:00.
      '2026-03-01 12:00:00',
      '2026-03-03 02:30:00',
      undefined,
      '换电站',
      'PE',
      // No description, closer or remark: the row's cells end here.
    ]);
    expect(rowValues(sheet, 3).slice(0, 4)).toEqual([
      ids[0],
      'Screen 100% dark',
      'Alpha Hub (CS1)',
      '处理中',
    ]);
    expect(rowValues(sheet, 3)[10]).toBe('All black');
  });

  it('should write English headers and labels when the caller prefers English', async () => {
    const sheet = await sheetOf(await exportOf('status=closed', { 'accept-language': 'en-US,en;q=0.9' }));
    expect(sheet.name).toBe('Worksheets');
    expect(rowValues(sheet, 1).slice(0, 4)).toEqual(['Worksheet no.', 'Title', 'Station', 'Status']);
    expect(sheet.rowCount).toBe(2);
    expect(rowValues(sheet, 2)).toEqual([
      ids[1],
      'Cable worn',
      'Alpha Hub (CS1)',
      'Closed',
      'nio-operator',
      '2026-03-01 11:00:00',
      '2026-03-03 01:30:00',
      '2026-03-03 01:30:15',
      'Charge station',
      'NIO',
      undefined,
      'nio-operator',
      'Cable replaced',
    ]);
  });

  it('should read every worksheet once, in the list order, across batches that split ties', async () => {
    // 2,345 more worksheets on CS1, seven to each creation second, so every read batch splits a tie.
    const base = Date.UTC(2026, 0, 1);
    await ctx.database.db.insert(worksheets).values(
      Array.from({ length: 2345 }, (_, i) => ({
        resourceId: 'CS1',
        tenant: 'nio',
        title: `bulk ${i}`,
        creatorName: 'bulk',
        createdAt: new Date(base + Math.floor(i / 7) * 1000),
        updatedAt: new Date(base + (i % 5) * 1000),
      })),
    );
    const listed = async (query: string) => {
      const pages: number[] = [];
      for (let pageNo = 1; pageNo <= 3; pageNo++) {
        const page = await get(`/worksheets?${query}&pageSize=1000&pageNo=${pageNo}`);
        pages.push(...(page.json() as { items: Worksheet[] }).items.map((w) => w.worksheetId));
      }
      return pages;
    };
    for (const sort of ['', 'createTime:desc', 'updateTime:asc', 'worksheetId:asc']) {
      const sheet = await sheetOf(await exportOf(`resourceId=CS1&sort=${sort}&columns=worksheetId`));
      const expected = await listed(`resourceId=CS1&sort=${sort}`);
      expect(expected).toHaveLength(2347);
      expect(new Set(expected).size).toBe(2347);
      expect(idsIn(sheet), sort).toEqual(expected);
    }
  });

  it('should write only the given columns, in their order, and CSV when asked', async () => {
    const sheet = await sheetOf(await exportOf('resourceId=CS1&columns=status,title,worksheetId'));
    expect(rowValues(sheet, 1)).toEqual(['状态', '标题', '工单编号']);
    expect(rowValues(sheet, 2)).toEqual(['已关闭', 'Cable worn', ids[1]]);
    expect(rowValues(sheet, 3)).toEqual(['处理中', 'Screen 100% dark', ids[0]]);

    const csv = await exportOf('sort=worksheetId:asc&columns=worksheetId,station,closeTime&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/filename="worksheets-\d{8}\.csv"/);
    expect(csv.body).toBe(
      '\uFEFF工单编号,站点,关闭时间\r\n' +
        `${ids[0]},Alpha Hub (CS1),\r\n` +
        `${ids[1]},Alpha Hub (CS1),2026-03-03 01:30:15\r\n` +
        `${ids[2]},Gamma Swap (PS1),\r\n`,
    );
  });

  it('should turn an export above the stream limit into a job of the tenant whose file holds the filter in order', async () => {
    await ctx.app.close();
    ctx = await createTestContext({ exportStreamLimit: 1 }, { jobRunner: { pollMs: 20 } });
    operator = await ctx.userWith('operator', 'nio');
    viewer = await ctx.userWith('viewer', 'nio');
    await insertChargeStation(ctx.database.db, 'CS1', { resourceName: 'Alpha Hub' });
    await insertSwapStation(ctx.database.db, 'PS1', { resourceName: 'Gamma Swap' });
    await insertWorksheets();

    const started = await exportOf('keyword=screen&sort=createTime:asc&columns=worksheetId,status', {
      'accept-language': 'en-US',
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json();
    expect(job).toMatchObject({
      kind: 'export.worksheets.list',
      tenant: 'nio',
      state: 'queued',
      params: {
        query: { keyword: 'screen', sort: 'createTime:asc' },
        columns: ['worksheetId', 'status'],
        format: 'xlsx',
        locale: 'en-US',
      },
    });

    const ended = await endedJob(ctx.database.db, job.jobId);
    expect(ended).toMatchObject({ state: 'succeeded', progressDone: 2, progressTotal: 2 });
    const file = await get(`/jobs/${job.jobId}/files/0`);
    const sheet = await sheetOf(file);
    expect(sheet.name).toBe('Worksheets');
    expect(rowValues(sheet, 1)).toEqual(['Worksheet no.', 'Status']);
    expect(rowValues(sheet, 2)).toEqual([ids[0], 'Open']);
    expect(rowValues(sheet, 3)).toEqual([ids[2], 'Open']);
    expect(sheet.rowCount).toBe(3);
  });

  it('should answer whom the list answers, and refuse what the list refuses', async () => {
    const peViewer = await ctx.userWith('viewer', 'pe');
    // Worksheets are network-wide: a viewer of any tenant exports them all under its own tenant.
    const own = await exportOf('columns=worksheetId', { cookie: peViewer }, 'pe');
    expect(idsIn(await sheetOf(own))).toEqual([ids[2], ids[1], ids[0]]);
    const other = await exportOf('', { cookie: peViewer });
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).code).toBe('tenant_forbidden');
    expect((await exportOf('', {}, 'xx')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/nio/worksheets/export' });
    expect(anonymous.statusCode).toBe(401);
    const badSort = await exportOf('sort=title:asc');
    expect(badSort.statusCode).toBe(400);
    expect(errorOf(badSort).details).toEqual([
      { path: 'sort', message: expect.stringContaining('cannot sort by "title"') },
    ]);
    expect((await exportOf('status=pending')).statusCode).toBe(400);
    expect((await exportOf('format=pdf')).statusCode).toBe(400);
  });
});
