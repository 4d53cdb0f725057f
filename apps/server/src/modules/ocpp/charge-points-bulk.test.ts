import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChargePointBulkErrorDetails } from '@cmp/domain/stations/ocpp-operations';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { multipartForm } from '../../test/multipart.js';
import { OcppTestKit } from '../../test/ocpp-test-kit.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { equipments } from '../stations/stations.tables.js';
import { chargePoints } from './ocpp.tables.js';

const URL = '/api/nio/charge-points/bulk';

/** The answered CSV as rows of cells, its byte order mark and header included. */
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

async function xlsx(rows: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('chargers');
  for (const row of rows) sheet.addRow([row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('bulk charger registration', () => {
  let sut: TestContext;
  let operator: string;
  let origin: string;

  beforeEach(async () => {
    sut = await createTestContext();
    origin = await sut.app.listen({ port: 0, host: '127.0.0.1' });
    operator = await sut.userWith('operator', 'nio');
    await insertChargeStation(sut.database.db, 'CS1');
    await sut.database.db.insert(equipments).values(
      ['CS1-E2', 'CS1-E3'].map((equipmentId) => ({
        equipmentId,
        resourceId: 'CS1',
        equipmentType: 'DC',
        power: 120,
      })),
    );
  });
  afterEach(async () => sut.app.close());

  const upload = (file: { name: string; data: Buffer }, { cookie = operator, query = '' } = {}) => {
    const form = multipartForm({}, file);
    return sut.app.inject({
      method: 'POST',
      url: `${URL}${query}`,
      headers: { ...form.headers, cookie, origin: 'http://localhost:80' },
      payload: form.payload,
    });
  };
  const csv = (lines: string[]) => ({ name: 'chargers.csv', data: Buffer.from(lines.join('\r\n'), 'utf8') });

  it('should register every id of a CSV sheet under the tenant and answer each password once, as a file', async () => {
    const response = await upload(csv(['设备编号', 'CS1-E1', '"CS1-E2"', 'CS1-E3', '', '']));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="charge-point-passwords-\d{8}\.csv"/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual(['设备编号', '密码', '接入地址']);
    expect(rows.map((r) => r[0])).toEqual(['CS1-E1', 'CS1-E2', 'CS1-E3']);
    for (const [id, password, endpoint] of rows) {
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(endpoint).toBe(`${origin.replace(/^http/, 'ws')}/ocpp/${id}`);
    }
    expect(new Set(rows.map((r) => r[1])).size).toBe(3);

    const stored = await sut.database.db.select().from(chargePoints);
    expect(stored.map((p) => [p.chargePointId, p.tenant, p.passwordSetBy]).sort()).toEqual([
      ['CS1-E1', 'nio', 'nio-operator'],
      ['CS1-E2', 'nio', 'nio-operator'],
      ['CS1-E3', 'nio', 'nio-operator'],
    ]);
    // Each charger connects with its own password.
    const kit = new OcppTestKit(sut.app, origin.replace(/^http/, 'ws'), operator);
    try {
      for (const [id, password] of rows) await kit.client(id!, password!);
      await expect(kit.client('CS1-E1', rows[1]![1]!)).rejects.toThrow(/Unauthorized/);
    } finally {
      await kit.stopAll();
    }

    const audits = await sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.entityType, 'charge_point'));
    expect(audits.map((a) => [a.entityId, a.action, a.tenant]).sort()).toEqual([
      ['CS1-E1', 'CHARGE_POINT_REGISTER', 'nio'],
      ['CS1-E2', 'CHARGE_POINT_REGISTER', 'nio'],
      ['CS1-E3', 'CHARGE_POINT_REGISTER', 'nio'],
    ]);
    for (const [, password] of rows) expect(JSON.stringify(audits)).not.toContain(password);
  });

  it('should read an XLSX sheet and answer an XLSX file when asked, in English when preferred', async () => {
    const form = multipartForm({}, { name: 'chargers.xlsx', data: await xlsx(['Equipment id', 'CS1-E2']) });
    const response = await sut.app.inject({
      method: 'POST',
      url: `${URL}?format=xlsx`,
      headers: { ...form.headers, cookie: operator, origin: 'http://localhost:80', 'accept-language': 'en' },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Equipment id', 'Password', 'Endpoint']);
    expect(sheet.getRow(2).getCell(1).text).toBe('CS1-E2');
    expect(sheet.getRow(2).getCell(2).text).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('should register nothing and name each wrong row: bad ids, repeats, unknown and registered equipment', async () => {
    const first = await upload(csv(['id', 'CS1-E1']));
    expect(first.statusCode).toBe(200);
    const response = await upload(
      csv(['id', 'CS1-E2', 'bad id!', 'CS1-E2', 'NO-SUCH', 'CS1-E1', '', 'CS1-E3']),
    );
    expect(response.statusCode, response.body).toBe(422);
    const { error } = response.json<{ error: { code: string; details: ChargePointBulkErrorDetails } }>();
    expect(error.code).toBe('invalid_rows');
    expect(error.details.rows).toEqual([
      { row: 2, chargePointId: 'bad id!', error: 'invalidId' },
      { row: 3, chargePointId: 'CS1-E2', error: 'duplicate' },
      { row: 4, chargePointId: 'NO-SUCH', error: 'unknownEquipment' },
      { row: 5, chargePointId: 'CS1-E1', error: 'registered' },
      { row: 6, chargePointId: '', error: 'invalidId' },
    ]);
    const stored = await sut.database.db.select().from(chargePoints);
    expect(stored.map((p) => p.chargePointId)).toEqual(['CS1-E1']);
  });

  it('should refuse other file types with 415, empty and oversized sheets with 422, and viewers with 403', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const file of [
      { name: 'chargers.png', data: png },
      { name: 'chargers.txt', data: Buffer.from('id\nCS1-E1') },
      { name: 'chargers.csv', data: Buffer.from([0x69, 0x64, 0x0a, 0xff, 0xfe, 0x00]) },
      { name: 'chargers.xlsx', data: Buffer.from('id\nCS1-E1') },
    ]) {
      const response = await upload(file);
      expect(response.statusCode, file.name).toBe(415);
      expect(response.json().error.code).toBe('unsupported_file_type');
    }
    const empty = await upload(csv(['id', '', '']));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.code).toBe('empty_sheet');
    const tooMany = await upload(csv(['id', ...Array.from({ length: 10_001 }, (_, i) => `X-${i}`)]));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error).toMatchObject({
      code: 'too_many_rows',
      details: { max: 10_000, rows: 10_001 },
    });
    const viewer = await sut.userWith('viewer', 'nio');
    expect((await upload(csv(['id', 'CS1-E2']), { cookie: viewer })).statusCode).toBe(403);
    expect(await sut.database.db.select().from(chargePoints)).toEqual([]);
  });

  it('should register 10,000 chargers in one answer', async () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `BULK-${String(i).padStart(5, '0')}`);
    for (let at = 0; at < ids.length; at += 1_000)
      await sut.database.db.insert(equipments).values(
        ids.slice(at, at + 1_000).map((equipmentId) => ({
          equipmentId,
          resourceId: 'CS1',
          equipmentType: 'AC',
          power: 7,
        })),
      );
    const started = performance.now();
    const response = await upload(csv(['id', ...ids]));
    const seconds = (performance.now() - started) / 1000;
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(csvRows(response.body)).toHaveLength(10_001);
    console.log(`bulk registration of 10,000 chargers: ${seconds.toFixed(2)} s`);
  }, 120_000);
});
