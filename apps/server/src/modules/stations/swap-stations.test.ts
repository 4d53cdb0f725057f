import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { defaultOpeningHours, type OpeningHours } from '@cmp/domain/stations/business-hours';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { insertChargeStation, insertOperator, insertSwapStation } from '../../test/station-fixtures.js';
import { worksheets } from '../worksheets/worksheets.tables.js';
import { resources } from './stations.tables.js';

const URL = '/api/nio/stations/swap-stations';

const CLONE = {
  hasClone: true,
  cloneLongitude: 121.48,
  cloneLatitude: 31.24,
  cloneDescription: 'north gate',
};

describe('swap station info', () => {
  let sut: TestContext;
  let operator: string;
  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    await insertOperator(sut.database.db, { operatorName: '蔚来能源' });
    await insertSwapStation(
      sut.database.db,
      'PS1',
      { operatorId: 'OP1' },
      { ...CLONE, workLine: 'line A', chargerTotalNumberAc: 4, chargerFreeNumberAc: 3 },
    );
  });
  afterEach(() => sut.app.close());

  const get = (resourceId = 'PS1', cookie = operator) =>
    sut.app.inject({ method: 'GET', url: `${URL}/${resourceId}/basic-info`, headers: { cookie } });
  const put = (path: string, payload: Record<string, unknown>, cookie = operator) =>
    sut.app.inject({
      method: 'PUT',
      url: `${URL}/PS1/${path}`,
      payload,
      headers: { cookie, 'accept-language': 'en-US' },
    });
  const save = (payload: Record<string, unknown>, cookie = operator) => put('basic-info', payload, cookie);
  const audit = () =>
    sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.entityId, 'PS1'))
      .orderBy(asc(auditRecords.id));

  describe('GET basic-info', () => {
    it('should answer the station with its clone, region, operator and hours flag', async () => {
      const response = await get();

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        resourceId: 'PS1',
        resourceType: 'PowerSwap',
        region: '上海市/黄浦区',
        operatorName: '蔚来能源',
        workLine: 'line A',
        chargerTotalNumberAc: 4,
        chargerFreeNumberAc: 3,
        chargerTotalNumberDc: 10,
        ...CLONE,
        swapClone: { resourceId: 'PS1_clone', longitude: 121.48, latitude: 31.24, description: 'north gate' },
        openingHours: defaultOpeningHours(),
        canModifyOpeningHours: true,
        swapQueueAdjust: 0,
        version: 1,
      });
    });

    it('should have no clone when the station has none', async () => {
      await insertSwapStation(sut.database.db, 'PS2');

      expect((await get('PS2')).json()).toMatchObject({ hasClone: false, swapClone: null });
    });

    it('should answer 404 for a charge station and an unknown id, and let a viewer read', async () => {
      await insertChargeStation(sut.database.db, 'CS1');
      const viewer = await sut.userWith('viewer', 'nio');

      expect((await get('CS1')).statusCode).toBe(404);
      expect((await get('NOPE')).statusCode).toBe(404);
      expect((await get('PS1', viewer)).statusCode).toBe(200);
    });
  });

  describe('PUT basic-info', () => {
    it('should save and record the direction of travel the station serves, on the station itself', async () => {
      const saved = await save({ version: 1, servedBearing: 12 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ servedBearing: 12, version: 2 });
      const [row] = await sut.database.db.select().from(resources).where(eq(resources.resourceId, 'PS1'));
      expect(row!.servedBearing).toBe(12);
      expect((await audit()).at(-1)).toMatchObject({
        before: { servedBearing: null },
        after: { servedBearing: 12 },
      });
      expect((await save({ version: 2, servedBearing: 400 })).statusCode).toBe(400);
    });

    it('should save the changed fields, name the editor and record them', async () => {
      const response = await save({
        version: 1,
        softwareVersion: 'v2.1',
        chargerTotalNumberDc: 12,
        chargingPowerTotalMax: 250,
        deputyRegionId: '440106',
        followers: ['alice', 'bob'],
        operationExtData: { note: 'survey' },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        softwareVersion: 'v2.1',
        chargerTotalNumberDc: 12,
        chargingPowerTotalMax: 250,
        deputyRegionId: '440106',
        deputyRegion: '广东省/广州市/天河区',
        followers: ['alice', 'bob'],
        userName: 'nio-operator',
        version: 2,
      });
      const [record] = await audit();
      expect(record).toMatchObject({
        action: 'POWER_SWAP_BASIC_INFO_UPDATE',
        entityType: 'station',
        tenant: 'nio',
        before: {
          softwareVersion: null,
          chargerTotalNumberDc: 10,
          chargingPowerTotalMax: null,
          deputyRegionId: null,
          deputyRegion: null,
          followers: [],
        },
        after: {
          softwareVersion: 'v2.1',
          chargerTotalNumberDc: 12,
          chargingPowerTotalMax: 250,
          deputyRegionId: '440106',
          deputyRegion: '广东省/广州市/天河区',
          followers: ['alice', 'bob'],
        },
        extData: { note: 'survey' },
      });
      // The free DC count (10) still fits under the new total, so it is not a change.
      expect(Object.keys(record!.after as object)).not.toContain('chargerFreeNumberDc');
    });

    it('should lower the free count with a total below it', async () => {
      const response = await save({ version: 1, chargerTotalNumberAc: 2 });

      expect(response.json()).toMatchObject({ chargerTotalNumberAc: 2, chargerFreeNumberAc: 2 });
      expect((await audit())[0]).toMatchObject({
        before: { chargerTotalNumberAc: 4, chargerFreeNumberAc: 3 },
        after: { chargerTotalNumberAc: 2, chargerFreeNumberAc: 2 },
      });
    });

    it('should need a reason to change the work line', async () => {
      const refused = await save({ version: 1, workLine: 'line B', workLineUpdateReason: ' ' });
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused)).toMatchObject({
        message: 'Give a reason for changing the work line',
        details: { key: 'swap.workLineReasonRequired' },
      });

      const saved = await save({ version: 1, workLine: 'line B', workLineUpdateReason: 'line A closed' });
      expect(saved.json()).toMatchObject({ workLine: 'line B', workLineUpdateReason: 'line A closed' });
      // The same line sent back is no change and needs no reason.
      expect((await save({ version: 2, workLine: 'line B', guide: 'lane 2' })).statusCode).toBe(200);
    });

    it('should clear the clone fields when the clone is removed', async () => {
      const response = await save({ version: 1, hasClone: false, cloneLongitude: 120 });

      expect(response.json()).toMatchObject({
        hasClone: false,
        cloneLongitude: null,
        cloneLatitude: null,
        cloneDescription: null,
        swapClone: null,
      });
      expect((await audit())[0]).toMatchObject({
        before: CLONE,
        after: { hasClone: false, cloneLongitude: null, cloneLatitude: null, cloneDescription: null },
      });
    });

    it('should keep a clone located', async () => {
      const bodyRule = await save({ version: 1, hasClone: true, cloneLatitude: 30 });
      expect(bodyRule.statusCode).toBe(400);
      expect(errorOf(bodyRule).details).toMatchObject([
        { path: 'body.cloneLongitude', message: 'A clone needs its longitude and latitude' },
      ]);

      const storedRule = await save({ version: 1, cloneLatitude: null });
      expect(storedRule.statusCode).toBe(422);
      expect(errorOf(storedRule).details).toEqual({ key: 'swap.cloneLocationRequired' });
    });

    it('should keep the power minimum at most the maximum, in the body and against the stored value', async () => {
      const inBody = await save({ version: 1, chargingPowerTotalMin: 200, chargingPowerTotalMax: 100 });
      expect(inBody.statusCode).toBe(400);
      expect(errorOf(inBody).details).toMatchObject([
        { path: 'body.chargingPowerTotalMax', message: 'Minimum power cannot be greater than maximum power' },
      ]);

      expect((await save({ version: 1, chargingPowerTotalMax: 150 })).statusCode).toBe(200);
      const againstStored = await save({ version: 2, chargingPowerTotalMin: 180 });
      expect(againstStored.statusCode).toBe(422);
      expect(errorOf(againstStored).details).toEqual({ key: 'swap.powerMinAboveMax' });
    });

    it('should refuse charger totals and power above 300 with the limit in the message', async () => {
      const response = await save({ version: 1, chargerTotalNumberAc: 301, chargingPowerTotalMin: 300.5 });

      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual([
        {
          path: 'body.chargerTotalNumberAc',
          message: 'Enter a number no greater than 300',
          key: 'form.maxNumber',
          params: { max: 300 },
        },
        {
          path: 'body.chargingPowerTotalMin',
          message: 'Enter a number no greater than 300',
          key: 'form.maxNumber',
          params: { max: 300 },
        },
      ]);
    });

    it('should take new opening hours over stored hours whose days differ', async () => {
      const differing: OpeningHours = {
        timezone: 'UTC+08:00',
        openList: [
          { dayOfWeek: 1, isOpen: true, timeRanges: [{ start: '08:00', end: '20:00' }] },
          { dayOfWeek: 2, isOpen: true, timeRanges: [{ start: '09:00', end: '20:00' }] },
        ],
      };
      await insertSwapStation(sut.database.db, 'PS2', {}, { openingHours: differing });

      expect((await get('PS2')).json().canModifyOpeningHours).toBe(true);
      const response = await sut.app.inject({
        method: 'PUT',
        url: `${URL}/PS2/basic-info`,
        payload: { version: 1, openingHours: defaultOpeningHours() },
        headers: { cookie: operator },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().openingHours).toEqual(defaultOpeningHours());
    });

    it('should refuse an older version with 409', async () => {
      expect((await save({ version: 1, guide: 'a' })).statusCode).toBe(200);

      const response = await save({ version: 1, guide: 'b' });

      expect(response.statusCode).toBe(409);
      expect(errorOf(response).details).toEqual({ key: 'station.versionConflict' });
    });

    it('should link the change to a worksheet of this station only', async () => {
      await insertSwapStation(sut.database.db, 'PS2');
      const [own, other] = await sut.database.db
        .insert(worksheets)
        .values([
          { resourceId: 'PS1', tenant: 'nio', title: 'clone moved', creatorName: 'a' },
          { resourceId: 'PS2', tenant: 'nio', title: 'other', creatorName: 'a' },
        ])
        .returning({ id: worksheets.worksheetId });

      const refused = await save({ version: 1, guide: 'x', operationExtData: { worksheet_id: other!.id } });
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).details).toMatchObject({ key: 'station.worksheetNotOfStation' });

      const linked = await save({ version: 1, guide: 'x', operationExtData: { worksheet_id: own!.id } });
      expect(linked.statusCode).toBe(200);
      expect((await audit())[0]?.extData).toEqual({ worksheet_id: own!.id });
    });

    it('should refuse a viewer with 403', async () => {
      const viewer = await sut.userWith('viewer', 'nio');

      expect((await save({ version: 1, guide: 'x' }, viewer)).statusCode).toBe(403);
      expect(await audit()).toEqual([]);
    });
  });

  describe('PUT parking-info', () => {
    it('should save the parking fields, bump the version and record POWER_SWAP_PARKING_UPDATE', async () => {
      const response = await put('parking-info', {
        version: 1,
        parkNo: 'B2-015',
        parkFeeTag: 'free_2h',
        parkFeeModify: true,
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        parkNo: 'B2-015',
        parkFeeTag: 'free_2h',
        parkFeeModify: true,
        version: 2,
      });
      expect(await audit()).toMatchObject([
        {
          action: 'POWER_SWAP_PARKING_UPDATE',
          before: { parkNo: null, parkFeeTag: null, parkFeeModify: false },
          after: { parkNo: 'B2-015', parkFeeTag: 'free_2h', parkFeeModify: true },
        },
      ]);
      expect((await put('parking-info', { version: 1, parkNo: 'B3' })).statusCode).toBe(409);
    });

    it('should refuse an over-long parking info with the limit', async () => {
      const response = await put('parking-info', { version: 1, parkInfo: 'x'.repeat(513) });

      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toMatchObject([
        { path: 'body.parkInfo', message: 'Enter at most 512 characters' },
      ]);
    });
  });

  describe('PUT queue-adjust', () => {
    it('should save the adjustment and record POWER_SWAP_QUEUE_ADJUST', async () => {
      const response = await put('queue-adjust', { version: 1, swapQueueAdjust: -30 });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ swapQueueAdjust: -30, version: 2 });
      expect(await audit()).toMatchObject([
        {
          action: 'POWER_SWAP_QUEUE_ADJUST',
          before: { swapQueueAdjust: 0 },
          after: { swapQueueAdjust: -30 },
        },
      ]);
    });

    it('should refuse an adjustment beyond 120 minutes and a viewer', async () => {
      const tooFar = await put('queue-adjust', { version: 1, swapQueueAdjust: 121 });
      expect(tooFar.statusCode).toBe(400);
      expect(errorOf(tooFar).details).toMatchObject([
        { path: 'body.swapQueueAdjust', message: 'Enter a number no greater than 120' },
      ]);

      const viewer = await sut.userWith('viewer', 'nio');
      expect((await put('queue-adjust', { version: 1, swapQueueAdjust: 5 }, viewer)).statusCode).toBe(403);
    });

    it('should answer 404 for an unknown station', async () => {
      const response = await sut.app.inject({
        method: 'PUT',
        url: `${URL}/NOPE/queue-adjust`,
        payload: { version: 1, swapQueueAdjust: 5 },
        headers: { cookie: operator },
      });
      expect(response.statusCode).toBe(404);
    });
  });
});
