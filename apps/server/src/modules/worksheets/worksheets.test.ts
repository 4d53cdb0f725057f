import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OperationListItem, OperationListPage } from '@cmp/domain/stations/operation-list-item';
import type { Worksheet } from '@cmp/domain/stations/worksheets';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { insertChargeStation, insertSwapStation } from '../../test/station-fixtures.js';
import { findWorksheet } from './worksheets.repo.js';
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
    expect(errorOf(again).message).toBe('the worksheet is already closed');
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

  it('should find a worksheet with its station for other modules', async () => {
    expect(await findWorksheet(ctx.database.db, ids[2]!)).toMatchObject({
      worksheetId: ids[2],
      resourceId: 'PS1',
      resourceType: 'PowerSwap',
      tenant: 'pe',
    });
    expect(await findWorksheet(ctx.database.db, 424242)).toBeUndefined();
  });
});
