import type ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from '@cmp/domain';
import type { RoadBookListItem } from '@cmp/domain/road-books/road-book';
import { columnValues, endedJob, rowValues, sheetOf } from '../../test/export-files.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { roadBooks } from './road-books.tables.js';

let ctx: TestContext;
let viewer: string;

const start = async (overrides: Parameters<typeof createTestContext>[0] = {}, deps = {}) => {
  ctx = await createTestContext(overrides, deps);
  viewer = await ctx.userWith('viewer', 'nio');
};
afterEach(() => ctx.app.close());

type RoadBookValues = Partial<typeof roadBooks.$inferInsert>;

/** A road book as the table holds it, in nio unless told; the planning is not what these tests look at. */
const roadBookRow = (values: RoadBookValues = {}): typeof roadBooks.$inferInsert => ({
  tenant: 'nio',
  originPoint: { longitude: 116.4, latitude: 39.9 },
  destinationPoint: { longitude: 121.47, latitude: 31.23 },
  waypoints: [],
  waypointResourceSeq: [],
  currentRange: 200,
  maxRange: 200,
  tactics: 0,
  csSearchRange: 5,
  maxDetourFactor: 1.2,
  planningResourceTypes: ['CS_DC', 'CS_AC', 'PS'],
  creatorName: 'nio-operator',
  ...values,
});

async function insertRoadBook(values: RoadBookValues = {}): Promise<number> {
  const [row] = await ctx.database.db
    .insert(roadBooks)
    .values(roadBookRow(values))
    .returning({ id: roadBooks.roadBookId });
  return row!.id;
}

/**
 * Four road books of nio, newest first: "no name" (AC piles, route deleted), "Beijing to Shanghai"
 * (DC piles and swaps, shared, a waypoint and a stop), "Swap only" (a month older); and one of pe.
 */
let ids: { beijing: number; unnamed: number; swapOnly: number; pe: number };
async function insertRoadBooks() {
  ids = {
    beijing: await insertRoadBook({
      name: 'Beijing to Shanghai',
      startAddress: 'Tiananmen',
      endAddress: 'The Bund',
      startRegionId: '110101',
      startCityId: '110100',
      startProvinceId: '110000',
      endRegionId: '310101',
      endCityId: '310100',
      endProvinceId: '310000',
      planningResourceTypes: ['CS_DC', 'PS'],
      tactics: 4,
      roadLength: 1_213_440,
      onlineState: 1,
      currentRange: 150,
      maxRange: 400,
      waypoints: [
        { id: 'w1', longitude: 117.2, latitude: 36.65, name: 'Jinan' },
        { id: 'w2', longitude: 118.8, latitude: 32.06 },
      ],
      waypointResourceSeq: [
        {
          resourceId: 'CS1',
          swapUseClone: false,
          type: 'ChargeStation',
          legIndex: 0,
          longitude: 117,
          latitude: 37,
        },
        {
          resourceId: 'PS1',
          swapUseClone: true,
          type: 'PowerSwap',
          legIndex: 1,
          longitude: 119,
          latitude: 32,
        },
      ],
      createdAt: new Date(Date.UTC(2026, 2, 1, 2)),
      updatedAt: new Date(Date.UTC(2026, 2, 2, 16, 30)),
    }),
    unnamed: await insertRoadBook({
      planningResourceTypes: ['CS_AC'],
      state: 0,
      roadLength: null,
      createdAt: new Date(Date.UTC(2026, 2, 1, 3)),
      updatedAt: new Date(Date.UTC(2026, 2, 1, 3, 0, 15)),
    }),
    swapOnly: await insertRoadBook({
      name: 'Swap only',
      planningResourceTypes: ['PS'],
      roadLength: 50_000,
      createdAt: new Date(Date.UTC(2026, 1, 1)),
      updatedAt: new Date(Date.UTC(2026, 1, 1)),
    }),
    pe: await insertRoadBook({ tenant: 'pe', name: 'PE trip', createdAt: new Date(Date.UTC(2026, 3, 1)) }),
  };
}

