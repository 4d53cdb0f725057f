import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CrowdsourcedStation } from '@cmp/domain/stations/crowdsourced-stations';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { appReport, insertReport, offset, pngBase64, SQUARE } from '../../test/crowdsourced-fixtures.js';
import { insertAccount } from '../../test/relation-fixtures.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { image, pngClaiming } from '../../test/picture-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { storedFiles } from '../files/files.tables.js';
import { relations } from '../relations/relations.tables.js';
import { crowdsourcedStations } from './crowdsourced-stations.tables.js';

describe('crowd-sourced station reports from the app back end', () => {
  let sut: TestContext;
  let client: TestAppClient;
  beforeEach(async () => {
    sut = await createTestContext();
    const db = sut.database.db;
    await insertAccount(db, 'ACC1');
    await insertAccount(db, 'ACC9', { isDelete: true });
    await insertAccount(db, 'PE1', { tenant: 'pe' });
    client = await createAppClient(sut, 'nio');
  });
  afterEach(() => sut.app.close());

  const send = (body: object, overrides: { nonce?: string } = {}) =>
    sendSigned(sut, client, 'POST', '/api/app/crowdsourced-stations', body, overrides);
  const stored = async (objectId: string) => {
    const [row] = await sut.database.db
      .select()
      .from(crowdsourcedStations)
      .where(and(eq(crowdsourcedStations.tenant, 'nio'), eq(crowdsourcedStations.objectId, objectId)));
    return row;
  };

  it('should store an app report with its pictures (201) and answer a resend with the stored report (200)', async () => {
    const picture = await pngBase64();
    const response = await send(
      appReport('APP-1', { pictures: [{ name: 'gate.png', data: picture }], parkNums: 6 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const report = response.json<CrowdsourcedStation>();
    expect(report).toMatchObject({
      objectId: 'APP-1',
      source: 'nio',
      stationName: 'reported APP-1',
      areaCode: '310101',
      areaName: '上海市/黄浦区',
      stationStatus: 0,
      onlineStatus: 0,
      stationId: null,
      parkNums: 6,
      creatorAccountId: 'ACC1',
      createUser: client.clientId,
      createUserNickName: 'Nick ACC1',
      createUserMobile: '138****0001',
      // The numeric power fields default to 0 (spec C3.11.2).
      dcPower: 0,
      dcCurrent: 0,
      dcEquipmentNumber: 0,
      acPower: 0,
      acCurrent: 0,
      acEquipmentNumber: 0,
      isChargingBlindSpot: false,
      duplicateCandidates: [],
      version: 1,
    });
    expect(report.pictures).toEqual([
      { fileId: expect.any(String), url: `/api/files/${report.pictures[0]!.fileId}`, name: 'gate.jpg' },
    ]);
    const [file] = await sut.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, report.pictures[0]!.fileId));
    expect(file).toMatchObject({ tenant: 'network', contentType: 'image/jpeg', name: 'gate.jpg' });
    // A JPEG drawn from the picture's pixels, not the bytes as sent.
    expect(file!.size).toBeGreaterThan(0);
    expect(file!.size).not.toBe(Buffer.from(picture, 'base64').length);

    const resent = await send(appReport('APP-1', { stationName: 'renamed on the phone' }));
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual(report);
    expect((await stored('APP-1'))!.stationName).toBe('reported APP-1');
    const creations = await sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'crowdsourced_station'), eq(auditRecords.action, 'CREATE')));
    expect(creations).toHaveLength(1);
    expect(creations[0]).toMatchObject({
      actorUserName: client.clientId,
      actorType: 'system',
      tenant: 'nio',
    });
  });

  it('should refuse a replayed request, a reporter the tenant lacks and a picture that is no image', async () => {
    const nonce = 'crowdsourced-intake-nonce';
    expect((await send(appReport('APP-2'), { nonce })).statusCode).toBe(201);
    const replayed = await send(appReport('APP-3'), { nonce });
    expect(replayed.statusCode).toBe(401);
    expect(errorOf(replayed).code).toBe('request_replayed');

    for (const creatorAccountId of ['NOBODY', 'PE1', 'ACC9']) {
      const response = await send(appReport(`APP-${creatorAccountId}`, { creatorAccountId }));
      expect(response.statusCode, creatorAccountId).toBe(404);
      expect(errorOf(response).code).toBe('user_not_found');
    }

    const text = Buffer.from('just some text, not a picture').toString('base64');
    const notImage = await send(appReport('APP-4', { pictures: [{ name: 'a.jpg', data: text }] }));
    expect(notImage.statusCode).toBe(415);
    expect(await stored('APP-4')).toBeUndefined();
    expect(await sut.database.db.select().from(storedFiles)).toEqual([]);
  });

  it('should check pictures as every intake does, and keep only a JPEG drawn from their pixels', async () => {
    const jpeg = await image(800, 600, 'jpeg');
    const cases: [string, Buffer, number][] = [
      ['damaged.jpg', Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(4000, 7)]), 415],
      ['cut.png', (await image(400, 300)).subarray(0, 200), 415],
      ['bomb.png', await pngClaiming(100_000, 100_000), 413],
    ];
    for (const [name, data, status] of cases) {
      const objectId = `APP-${name}`;
      const response = await send(
        appReport(objectId, { pictures: [{ name, data: data.toString('base64') }] }),
      );
      expect(response.statusCode, name).toBe(status);
      expect(await stored(objectId)).toBeUndefined();
    }
    expect(await sut.database.db.select().from(storedFiles)).toEqual([]);

    const good = await send(
      appReport('APP-GOOD', {
        pictures: [{ name: 'front.png', data: (await image(2400, 1200)).toString('base64') }],
      }),
    );
    expect(good.statusCode, good.body).toBe(201);
    const [file] = await sut.database.db.select().from(storedFiles);
    expect(file).toMatchObject({ name: 'front.jpg', contentType: 'image/jpeg' });
  });

  it('should reuse the station a report names and bind the reporter as its discoverer at once', async () => {
    await insertChargeStation(sut.database.db, 'CS-KNOWN');
    const response = await send(appReport('APP-5', { stationId: 'CS-KNOWN', ...SQUARE }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ stationId: 'CS-KNOWN', duplicateCandidates: [] });

    const live = await sut.database.db.select().from(relations).where(eq(relations.resourceId, 'CS-KNOWN'));
    expect(live).toMatchObject([
      {
        accountId: 'ACC1',
        relationType: 'discoverer',
        state: 'bind',
        source: 'virtual_station',
        resourceOriginId: 'APP-5',
        boundBy: client.clientId,
      },
    ]);
    // A second report of the same reporter about it keeps the one live relation.
    expect((await send(appReport('APP-6', { stationId: 'CS-KNOWN', ...SQUARE }))).statusCode).toBe(201);
    expect(await sut.database.db.select().from(relations)).toHaveLength(1);
  });

  it('should flag stations and open reports within the duplicate radius, nearest first', async () => {
    const db = sut.database.db;
    const here = offset(SQUARE, 5000);
    await insertChargeStation(db, 'CS-NEAR', offset(here, 100));
    await insertChargeStation(db, 'CS-FAR', offset(here, -400));
    await insertReport(db, 'OPEN-NEAR', { ...offset(here, 0, 150), stationName: 'open near' });
    await insertReport(db, 'APPROVED-NEAR', { ...offset(here, 0, -120), stationStatus: 1 });
    await insertReport(db, 'ONLINE-NEAR', { ...offset(here, 50), stationStatus: 1, onlineStatus: 1 });
    await insertReport(db, 'REJECTED-NEAR', { ...offset(here, -50), stationStatus: 2 });
    await insertReport(db, 'OPEN-FAR', offset(here, 0, 400));
    await insertReport(db, 'PE-NEAR', { ...offset(here, 60), tenant: 'pe' });

    const response = await send(appReport('APP-7', here));
    expect(response.statusCode, response.body).toBe(201);
    const { duplicateCandidates } = response.json<CrowdsourcedStation>();
    expect(duplicateCandidates.map((c) => [c.kind, c.id])).toEqual([
      ['station', 'CS-NEAR'],
      ['report', 'APPROVED-NEAR'],
      ['report', 'OPEN-NEAR'],
    ]);
    expect(duplicateCandidates[0]).toMatchObject({
      resourceType: 'ChargeStation',
      name: 'station CS-NEAR',
      address: 'No. 1 People Square',
      ...offset(here, 100),
    });
    expect(duplicateCandidates[0]!.distance).toBeCloseTo(100, 0);
    expect(duplicateCandidates[2]).toMatchObject({ name: 'open near', address: 'No. 8 Reporter Road' });
    expect(duplicateCandidates[2]!.distance).toBeCloseTo(150, 0);
    expect((await stored('APP-7'))!.suspectedDuplicate).toBe(true);

    const alone = await send(appReport('APP-8', offset(here, 2000)));
    expect(alone.json()).toMatchObject({ duplicateCandidates: [] });
    expect((await stored('APP-8'))!.suspectedDuplicate).toBe(false);
  });
});

describe('the duplicate radius', () => {
  it('should be the configured one (REPORT_DUPLICATE_RADIUS_M)', async () => {
    const sut = await createTestContext({ reportDuplicateRadiusMeters: 500 });
    try {
      await insertAccount(sut.database.db, 'ACC1');
      await insertChargeStation(sut.database.db, 'CS-400', offset(SQUARE, 400));
      const client = await createAppClient(sut, 'nio');
      const response = await sendSigned(
        sut,
        client,
        'POST',
        '/api/app/crowdsourced-stations',
        appReport('APP-WIDE', SQUARE),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<CrowdsourcedStation>().duplicateCandidates.map((c) => c.id)).toEqual(['CS-400']);
    } finally {
      await sut.app.close();
    }
  });
});
