import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PersonalCarPage } from '@cmp/domain/accounts/car-contracts';
import { insertAccount, insertCar } from '../../test/account-fixtures.js';
import { endedJob, jobFile, rowValues, sheetOf, sheetOfBytes } from '../../test/export-files.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

describe('the personal car list', () => {
  let sut: TestContext;
  let viewer: string;

  beforeEach(async () => {
    sut = await createTestContext({ exportStreamLimit: 3 });
    viewer = await sut.userWith('viewer', 'nio');
    const db = sut.database.db;
    await insertAccount(db, 'nio', 'ACC-1', { name: '张伟', nickName: '换电达人' });
    await insertAccount(db, 'nio', 'ACC-2', { name: '李娜' });
    const car = (vehicleId: string, userId: string, days: number, fields: object) =>
      insertCar(db, 'nio', vehicleId, userId, {
        createTime: new Date(T0 + days * DAY),
        updateTime: new Date(T0 + days * DAY),
        ...fields,
      });
    await car('V1', 'ACC-1', 1, {
      plateNumber: '沪AD12345',
      model: 'ES6',
      ratedRange: 620,
      isPsSupported: true,
    });
    await car('V2', 'ACC-1', 2, { plateNumber: '沪AF00001', model: 'ET5', bindingStatus: 'unbound' });
    await car('V3', 'ACC-2', 3, { plateNumber: '京AD99999', model: 'ES6' });
    await car('V4', 'ACC-2', 4, { plateNumber: null, model: 'L60' });
    await insertCar(db, 'pe', 'V9', 'ACC-1', { createTime: new Date(T0), updateTime: new Date(T0) });
  });
  afterEach(() => sut.app.close());

  const list = async (query: string) => {
    const response = await sut.app.inject({
      method: 'GET',
      url: `/api/nio/personal-cars?${query}`,
      headers: { cookie: viewer },
    });
    expect(response.statusCode).toBe(200);
    return response.json<PersonalCarPage>();
  };
  const ids = (page: PersonalCarPage) => page.items.map((c) => c.vehicleId);

  it('should list the tenant’s cars with their owner, latest changed first', async () => {
    const page = await list('');
    expect(page.total).toBe(4);
    expect(ids(page)).toEqual(['V4', 'V3', 'V2', 'V1']);
    expect(page.items[3]).toMatchObject({
      userId: 'ACC-1',
      ownerName: '张伟',
      ownerNickName: '换电达人',
      plateNumber: '沪AD12345',
      bindingStatus: 'bound',
      isPsSupported: true,
    });
  });

  it("should keep another tenant's car of the same vehicle id off the page", async () => {
    const at = new Date(T0 + 9 * DAY);
    await insertCar(sut.database.db, 'pe', 'V1', 'ACC-1', { createTime: at, updateTime: at });
    const page = await list('');
    expect(page.total).toBe(4);
    expect(ids(page)).toEqual(['V4', 'V3', 'V2', 'V1']);
    expect(page.items[3]).toMatchObject({ plateNumber: '沪AD12345' });
  });

  it.each([
    ['userId', 'userId=ACC-1', ['V2', 'V1']],
    ['plateNumber (its beginning, any case)', `plateNumber=${encodeURIComponent('沪ad')}`, ['V1']],
    ['bindingStatus', 'bindingStatus=unbound', ['V2']],
    ['model', 'model=ES6', ['V3', 'V1']],
    ['sort plateNumber:asc', 'sort=plateNumber:asc', ['V4', 'V3', 'V1', 'V2']],
    ['page 2 of 3', 'pageNo=2&pageSize=3', ['V1']],
  ])('should filter by %s', async (_name, query, expected) => {
    expect(ids(await list(query))).toEqual(expected);
  });

  it('should refuse a column it cannot sort by and a status it does not know', async () => {
    const bad = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/personal-cars?sort=color:asc',
      headers: { cookie: viewer },
    });
    expect(bad.statusCode).toBe(400);
    const status = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/personal-cars?bindingStatus=gone',
      headers: { cookie: viewer },
    });
    expect(errorOf(status).code).toBe('validation_failed');
  });

  it("should export the filtered list with the screen's columns, and as a job beyond the stream limit", async () => {
    const small = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/personal-cars/export?userId=ACC-1&sort=createTime:asc&columns=plateNumber,owner,bindingStatus',
      headers: { cookie: viewer, 'accept-language': 'zh-CN' },
    });
    const sheet = await sheetOf(small);
    expect(rowValues(sheet, 1)).toEqual(['车牌号', '车主', '绑定状态']);
    expect(rowValues(sheet, 2)).toEqual(['沪AD12345', '张伟 / 换电达人', '已绑定']);
    expect(rowValues(sheet, 3)).toEqual(['沪AF00001', '张伟 / 换电达人', '已解绑']);

    const queued = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/personal-cars/export?sort=plateNumber:desc&columns=vehicleId',
      headers: { cookie: viewer, 'accept-language': 'en-US' },
    });
    expect(queued.statusCode).toBe(202);
    const job = queued.json<{ jobId: number }>();
    const ended = await endedJob(sut.database.db, job.jobId);
    expect(ended.state).toBe('succeeded');
    const name = (ended.result as { files: { name: string }[] }).files[0]!.name;
    expect(name).toMatch(/^personal-cars-\d{8}\.xlsx$/);
    const file = await sheetOfBytes(await jobFile(sut, job.jobId, name));
    expect([2, 3, 4, 5].map((row) => rowValues(file, row)[0])).toEqual(['V2', 'V1', 'V3', 'V4']);
  });
});
