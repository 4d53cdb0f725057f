import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import type {
  AppPosters,
  Poster,
  PosterBindType,
  PosterCreate,
  PosterPage,
  PosterResourcePage,
  PosterResourcesBound,
  PosterTriggerRules,
  PosterVideos,
} from '@cmp/domain/posters/poster-contracts';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { endedJob, jobFile, rowValues, sheetOf, sheetOfBytes } from '../../test/export-files.js';
import { multipartForm } from '../../test/multipart.js';
import { insertChargeStation, insertSwapStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { posterResources } from './posters.tables.js';

const HOUR = 3_600_000;

async function workbook(header: string, ids: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow([header]);
  for (const id of ids) sheet.addRow([id]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('posters', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let app: TestAppClient;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio', 'nio-viewer');
    app = await createAppClient(sut, 'nio');
    for (const id of ['CS1', 'CS2', 'CS3']) await insertChargeStation(sut.database.db, id);
    await insertSwapStation(sut.database.db, 'PS1');
  });
  afterEach(() => sut.app.close());

  const staff = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    cookie = operator,
  ) => sut.app.inject({ method, url: `/api/nio${url}`, headers: { cookie }, payload });

  const posterOf = (values: Partial<PosterCreate> = {}): PosterCreate => ({
    posterName: '夏季充电节',
    clientCode: 'nio_app',
    ruleId: 2,
    image: 'https://cdn.example.com/summer.png',
    showTimeBegin: Date.now() - HOUR,
    showTimeEnd: Date.now() + 24 * HOUR,
    ...values,
  });
  const create = async (values: Partial<PosterCreate> = {}) => {
    const response = await staff('POST', '/posters', posterOf(values));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Poster>();
  };
  const tie = async (posterId: number, resourceScope: 'all' | 'part', configType = 'ChargeStation') => {
    const response = await staff('PUT', `/posters/${posterId}/bind-type`, { configType, resourceScope });
    expect(response.statusCode, response.body).toBe(200);
  };
  const bind = async (posterId: number, resourceIds: string[]) => {
    const response = await staff('PUT', `/posters/${posterId}/resources`, { resourceIds });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PosterResourcesBound>();
  };
  const seen = async (query: Record<string, string | number>) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const response = await sendSigned(sut, app, 'GET', `/api/app/posters?${search.toString()}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AppPosters>().posters.map((poster) => poster.posterName);
  };

  it('should create a poster hidden at priority 99 when neither is given, and keep every field', async () => {
    const poster = await create({
      linkType: 1,
      linkUrl: 'https://www.example.com/summer',
      regionInfo: ['310000', '310000'],
      momentsShareInfo: { shareTitle: '一起充电', sharePic: 'https://cdn.example.com/s.png' },
      isPush: true,
      pushTitle: '夏季充电节开始了',
      videoTitle: '宣传片',
      videoUrl: 'https://cdn.example.com/summer.mp4',
    });
    expect(poster).toMatchObject({
      visible: false,
      priority: 99,
      effective: false,
      regionInfo: ['310000'],
      momentsShareInfo: {
        shareTitle: '一起充电',
        sharePic: 'https://cdn.example.com/s.png',
        description: '',
        landingPage: '',
      },
      weiboShareInfo: null,
      isPush: true,
      pushTitle: '夏季充电节开始了',
      configType: null,
      resourceScope: null,
      resourceCount: 0,
      tenantId: 'nio',
      version: 1,
    });
    const videos = await staff('GET', '/poster-videos');
    expect(videos.json<PosterVideos>().items).toEqual([
      { link: 'https://cdn.example.com/summer.mp4', description: '宣传片' },
    ]);
  });

  it('should answer field messages for a window that ends before it begins and what the link needs', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/posters',
      headers: { cookie: operator, 'accept-language': 'en-US' },
      payload: posterOf({ showTimeEnd: Date.now() - 2 * HOUR, linkType: 4, priority: -1 }),
    });
    expect(response.statusCode).toBe(400);
    const details = errorOf(response).details as { path: string; message: string }[];
    expect(details.map((d) => [d.path, d.message])).toEqual(
      expect.arrayContaining([
        ['body.priority', 'Enter a number no less than 0'],
        ['body.showTimeEnd', 'The end time must be after the start time'],
        ['body.videoUrl', 'This field is required'],
      ]),
    );
  });

  it("should refuse an activity of another tenant and an unknown region, and name the tenant's activity", async () => {
    const peOperator = await sut.userWith('operator', 'pe', 'pe-operator');
    const peActivity = await sut.app.inject({
      method: 'POST',
      url: '/api/pe/activities',
      headers: { cookie: peOperator },
      payload: {
        activityType: 'activity_notify',
        activityName: 'pe 活动',
        rewardSlogan: '到站有礼',
        beginTime: Date.now(),
        endTime: Date.now() + HOUR,
      },
    });
    const { activityId } = peActivity.json<Activity>();
    const foreign = await staff('POST', '/posters', posterOf({ activityId }));
    expect(foreign.statusCode).toBe(422);
    expect(errorOf(foreign).message).toBe(`活动 ${activityId} 不存在`);
    const region = await staff('POST', '/posters', posterOf({ regionInfo: ['999999'] }));
    expect(region.statusCode).toBe(422);
  });

  it('should update from the version read, refuse an older one, and delete with an audit record', async () => {
    const poster = await create();
    const { version: _v, ...fields } = poster;
    const updated = await staff('PUT', `/posters/${poster.posterId}`, {
      ...posterOf(),
      visible: true,
      priority: 1,
      version: 1,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<Poster>()).toMatchObject({ visible: true, priority: 1, effective: true, version: 2 });
    const stale = await staff('PUT', `/posters/${poster.posterId}`, { ...posterOf(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(fields.posterName).toBe('夏季充电节');

    expect((await staff('DELETE', `/posters/${poster.posterId}?version=1`)).statusCode).toBe(409);
    expect((await staff('DELETE', `/posters/${poster.posterId}?version=2`)).statusCode).toBe(204);
    expect((await staff('GET', `/posters/${poster.posterId}`)).statusCode).toBe(404);
    const actions = await sut.database.db
      .select({ action: auditRecords.action, before: auditRecords.before })
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'poster'), eq(auditRecords.entityId, String(poster.posterId))));
    expect(actions.map((a) => a.action)).toEqual(['POSTER_CREATE', 'POSTER_UPDATE', 'POSTER_DELETE']);
    expect(actions[1]!.before).toMatchObject({ visible: false, priority: 99, version: 1 });
  });

  it('should list posters by the filter, page 1 of 20, and export them', async () => {
    await create({ posterName: '首页 A', visible: true });
    await create({ posterName: '开屏 B', ruleId: 1 });
    const bound = await create({ posterName: '站点 C' });
    await tie(bound.posterId, 'part');
    await bind(bound.posterId, ['CS1']);

    const page = (query: string) => staff('GET', `/posters?${query}`).then((r) => r.json<PosterPage>());
    expect((await page('')).items.map((p) => p.posterName)).toEqual(['站点 C', '开屏 B', '首页 A']);
    expect((await page('ruleId=2&sort=createTime:asc')).items.map((p) => p.posterName)).toEqual([
      '首页 A',
      '站点 C',
    ]);
    expect((await page('effective=true')).items.map((p) => p.posterName)).toEqual(['首页 A']);
    expect((await page('resourceId=CS1')).items.map((p) => [p.posterName, p.resourceCount])).toEqual([
      ['站点 C', 1],
    ]);
    expect((await staff('GET', '/posters?sort=posterName:asc')).statusCode).toBe(400);

    const sheet = await sheetOf(
      await staff(
        'GET',
        '/posters/export?sort=createTime:asc&columns=posterName,ruleId,visible,resourceScope',
      ),
    );
    expect([1, 2, 3, 4].map((row) => rowValues(sheet, row))).toEqual([
      ['海报名称', '触发规则', '是否可见', '站点范围'],
      ['首页 A', '首页横幅', '是', '不限站点'],
      ['开屏 B', '开屏', '否', '不限站点'],
      ['站点 C', '首页横幅', '否', '充电站 / 部分站点'],
    ]);
  });

  it('should list the trigger rules with id, name and whether the apps still ask for them', async () => {
    const rules = (await staff('GET', '/poster-trigger-rules', undefined, viewer)).json<PosterTriggerRules>();
    expect(rules.total).toBe(7);
    expect(rules.items[0]).toEqual({ id: 1, code: 'app_launch', name: '开屏', isActivated: true });
    expect(rules.items.find((rule) => !rule.isActivated)?.code).toBe('queue_waiting');
  });

  it('should switch the binding with the original values, unbinding stations when it leaves some stations', async () => {
    const poster = await create();
    await tie(poster.posterId, 'part');
    expect(
      (
        await staff('PUT', `/posters/${poster.posterId}/bind-type`, {
          configType: 'ChargeStation',
          resourceScope: 'all',
        })
      ).statusCode,
    ).toBe(409);
    expect(await bind(poster.posterId, ['CS1', 'CS2', 'PS1', 'NOPE', 'CS1'])).toEqual({
      bound: ['CS1', 'CS2'],
      alreadyBound: [],
      unknown: ['NOPE'],
      otherType: ['PS1'],
    });
    expect((await bind(poster.posterId, ['CS1'])).alreadyBound).toEqual(['CS1']);
    const bindType = await staff('GET', `/posters/${poster.posterId}/bind-type`, undefined, viewer);
    expect(bindType.json<PosterBindType>()).toEqual({
      posterId: poster.posterId,
      configType: 'ChargeStation',
      resourceScope: 'part',
      resourceCount: 2,
    });

    const stale = await staff('POST', `/posters/${poster.posterId}/bind-type/switch`, {
      originalConfigType: null,
      configType: 'ChargeStation',
      originalResourceScope: null,
      resourceScope: 'all',
    });
    expect(stale.statusCode).toBe(409);
    const switched = await staff('POST', `/posters/${poster.posterId}/bind-type/switch`, {
      originalConfigType: 'ChargeStation',
      configType: 'ChargeStation',
      originalResourceScope: 'part',
      resourceScope: 'all',
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json<PosterBindType>()).toEqual({
      posterId: poster.posterId,
      configType: 'ChargeStation',
      resourceScope: 'all',
      resourceCount: 0,
    });
    const [record] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'POSTER_BINDING_SWITCH'));
    expect(record).toMatchObject({
      before: { configType: 'ChargeStation', resourceScope: 'part' },
      after: { configType: 'ChargeStation', resourceScope: 'all' },
      extData: {
        originalConfigType: 'ChargeStation',
        configType: 'ChargeStation',
        originalResourceScope: 'part',
        resourceScope: 'all',
        unbound: 2,
      },
    });
    // Every station of the kind takes no station list.
    expect(
      (await staff('PUT', `/posters/${poster.posterId}/resources`, { resourceIds: ['CS1'] })).statusCode,
    ).toBe(409);
    const half = await staff('POST', `/posters/${poster.posterId}/bind-type/switch`, {
      originalConfigType: 'ChargeStation',
      configType: null,
      originalResourceScope: 'all',
      resourceScope: 'part',
    });
    expect(half.statusCode).toBe(400);
  });

  it('should list the bound stations with their name and address, unbind some, and keep another tenant out', async () => {
    const poster = await create();
    await tie(poster.posterId, 'part');
    await bind(poster.posterId, ['CS1', 'CS2', 'CS3']);
    const unbound = await staff('DELETE', `/posters/${poster.posterId}/resources?resourceIds=CS2,NOPE`);
    expect(unbound.json()).toEqual({ unbound: ['CS2'] });
    const list = (
      await staff(
        'GET',
        `/poster-resources?posterId=${poster.posterId}&sort=resourceId:asc`,
        undefined,
        viewer,
      )
    ).json<PosterResourcePage>();
    expect(list.items.map((r) => [r.resourceId, r.resourceName, r.address])).toEqual([
      ['CS1', 'station CS1', 'No. 1 People Square'],
      ['CS3', 'station CS3', 'No. 1 People Square'],
    ]);
    expect(list.total).toBe(2);
    const sheet = await sheetOf(
      await staff(
        'GET',
        `/poster-resources/export?posterId=${poster.posterId}&sort=resourceId:asc&columns=resourceId`,
      ),
    );
    expect([1, 2, 3].map((row) => rowValues(sheet, row))).toEqual([['站点ID'], ['CS1'], ['CS3']]);

    const peViewer = await sut.userWith('viewer', 'pe', 'pe-viewer');
    const foreign = await sut.app.inject({
      method: 'GET',
      url: `/api/pe/poster-resources?posterId=${poster.posterId}`,
      headers: { cookie: peViewer },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await staff('POST', '/posters', posterOf(), viewer)).statusCode).toBe(403);
    expect(
      (await staff('PUT', `/posters/${poster.posterId}/resources`, { resourceIds: ['CS1'] }, viewer))
        .statusCode,
    ).toBe(403);
  });

  it('should bind the stations of a clean sheet, and bind nothing from a sheet with a wrong row', async () => {
    const poster = await create();
    await tie(poster.posterId, 'part');
    const upload = async (data: Buffer) => {
      const form = multipartForm({}, { name: 'stations.xlsx', data });
      const response = await sut.app.inject({
        method: 'POST',
        url: `/api/nio/posters/${poster.posterId}/resources/upload`,
        headers: { ...form.headers, cookie: operator },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(202);
      return endedJob(sut.database.db, response.json<{ jobId: number }>().jobId, 60_000);
    };
    const bad = await upload(await workbook('站点ID', ['CS1', '', 'CS1', 'NOPE', 'PS1']));
    expect(bad.result).toMatchObject({ withErrors: true, counts: { rows: 5, invalid: 4, bound: 0 } });
    expect(bad.progressMessage).toBe('4 行有误，未绑定任何站点，请下载错误表格修改后重新上传');
    const rows = async () =>
      (
        await sut.database.db
          .select()
          .from(posterResources)
          .where(eq(posterResources.posterId, poster.posterId))
      )
        .map((row) => row.resourceId)
        .sort();
    expect(await rows()).toEqual([]);
    const sheet = await sheetOfBytes(await jobFile(sut, bad.id, '海报站点导入错误.xlsx'));
    expect([2, 3, 4, 5, 6].map((row) => rowValues(sheet, row).slice(0, 2))).toEqual([
      ['CS1'],
      [undefined, '站点ID为空;'],
      ['CS1', '重复数据;'],
      ['NOPE', '站点不存在;'],
      ['PS1', '站点类型与海报绑定类型不符;'],
    ]);

    const good = await upload(await workbook('resourceId', ['CS1', 'CS3']));
    expect(good).toMatchObject({ state: 'succeeded', progressMessage: '已绑定 2 个站点' });
    expect(await rows()).toEqual(['CS1', 'CS3']);
  });

  it('should show the apps the visible posters in their window, by priority, for the client, region and station', async () => {
    const show = { visible: true };
    await create({ ...show, posterName: 'everyone-99' });
    await create({ ...show, posterName: 'first', priority: 0 });
    await create({ posterName: 'hidden', priority: 1 });
    await create({ ...show, posterName: 'later', showTimeBegin: Date.now() + HOUR });
    await create({
      ...show,
      posterName: 'ended',
      showTimeBegin: Date.now() - 2 * HOUR,
      showTimeEnd: Date.now() - HOUR,
    });
    await create({ ...show, posterName: 'pe-app', clientCode: 'pe_app' });
    await create({ ...show, posterName: 'launch', ruleId: 1 });
    await create({ ...show, posterName: 'shanghai', priority: 5, regionInfo: ['310000'] });
    const part = await create({ ...show, posterName: 'at-CS1', priority: 10 });
    await tie(part.posterId, 'part');
    await bind(part.posterId, ['CS1']);
    const swaps = await create({ ...show, posterName: 'any-swap', priority: 20 });
    await tie(swaps.posterId, 'all', 'PowerSwap');

    expect(await seen({ ruleId: 2, clientCode: 'nio_app' })).toEqual(['first', 'everyone-99']);
    expect(await seen({ ruleId: 2, clientCode: 'nio_app', regionId: '310101' })).toEqual([
      'first',
      'shanghai',
      'everyone-99',
    ]);
    expect(await seen({ ruleId: 2, clientCode: 'nio_app', regionId: '110101' })).toEqual([
      'first',
      'everyone-99',
    ]);
    expect(await seen({ ruleId: 2, clientCode: 'nio_app', resourceId: 'CS1' })).toEqual([
      'first',
      'at-CS1',
      'everyone-99',
    ]);
    expect(await seen({ ruleId: 2, clientCode: 'nio_app', resourceId: 'CS2' })).toEqual([
      'first',
      'everyone-99',
    ]);
    expect(await seen({ ruleId: 2, clientCode: 'nio_app', resourceId: 'PS1' })).toEqual([
      'first',
      'any-swap',
      'everyone-99',
    ]);
    expect(await seen({ ruleId: 2, clientCode: 'pe_app' })).toEqual(['pe-app']);
    expect(await seen({ ruleId: 2, clientCode: 'nio_app', at: Date.now() + 2 * HOUR })).toEqual([
      'first',
      'everyone-99',
      'later',
    ]);
    // Another tenant's app back end sees none of them.
    const peApp = await createAppClient(sut, 'pe');
    const pe = await sendSigned(sut, peApp, 'GET', '/api/app/posters?ruleId=2&clientCode=nio_app');
    expect(pe.json<AppPosters>().posters).toEqual([]);
    // Unsigned, the read is refused.
    expect(
      (await sut.app.inject({ method: 'GET', url: '/api/app/posters?ruleId=2&clientCode=nio_app' }))
        .statusCode,
    ).toBe(401);
  });

  it('should show the apps a change at once', async () => {
    const poster = await create({ visible: true });
    expect(await seen({ ruleId: 2, clientCode: 'nio_app' })).toEqual(['夏季充电节']);
    await staff('PUT', `/posters/${poster.posterId}`, { ...posterOf(), visible: false, version: 1 });
    expect(await seen({ ruleId: 2, clientCode: 'nio_app' })).toEqual([]);
  });
});
