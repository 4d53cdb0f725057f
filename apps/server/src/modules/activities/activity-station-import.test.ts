import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity, ActivityCreate } from '@cmp/domain/activities/activity-contracts';
import type { OperationListPage } from '@cmp/domain/stations/operation-list-item';
import { insertJsonRows } from '../../demo/bulk-insert.js';
import { endedJob, jobFile, rowValues, sheetOf, sheetOfBytes } from '../../test/export-files.js';
import { multipartForm } from '../../test/multipart.js';
import { insertOperator } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { resources } from '../stations/stations.tables.js';
import { activityStations } from './activities.tables.js';

const DAY = 24 * 3_600_000;

async function workbook(header: string, ids: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow([header]);
  for (const id of ids) sheet.addRow([id]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const station = (resourceId: string, operatorId: string) => ({
  resourceId,
  resourceType: 'ChargeStation',
  resourceName: `station ${resourceId}`,
  operatorId,
  longitude: 121.47,
  latitude: 31.23,
  regionId: '310101',
  cityId: '310100',
  provinceId: '310000',
  address: 'No. 1 People Square',
});

describe('activity station import and export', () => {
  let sut: TestContext;
  let operator: string;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    await insertOperator(sut.database.db, { operatorId: 'OP1', equipmentOwnerId: 'OWN1' });
    await insertOperator(sut.database.db, { operatorId: 'OP2', equipmentOwnerId: 'OWN2' });
    await insertJsonRows(sut.database.db, resources, [
      ...Array.from({ length: 2_500 }, (_, i) => station(`S${String(i).padStart(5, '0')}`, 'OP1')),
      station('OTHER', 'OP2'),
    ]);
  });
  afterEach(() => sut.app.close());

  const activity = async (values: Partial<ActivityCreate> = {}) => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/activities',
      headers: { cookie: operator },
      payload: {
        activityType: 'activity_notify',
        activityName: '导入站点',
        rewardSlogan: '到站有礼',
        beginTime: Date.now(),
        endTime: Date.now() + DAY,
        ...values,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Activity>();
  };
  const upload = (activityId: number, data: Buffer, { name = 'stations.xlsx', lang = 'zh-CN' } = {}) => {
    const form = multipartForm({}, { name, data });
    return sut.app.inject({
      method: 'POST',
      url: `/api/nio/activities/${activityId}/stations/upload`,
      headers: { ...form.headers, cookie: operator, 'accept-language': lang },
      payload: form.payload,
    });
  };
  const imported = async (activityId: number, data: Buffer, lang = 'zh-CN') => {
    const response = await upload(activityId, data, { lang });
    expect(response.statusCode, response.body).toBe(202);
    return endedJob(sut.database.db, response.json<{ jobId: number }>().jobId, 60_000);
  };
  const stationsOf = (activityId: number) =>
    sut.database.db.select().from(activityStations).where(eq(activityStations.activityId, activityId));

  it('should add every station of a clean sheet a chunk at a time, leaving those already in as they were', async () => {
    const { activityId } = await activity();
    await sut.database.db
      .insert(activityStations)
      .values({ tenant: 'nio', activityId, resourceId: 'S00000', active: false });
    const ids = Array.from({ length: 2_500 }, (_, i) => `S${String(i).padStart(5, '0')}`);
    const job = await imported(activityId, await workbook('站点ID', ids));
    expect(job).toMatchObject({
      state: 'succeeded',
      progressDone: 2_500,
      progressMessage: '2500 个站点已在活动中（原已在活动中的保持不变）',
    });
    const rows = await stationsOf(activityId);
    expect(rows).toHaveLength(2_500);
    expect(rows.find((row) => row.resourceId === 'S00000')?.active).toBe(false);
  });

  it('should add nothing from a sheet with a wrong row, and hand the sheet back with each row marked', async () => {
    const { activityId } = await activity({ effectOperatorRules: [{ operatorId: 'OP1' }] });
    const job = await imported(
      activityId,
      await workbook('resourceId', ['S00001', '', 'S00001', 'NOPE', 'OTHER', 'S00002']),
    );
    expect(job).toMatchObject({
      state: 'succeeded',
      progressMessage: '有 4 行数据有误，未添加任何站点，请下载表格查看原因',
    });
    expect(job.result).toMatchObject({ withErrors: true, counts: { rows: 6, invalid: 4, added: 0 } });
    expect(await stationsOf(activityId)).toEqual([]);
    const sheet = await sheetOfBytes(await jobFile(sut, job.id, '活动站点导入错误.xlsx'));
    // Cells left empty read as nothing.
    expect([2, 3, 4, 5, 6, 7].map((row) => rowValues(sheet, row).slice(0, 2))).toEqual([
      ['S00001'],
      [undefined, '站点ID为空;'],
      ['S00001', '重复数据;'],
      ['NOPE', '站点不存在;'],
      ['OTHER', '站点所属运营商不在活动的生效运营商内;'],
      ['S00002'],
    ]);
  });

  it('should refuse a sheet without the station header, a file that is not a sheet, and a finished activity', async () => {
    const { activityId } = await activity();
    const wrongHeader = await imported(activityId, await workbook('手机号', ['S00001']), 'en-US');
    expect(wrongHeader).toMatchObject({
      state: 'failed',
      error: 'The first column must be headed 站点ID (or resourceId)',
    });
    const notSheet = await upload(activityId, Buffer.from('not a sheet'), { name: 'stations.txt' });
    expect(notSheet.statusCode).toBe(415);
    expect(errorOf(notSheet).message).toBe('请上传 .xlsx 表格文件');
    const ended = await activity({ beginTime: Date.now() - 2 * DAY, endTime: Date.now() - DAY });
    expect((await upload(ended.activityId, await workbook('站点ID', ['S00001']))).statusCode).toBe(409);
  });

  it("should download the activity's stations with their part in it, and keep another tenant's activity out", async () => {
    const { activityId } = await activity();
    await sut.database.db.insert(activityStations).values([
      { tenant: 'nio', activityId, resourceId: 'S00001', active: true },
      { tenant: 'nio', activityId, resourceId: 'S00002', active: false },
    ]);
    const sheet = await sheetOf(
      await sut.app.inject({
        method: 'GET',
        url: `/api/nio/activity-stations/export?activityId=${activityId}&sort=resourceId:asc&columns=resourceId,active`,
        headers: { cookie: operator },
      }),
    );
    expect([1, 2, 3].map((row) => rowValues(sheet, row))).toEqual([
      ['站点ID', '活动中生效'],
      ['S00001', '是'],
      ['S00002', '否'],
    ]);
    const peOperator = await sut.userWith('operator', 'pe');
    const leaked = await sut.app.inject({
      method: 'GET',
      url: `/api/pe/stations?activityId=${activityId}`,
      headers: { cookie: peOperator },
    });
    expect(leaked.json<OperationListPage>().total).toBe(0);
    expect(
      await sut.database.db
        .select()
        .from(activityStations)
        .where(and(eq(activityStations.activityId, activityId), eq(activityStations.tenant, 'pe'))),
    ).toEqual([]);
  });
});
