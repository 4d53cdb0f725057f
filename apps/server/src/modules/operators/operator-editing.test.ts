import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { insertChargeStation, insertOperator, insertSwapStation } from '../../test/station-fixtures.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { operators } from './operators.tables.js';

// A valid unified social credit code (its check character computed by GB 32100).
const CREDIT_CODE = '91310101MA1FPX009Y';

describe('operator detail, stations and editing', () => {
  let sut: TestContext;
  let viewer: string;
  let operator: string;

  beforeEach(async () => {
    sut = await createTestContext();
    viewer = await sut.userWith('viewer', 'nio');
    operator = await sut.userWith('operator', 'nio');
    const db = sut.database.db;
    await insertOperator(db, { operatorId: 'OP-TLD', operatorName: '特来电', equipmentOwnerId: 'OWN-TLD' });
    await insertOperator(db, { operatorId: 'OP-XX', operatorName: '星星充电', equipmentOwnerId: 'OWN-XX' });
    await insertChargeStation(db, 'S-1', { operatorId: 'OP-TLD', resourceName: '特来电 浦东站' });
    await insertChargeStation(db, 'S-2', {
      operatorId: 'OP-TLD',
      resourceName: '特来电 徐汇站',
      active: false,
    });
    await insertSwapStation(db, 'S-3', { operatorId: 'OP-TLD', resourceName: '特来电 换电站' });
    await insertChargeStation(db, 'S-4', { operatorId: 'OP-XX', resourceName: '星星 静安站' });
  });
  afterEach(() => sut.app.close());

  const get = (url: string, cookie = viewer) =>
    sut.app.inject({ method: 'GET', url: `/api/nio${url}`, headers: { cookie } });
  const send = (
    method: 'POST' | 'PUT',
    url: string,
    payload: unknown,
    { cookie = operator, lang = 'zh-CN' }: { cookie?: string; lang?: string } = {},
  ) =>
    sut.app.inject({
      method,
      url: `/api/nio${url}`,
      headers: { cookie, 'accept-language': lang },
      payload: payload as object,
    });
  const newOperator = (values: Record<string, unknown> = {}) => ({
    operatorId: 'OP-NEW',
    operatorName: '新运营商',
    operatorOrganizationCode: CREDIT_CODE,
    equipmentOwnerId: 'OWN-XX',
    controlledByNio: true,
    isSharedPower: false,
    ...values,
  });
  const audits = () =>
    sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.entityType, 'operator'))
      .orderBy(auditRecords.id);

  it('should answer an operator with its owner and its station counts', async () => {
    const response = await get('/operators/OP-TLD');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      operatorId: 'OP-TLD',
      operatorName: '特来电',
      equipmentOwnerId: 'OWN-TLD',
      equipmentOwnerName: 'owner OWN-TLD',
      equipmentOwnerOrganizationCode: null,
      controlledByNio: false,
      isSharedPower: false,
      stationCounts: { total: 3, active: 2, chargeStations: 2, swapStations: 1 },
    });
    expect((await get('/operators/NOPE')).statusCode).toBe(404);
  });

  it("should list an operator's stations only, filtered and paged", async () => {
    const page = (await get('/operators/OP-TLD/stations?sort=resourceName:asc')).json();
    expect(page.total).toBe(3);
    expect(page.items.map((s: { resourceId: string }) => s.resourceId).sort()).toEqual(['S-1', 'S-2', 'S-3']);
    expect(page.items.every((s: { operatorName: string }) => s.operatorName === '特来电')).toBe(true);
    expect((await get('/operators/OP-TLD/stations?resourceName=浦东')).json()).toMatchObject({
      total: 1,
      items: [{ resourceId: 'S-1' }],
    });
    expect((await get('/operators/OP-TLD/stations?resourceType=PowerSwap&pageSize=1')).json()).toMatchObject({
      total: 1,
      items: [{ resourceId: 'S-3', resourceType: 'PowerSwap' }],
    });
    expect((await get('/operators/NOPE/stations')).statusCode).toBe(404);
  });

  it('should create an operator and audit it', async () => {
    const response = await send('POST', '/operators', newOperator({ operatorName: '  新运营商 ' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      operatorId: 'OP-NEW',
      operatorName: '新运营商',
      operatorOrganizationCode: CREDIT_CODE,
      equipmentOwnerName: 'owner OWN-XX',
      controlledByNio: true,
      stationCounts: { total: 0 },
    });
    const [audit] = await audits();
    expect(audit).toMatchObject({
      entityId: 'OP-NEW',
      action: 'OPERATOR_CREATE',
      tenant: 'nio',
      actorUserName: 'nio-operator',
      after: expect.objectContaining({ operatorName: '新运营商', controlledByNio: true }),
    });
  });

  it('should refuse a taken id or name and an unknown owner, in the caller language', async () => {
    const takenId = await send('POST', '/operators', newOperator({ operatorId: 'OP-XX' }));
    expect(takenId.statusCode).toBe(409);
    expect(errorOf(takenId).message).toBe('运营商 ID OP-XX 已被使用');
    const takenName = await send('POST', '/operators', newOperator({ operatorName: '星星充电' }), {
      lang: 'en-US',
    });
    expect(takenName.statusCode).toBe(409);
    expect(errorOf(takenName).message).toBe('Another operator is already named 星星充电');
    const owner = await send('POST', '/operators', newOperator({ equipmentOwnerId: 'OWN-NONE' }));
    expect(owner.statusCode).toBe(422);
    expect(errorOf(owner).message).toBe('设备所有者 OWN-NONE 不存在');
    expect(await audits()).toEqual([]);
  });

  it('should refuse invalid fields with a message per field', async () => {
    const response = await send(
      'POST',
      '/operators',
      newOperator({
        operatorId: 'OP 1/..',
        operatorName: ' ',
        operatorOrganizationCode: '91310101MA1FPX0001',
        controlledByNio: 'yes',
      }),
    );
    expect(response.statusCode).toBe(400);
    const details = errorOf(response).details as { path: string; message: string }[];
    expect(Object.fromEntries(details.map((d) => [d.path, d.message]))).toEqual({
      'body.operatorId': '只能包含字母、数字、下划线和连字符',
      'body.operatorName': '输入不能为空',
      'body.operatorOrganizationCode': '请输入 18 位统一社会信用代码（含校验位）',
      'body.controlledByNio': expect.any(String),
    });
    const long = await send('POST', '/operators', newOperator({ operatorName: '长'.repeat(129) }), {
      lang: 'en-US',
    });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).details).toEqual([
      expect.objectContaining({ path: 'body.operatorName', message: 'Enter at most 128 characters' }),
    ]);
    const hostile = await send('POST', '/operators', newOperator({ operatorName: 'a\u0000b' }));
    expect(hostile.statusCode).toBe(400);
    expect(await sut.database.db.select().from(operators)).toHaveLength(2);
  });

  it('should update the changed fields, audit them and refuse a stale version', async () => {
    const before = (await get('/operators/OP-TLD')).json();
    const response = await send('PUT', '/operators/OP-TLD', {
      operatorName: '特来电新能源',
      operatorOrganizationCode: CREDIT_CODE,
      equipmentOwnerId: 'OWN-TLD',
      controlledByNio: false,
      isSharedPower: true,
      updatedAt: before.updatedAt,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ operatorName: '特来电新能源', isSharedPower: true });
    const [audit] = await audits();
    expect(audit).toMatchObject({
      action: 'OPERATOR_UPDATE',
      before: { operatorName: '特来电', operatorOrganizationCode: null, isSharedPower: false },
      after: { operatorName: '特来电新能源', operatorOrganizationCode: CREDIT_CODE, isSharedPower: true },
    });
    const stale = await send('PUT', '/operators/OP-TLD', {
      operatorName: '又一个名字',
      controlledByNio: false,
      isSharedPower: true,
      updatedAt: before.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe('该运营商已被他人修改，请刷新后重新修改');
    const renamed = await send('PUT', '/operators/OP-TLD', {
      operatorName: '星星充电',
      controlledByNio: false,
      isSharedPower: true,
      updatedAt: response.json().updatedAt,
    });
    expect(renamed.statusCode).toBe(409);
    expect(await audits()).toHaveLength(1);
  });

  it('should refuse a viewer and a user of another tenant', async () => {
    const byViewer = await send('POST', '/operators', newOperator(), { cookie: viewer });
    expect(byViewer.statusCode).toBe(403);
    const update = await send(
      'PUT',
      '/operators/OP-TLD',
      { operatorName: 'x', controlledByNio: false, isSharedPower: false, updatedAt: 0 },
      { cookie: viewer },
    );
    expect(update.statusCode).toBe(403);
    const peOperator = await sut.userWith('operator', 'pe');
    const elsewhere = await send('POST', '/operators', newOperator(), { cookie: peOperator });
    expect(elsewhere.statusCode).toBe(403);
    expect(errorOf(elsewhere).code).toBe('tenant_forbidden');
    expect((await get('/operators/OP-TLD', peOperator)).statusCode).toBe(403);
    expect(await sut.database.db.select().from(operators)).toHaveLength(2);
    expect(await audits()).toEqual([]);
  });

  it('should export each list as a file', async () => {
    for (const list of ['operators', 'equipment-owners', 'sub-operators']) {
      const response = await get(`/${list}/export?format=csv`);
      expect(response.statusCode, list).toBe(200);
      expect(response.headers['content-disposition'], list).toContain('attachment');
    }
    const csv = (await get('/operators/export?format=csv&keyword=特来电')).body;
    expect(csv).toContain('OP-TLD');
    expect(csv).not.toContain('OP-XX');
    expect(csv).toContain('否');
  });
});