const exportOf = (query: string, headers: Record<string, string> = {}, tenant = 'nio') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/${tenant}/road-books/export?${query}`,
    headers: { cookie: viewer, ...headers },
  });

/** The road-book numbers of the first column (`name (#id)`). */
const idsIn = (sheet: ExcelJS.Worksheet) =>
  columnValues(sheet, 1).map((cell) => Number(/\(#(\d+)\)$/.exec(String(cell))?.[1]));

/** The list's own pages of the query, read whole. */
async function listed(query: string): Promise<number[]> {
  const found: number[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/nio/road-books?${query}&pageSize=1000&pageNo=${pageNo}`,
      headers: { cookie: viewer },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Page<RoadBookListItem>;
    found.push(...page.items.map((item) => item.roadBookId));
    if (found.length >= page.total || page.items.length === 0) return found;
  }
}

describe('GET /api/:tenant/road-books/export', () => {
  beforeEach(async () => {
    await start();
    await insertRoadBooks();
  });

  it('should stream the filtered road books in the list order with Chinese headers and readable cells', async () => {
    const response = await exportOf('planningResourceTypes=CS_DC,CS_AC');

    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="road-books-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(`路书列表-${day}.xlsx`)}`,
    );
    const sheet = await sheetOf(response);
    expect(sheet.name).toBe('路书列表');
    expect(rowValues(sheet, 1)).toEqual([
      '路书名称',
      '起点 → 终点',
      '路线里程',
      '补能类型',
      '停靠站',
      '路线策略',
      '创建人',
      '创建时间',
      '分享状态',
      '起点地区',
      '终点地区',
      '途经点',
      '停靠站编号',
      '续航（当前/最大）',
      '更新时间',
    ]);
    expect(idsIn(sheet)).toEqual(await listed('planningResourceTypes=CS_DC,CS_AC'));
    expect(idsIn(sheet)).toEqual([ids.unnamed, ids.beijing]);
    expect(rowValues(sheet, 2)).toEqual([
      `路书 ${ids.unnamed} (#${ids.unnamed})`,
      '- → -',
      '路线已删除',
      '交流桩',
      0,
      '默认',
      'nio-operator',
      // Wall-clock time in UTC+08:00.
      '2026-03-01 11:00:00',
      '未分享',
      undefined,
      undefined,
      undefined,
      undefined,
      '200/200 km',
      '2026-03-01 11:00:15',
    ]);
    expect(rowValues(sheet, 3)).toEqual([
      `Beijing to Shanghai (#${ids.beijing})`,
      'Tiananmen → The Bund',
      '1213.4 km',
      '直流桩、换电站',
      2,
      '高速优先',
      'nio-operator',
      '2026-03-01 10:00:00',
      '已分享',
      '北京市/东城区',
      '上海市/黄浦区',
      'Jinan → 途经点 2',
      'CS1、PS1',
      '150/400 km',
      '2026-03-03 00:30:00',
    ]);
  });

  it('should write English headers and labels when the caller prefers English', async () => {
    const sheet = await sheetOf(
      await exportOf('sort=roadLength:desc', { 'accept-language': 'en-US,en;q=0.9' }),
    );
    expect(sheet.name).toBe('Road books');
    expect(rowValues(sheet, 1)).toEqual([
      'Name',
      'Origin → destination',
      'Route length',
      'Energy types',
      'Stops',
      'Route tactic',
      'Created by',
      'Created',
      'Sharing',
      'Origin region',
      'Destination region',
      'Waypoints',
      'Stop stations',
      'Range (current/max)',
      'Updated',
    ]);
    // Without a route (null) is the largest length, first going down; pe's road book is not nio's.
    expect(idsIn(sheet)).toEqual([ids.unnamed, ids.beijing, ids.swapOnly]);
    expect(idsIn(sheet)).toEqual(await listed('sort=roadLength:desc'));
    expect(rowValues(sheet, 2).slice(0, 9)).toEqual([
      `Road book ${ids.unnamed} (#${ids.unnamed})`,
      '- → -',
      'Route deleted',
      'AC charger',
      0,
      'Default',
      'nio-operator',
      '2026-03-01 11:00:00',
      'Not shared',
    ]);
    expect(rowValues(sheet, 3).slice(2, 13)).toEqual([
      '1213.4 km',
      'DC charger, Swap station',
      2,
      'Prefer highways',
      'nio-operator',
      '2026-03-01 10:00:00',
      'Shared',
      '北京市/东城区',
      '上海市/黄浦区',
      'Jinan → Waypoint 2',
      'CS1, PS1',
    ]);
  });

  it("should write times in the reader's time zone and refuse a zone that does not exist", async () => {
    const berlin = await sheetOf(
      await exportOf(
        'planningResourceTypes=CS_DC,CS_AC&columns=roadBookId,createTime&timeZone=Europe/Berlin',
      ),
    );
    // 11:00 in China is 04:00 in Berlin in March (UTC+1).
    expect(rowValues(berlin, 2)).toEqual([`路书 ${ids.unnamed} (#${ids.unnamed})`, '2026-03-01 04:00:00']);

    const unknown = await exportOf('timeZone=Mars/Olympus');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([
      { path: 'querystring.timeZone', message: '未知的时区', key: 'time.unknownTimeZone' },
    ]);
  });

  it('should export what the stop and waypoint filters keep', async () => {
    const stops = await sheetOf(await exportOf('waypointResourceSeq=PS1_clone&columns=roadBookId'));
    expect(idsIn(stops)).toEqual([ids.beijing]);
    const waypoints = await sheetOf(await exportOf('waypoints=jinan&columns=roadBookId'));
    expect(idsIn(waypoints)).toEqual([ids.beijing]);
    const none = await sheetOf(await exportOf('waypoints=Nanjing&columns=roadBookId'));
    expect(none.rowCount).toBe(1);
  });

  it('should write only the given columns, in their order, and CSV when asked', async () => {
    const sheet = await sheetOf(await exportOf('columns=onlineState,roadLength,roadBookId'));
    expect(rowValues(sheet, 1)).toEqual(['分享状态', '路线里程', '路书名称']);
    expect(rowValues(sheet, 2)).toEqual(['未分享', '路线已删除', `路书 ${ids.unnamed} (#${ids.unnamed})`]);
    expect(sheet.rowCount).toBe(4);

    const csv = await exportOf('sort=createTime:asc&columns=roadBookId,resourceTypes,createTime&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/filename="road-books-\d{8}\.csv"/);
    expect(csv.body).toBe(
      '\uFEFF路书名称,补能类型,创建时间\r\n' +
        `Swap only (#${ids.swapOnly}),换电站,2026-02-01 08:00:00\r\n` +
        `Beijing to Shanghai (#${ids.beijing}),直流桩、换电站,2026-03-01 10:00:00\r\n` +
        `路书 ${ids.unnamed} (#${ids.unnamed}),交流桩,2026-03-01 11:00:00\r\n`,
    );
  });

  it('should read every road book once, in the list order, across batches that split ties and nulls', async () => {
    // 2,345 more, seven to each creation second, five update times, a third without a route and the
    // lengths repeating: every read batch of 1,000 splits a tie, and the nulls are crossed both ways.
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 2345 }, (_, i) =>
      roadBookRow({
        name: `bulk ${i}`,
        roadLength: i % 3 === 0 ? null : (i % 11) * 1000,
        createdAt: new Date(base + Math.floor(i / 7) * 1000),
        updatedAt: new Date(base + (i % 5) * 1000),
      }),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await ctx.database.db.insert(roadBooks).values(rows.slice(i, i + 500));
    }
    for (const sort of [
      '',
      'createTime:desc',
      'createTime:asc',
      'updateTime:asc',
      'roadLength:asc',
      'roadLength:desc',
      'roadBookId:desc',
    ]) {
      const sheet = await sheetOf(await exportOf(`sort=${sort}&columns=roadBookId`));
      const expected = await listed(`sort=${sort}`);
      expect(expected).toHaveLength(2348);
      expect(new Set(expected).size).toBe(2348);
      expect(idsIn(sheet), sort).toEqual(expected);
    }
  });

  it('should answer whom the list answers, and refuse what the list refuses', async () => {
    const peViewer = await ctx.userWith('viewer', 'pe');
    const own = await exportOf('columns=roadBookId', { cookie: peViewer }, 'pe');
    expect(idsIn(await sheetOf(own))).toEqual([ids.pe]);
    const other = await exportOf('', { cookie: peViewer });
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).code).toBe('tenant_forbidden');
    expect((await exportOf('', {}, 'xx')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/nio/road-books/export' });
    expect(anonymous.statusCode).toBe(401);
    const badSort = await exportOf('sort=name:asc');
    expect(badSort.statusCode).toBe(400);
    expect(errorOf(badSort).details).toEqual([
      { path: 'sort', message: expect.stringContaining('cannot sort by "name"') },
    ]);
    for (const query of [
      'planningResourceTypes=CS',
      'format=pdf',
      'waypointResourceSeq=A%00',
      `waypoints=${'x'.repeat(65)}`,
      'createTimeStart=soon',
    ]) {
      expect((await exportOf(query)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/:tenant/road-books/export above the stream limit', () => {
  beforeEach(async () => {
    await start({ exportStreamLimit: 1 }, { jobRunner: { pollMs: 20 } });
    await insertRoadBooks();
  });

  it("should answer 202 with a job of the tenant whose file holds the tenant's filtered road books in order", async () => {
    const started = await exportOf(
      'planningResourceTypes=PS,CS_AC&sort=createTime:asc&columns=roadBookId,onlineState',
      { 'accept-language': 'en-US' },
    );

    expect(started.statusCode, started.body).toBe(202);
    const job = started.json();
    expect(job).toMatchObject({
      kind: 'export.road-books.list',
      tenant: 'nio',
      state: 'queued',
      params: {
        query: { tenant: 'nio', planningResourceTypes: ['PS', 'CS_AC'], sort: 'createTime:asc' },
        columns: ['roadBookId', 'onlineState'],
        format: 'xlsx',
        locale: 'en-US',
      },
    });
    const ended = await endedJob(ctx.database.db, job.jobId);
    expect(ended).toMatchObject({ state: 'succeeded', progressDone: 3, progressTotal: 3 });
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/nio/jobs/${job.jobId}/files/0`,
      headers: { cookie: viewer },
    });
    const sheet = await sheetOf(file);
    expect(sheet.name).toBe('Road books');
    expect(rowValues(sheet, 1)).toEqual(['Name', 'Sharing']);
    expect(idsIn(sheet)).toEqual([ids.swapOnly, ids.beijing, ids.unnamed]);
    expect(rowValues(sheet, 3)).toEqual([`Beijing to Shanghai (#${ids.beijing})`, 'Shared']);
  });

  it('should refuse a bad sort at once rather than as a failed job', async () => {
    const response = await exportOf('sort=name:asc');
    expect(response.statusCode).toBe(400);
  });
});
