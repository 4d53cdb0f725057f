import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { defaultOpeningHours, type OpeningHours } from '@cmp/domain/stations/business-hours';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { insertChargeStation, insertOperator, insertSwapStation } from '../../test/station-fixtures.js';
import { worksheets } from '../worksheets/worksheets.tables.js';
import { resources } from './stations.tables.js';

const URL = '/api/nio/stations/charge-stations';

/** Monday to Friday 08:00~20:00, weekend 10:00~18:00: days that differ, so the editor cannot take it. */
const WEEKDAYS_AND_WEEKEND: OpeningHours = {
  timezone: 'UTC+08:00',
  openList: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
    dayOfWeek,
    isOpen: true,
    timeRanges: [dayOfWeek <= 5 ? { start: '08:00', end: '20:00' } : { start: '10:00', end: '18:00' }],
  })),
};

describe('charge station basic info', () => {
  let sut: TestContext;
  let operator: string;
  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    await insertOperator(sut.database.db, { operatorName: '蔚来能源', equipmentOwnerName: '蔚来' });
    await insertChargeStation(sut.database.db, 'CS1', {
      operatorId: 'OP1',
      equipmentOwnerId: 'OWN1',
      bizSceneCodes: [3],
    });
  });
  afterEach(() => sut.app.close());

  const get = (resourceId = 'CS1', cookie = operator, tenant = 'nio') =>
    sut.app.inject({
      method: 'GET',
      url: `/api/${tenant}/stations/charge-stations/${resourceId}/basic-info`,
      headers: { cookie },
    });
  const save = (payload: Record<string, unknown>, cookie = operator, language = 'en-US') =>
    sut.app.inject({
      method: 'PUT',
      url: `${URL}/CS1/basic-info`,
      payload,
      headers: { cookie, 'accept-language': language },
    });
  const auditOf = (resourceId = 'CS1') =>
    sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.entityId, resourceId))
      .orderBy(asc(auditRecords.id));

  describe('GET', () => {
    it('should answer the stored info with its operator, region, chargers, merged fees and flags', async () => {
      const response = await get();

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        resourceId: 'CS1',
        resourceType: 'ChargeStation',
        resourceName: 'station CS1',
        regionId: '310101',
        region: '上海市/黄浦区',
        operatorId: 'OP1',
        operatorName: '蔚来能源',
        equipmentOwnerId: 'OWN1',
        equipmentOwner: '蔚来',
        controlledByNio: false,
        timezone: 'UTC+08:00',
        bizScenes: [{ code: 3, desc: '出租网约' }],
        businessHours: defaultOpeningHours(),
        electricityFee: [{ start: '00:00', end: '24:00', fee: 0.8 }],
        serviceFee: [{ start: '00:00', end: '24:00', fee: 0.4 }],
        feePeriods: [{ start: '00:00', end: '24:00', fee: 1.2, electricityFee: 0.8, serviceFee: 0.4 }],
        canModifyBusinessHours: true,
        canModifyElectricityFee: true,
        canModifyServiceFee: true,
        chargingMapOnline: true,
        oneClickChargingOnline: true,
        version: 1,
        chargerTotalNumber: 2,
        chargerTotalNumberDc: 2,
        chargerFreeNumberDc: 1,
        chargerTotalNumberAc: 0,
        chargerFreeNumberAc: 0,
      });
    });

    it('should merge fee periods on the boundaries of both fees', async () => {
      await insertChargeStation(
        sut.database.db,
        'CS2',
        {},
        {
          electricityFee: [
            { start: '00:00', end: '08:00', fee: 0.3 },
            { start: '08:00', end: '24:00', fee: 0.9 },
          ],
          serviceFee: [
            { start: '00:00', end: '12:00', fee: 0.5 },
            { start: '12:00', end: '24:00', fee: 0.6 },
          ],
        },
      );

      expect((await get('CS2')).json().feePeriods).toEqual([
        { start: '00:00', end: '08:00', fee: 0.8, electricityFee: 0.3, serviceFee: 0.5 },
        { start: '08:00', end: '12:00', fee: 1.4, electricityFee: 0.9, serviceFee: 0.5 },
        { start: '12:00', end: '24:00', fee: 1.5, electricityFee: 0.9, serviceFee: 0.6 },
      ]);
    });

    it('should keep hours whose open days differ editable, and say fees priced as ranges are not', async () => {
      await insertChargeStation(
        sut.database.db,
        'CS2',
        {},
        {
          businessHours: WEEKDAYS_AND_WEEKEND,
          electricityFee: [{ start: '00:00', end: '24:00', fee: 0.8, feeMin: 0.5 }],
          serviceFee: [{ start: '00:00', end: '24:00', fee: 0.4, feeMax: 1 }],
        },
      );

      expect((await get('CS2')).json()).toMatchObject({
        canModifyBusinessHours: true,
        canModifyElectricityFee: false,
        canModifyServiceFee: false,
      });
    });

    it('should answer 404 for an unknown id and for a swap station', async () => {
      await insertSwapStation(sut.database.db, 'PS1');

      expect((await get('NOPE')).statusCode).toBe(404);
      const swap = await get('PS1');
      expect(swap.statusCode).toBe(404);
      expect(errorOf(swap).code).toBe('not_found');
    });

    it('should let a viewer read, refuse other tenants and know no unknown tenant', async () => {
      const viewer = await sut.userWith('viewer', 'nio');
      const peAdmin = await sut.userWith('admin', 'pe');

      expect((await get('CS1', viewer)).statusCode).toBe(200);
      expect((await get('CS1', peAdmin)).statusCode).toBe(403);
      expect((await get('CS1', operator, 'acme')).statusCode).toBe(404);
    });
  });

  describe('PUT', () => {
    it('should change only the given fields, bump the version and record what changed', async () => {
      const before = (await get()).json();

      const response = await save({
        version: 1,
        resourceName: '  人民广场站 ',
        parkNumbers: 12,
        guide: '',
        // Sent back unchanged: not a change.
        address: 'No. 1 People Square',
        electricityFee: [
          { start: '00:00', end: '12:00', fee: 0.6 },
          { start: '12:00', end: '24:00', fee: 1 },
        ],
        operationExtData: { source: 'detail screen' },
      });

      expect(response.statusCode).toBe(200);
      const saved = response.json();
      expect(saved).toMatchObject({
        resourceName: '人民广场站',
        parkNumbers: 12,
        guide: null,
        address: 'No. 1 People Square',
        description: before.description,
        serviceFee: before.serviceFee,
        version: 2,
        feePeriods: [
          { start: '00:00', end: '12:00', fee: 1, electricityFee: 0.6, serviceFee: 0.4 },
          { start: '12:00', end: '24:00', fee: 1.4, electricityFee: 1, serviceFee: 0.4 },
        ],
      });
      expect(saved.basicInfoUpdateTime).toBeGreaterThanOrEqual(before.basicInfoUpdateTime);
      expect((await get()).json()).toEqual(saved);

      const [record] = await auditOf();
      expect(record).toMatchObject({
        tenant: 'nio',
        actorUserName: 'nio-operator',
        actorType: 'staff',
        entityType: 'station',
        entityId: 'CS1',
        action: 'CHARGE_STATION_BASIC_INFO_UPDATE',
        result: 'success',
        before: {
          resourceName: 'station CS1',
          parkNumbers: null,
          electricityFee: [{ start: '00:00', end: '24:00', fee: 0.8 }],
        },
        after: {
          resourceName: '人民广场站',
          parkNumbers: 12,
          electricityFee: [
            { start: '00:00', end: '12:00', fee: 0.6 },
            { start: '12:00', end: '24:00', fee: 1 },
          ],
        },
        extData: { source: 'detail screen' },
      });
      // guide was null already, address was sent unchanged.
      expect(Object.keys(record!.after as object).sort()).toEqual([
        'electricityFee',
        'parkNumbers',
        'resourceName',
      ]);
    });

    it('should refuse a save from an older version with 409', async () => {
      expect((await save({ version: 1, resourceName: 'first' })).statusCode).toBe(200);

      const response = await save({ version: 1, resourceName: 'second' });

      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({
        code: 'conflict',
        message: 'This station was changed by someone else; reload it and make your change again',
        details: { key: 'station.versionConflict' },
      });
      expect((await get()).json().resourceName).toBe('first');
      expect(await auditOf()).toHaveLength(1);
    });

    it('should neither bump the version nor write a record when nothing changes', async () => {
      const response = await save({
        version: 1,
        resourceName: 'station CS1',
        businessHours: defaultOpeningHours(),
      });

      expect(response.statusCode).toBe(200);
      expect(response.json().version).toBe(1);
      expect(await auditOf()).toEqual([]);
    });

    it('should set the business hours and the station zone when the stored hours are editable', async () => {
      const hours: OpeningHours = {
        timezone: 'UTC+09:00',
        openList: [1, 2, 3, 4, 5].map((dayOfWeek) => ({
          dayOfWeek,
          isOpen: true,
          timeRanges: [{ start: '07:00', end: '22:00' }],
        })),
      };

      const response = await save({ version: 1, businessHours: hours });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ businessHours: hours, timezone: 'UTC+09:00' });
    });

    describe('with hours whose days differ and fees priced as ranges', () => {
      beforeEach(async () => {
        await sut.database.db.delete(resources).where(eq(resources.resourceId, 'CS1'));
        await insertChargeStation(
          sut.database.db,
          'CS1',
          {},
          {
            businessHours: WEEKDAYS_AND_WEEKEND,
            electricityFee: [{ start: '00:00', end: '24:00', fee: 0.8, feeMin: 0.5, feeMax: 1.2 }],
            serviceFee: [{ start: '00:00', end: '24:00', fee: 0.4, feeMax: 1 }],
          },
        );
      });

      it('should save hours that differ by day and take new hours over them again', async () => {
        const perDay: OpeningHours = {
          timezone: 'UTC+08:00',
          openList: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
            dayOfWeek,
            isOpen: dayOfWeek !== 6,
            timeRanges:
              dayOfWeek === 7
                ? [
                    { start: '08:00', end: '12:00' },
                    { start: '14:00', end: '20:00' },
                  ]
                : dayOfWeek === 6
                  ? []
                  : [{ start: '06:00', end: '22:00' }],
          })),
        };

        const first = await save({ version: 1, businessHours: perDay });
        expect(first.statusCode).toBe(200);
        expect(first.json()).toMatchObject({ businessHours: perDay, canModifyBusinessHours: true });

        const again = await save({ version: 2, businessHours: defaultOpeningHours() });
        expect(again.statusCode).toBe(200);
        expect(again.json().businessHours).toEqual(defaultOpeningHours());
      });

      it('should refuse new electricity and service fees with 422', async () => {
        const flat = [{ start: '00:00', end: '24:00', fee: 1 }];

        const electricity = await save({ version: 1, electricityFee: flat });
        const service = await save({ version: 1, serviceFee: flat }, operator, 'zh-CN');

        expect(electricity.statusCode).toBe(422);
        expect(errorOf(electricity).details).toEqual({ key: 'station.electricityFeeNotEditable' });
        expect(service.statusCode).toBe(422);
        expect(errorOf(service).message).toBe('服务费为区间价格，不支持在此修改');
        expect(await auditOf()).toEqual([]);
      });

      it('should accept the stored hours and fees sent back with other changes', async () => {
        const current = (await get()).json();

        const response = await save({
          version: 1,
          businessHours: current.businessHours,
          electricityFee: current.electricityFee,
          serviceFee: current.serviceFee,
          payment: 'WeChat Pay',
        });

        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ payment: 'WeChat Pay', canModifyBusinessHours: true });
        expect((await auditOf())[0]?.after).toEqual({ payment: 'WeChat Pay' });
      });
    });

    it('should save business scenes, read the empty code as none and refuse an unknown code', async () => {
      const saved = await save({ version: 1, bizScenes: [5, '', 5] });
      expect(saved.json().bizScenes).toEqual([{ code: 5, desc: '高速服务区' }]);

      const cleared = await save({ version: 2, bizScenes: [''] });
      expect(cleared.json().bizScenes).toEqual([]);

      const unknown = await save({ version: 3, bizScenes: [99] });
      expect(unknown.statusCode).toBe(422);
      expect(errorOf(unknown)).toMatchObject({
        message: 'Unknown business scene 99',
        details: { key: 'station.unknownBizScene', params: { code: '99' } },
      });
    });

    it('should move the station to another region and refuse a region that does not exist', async () => {
      const moved = await save({ version: 1, regionId: '440106' });

      expect(moved.json()).toMatchObject({ regionId: '440106', region: '广东省/广州市/天河区' });
      const [row] = await sut.database.db.select().from(resources).where(eq(resources.resourceId, 'CS1'));
      expect(row).toMatchObject({ regionId: '440106', cityId: '440100', provinceId: '440000' });

      const unknown = await save({ version: 2, regionId: '999999' });
      expect(unknown.statusCode).toBe(422);
      expect(errorOf(unknown).details).toEqual({
        key: 'station.unknownRegion',
        params: { regionId: '999999' },
      });
    });

    it('should save, record and clear the direction of travel the station serves, refusing a bad bearing', async () => {
      expect((await get()).json().servedBearing).toBeNull();
      const saved = await save({ version: 1, servedBearing: 185 });
      expect(saved.json()).toMatchObject({ servedBearing: 185, version: 2 });
      const [row] = await sut.database.db.select().from(resources).where(eq(resources.resourceId, 'CS1'));
      expect(row!.servedBearing).toBe(185);
      expect((await auditOf()).at(-1)).toMatchObject({
        before: { servedBearing: null },
        after: { servedBearing: 185 },
      });

      const cleared = await save({ version: 2, servedBearing: null });
      expect(cleared.json().servedBearing).toBeNull();

      for (const servedBearing of [360, -1, 12.5, '90']) {
        const refused = await save({ version: 3, servedBearing });
        expect(refused.statusCode, String(servedBearing)).toBe(400);
        expect(errorOf(refused).details).toMatchObject([{ path: 'body.servedBearing' }]);
      }
    });

    it('should link a change to a worksheet of this station and refuse one of another station', async () => {
      await insertChargeStation(sut.database.db, 'CS2');
      const [own, other] = await sut.database.db
        .insert(worksheets)
        .values([
          { resourceId: 'CS1', tenant: 'nio', title: 'fix the sign', creatorName: 'a' },
          { resourceId: 'CS2', tenant: 'nio', title: 'elsewhere', creatorName: 'a' },
        ])
        .returning({ id: worksheets.worksheetId });

      const refused = await save({
        version: 1,
        guide: 'entrance on the east side',
        operationExtData: { worksheet_id: other!.id },
      });
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).details).toEqual({
        key: 'station.worksheetNotOfStation',
        params: { worksheetId: String(other!.id) },
      });
      const missing = await save({ version: 1, guide: 'x', operationExtData: { worksheet_id: 'W-1' } });
      expect(missing.statusCode).toBe(422);

      const linked = await save({
        version: 1,
        guide: 'entrance on the east side',
        operationExtData: { worksheet_id: String(own!.id) },
      });
      expect(linked.statusCode).toBe(200);
      expect((await auditOf())[0]?.extData).toEqual({ worksheet_id: String(own!.id) });
    });

    it('should answer 400 with the field and its message for bad input', async () => {
      const tooMany = await save({ version: 1, parkNumbers: 10_000 });
      expect(tooMany.statusCode).toBe(400);
      expect(errorOf(tooMany).details).toEqual([
        {
          path: 'body.parkNumbers',
          message: 'Enter a number no greater than 9999',
          key: 'form.maxNumber',
          params: { max: 9999 },
        },
      ]);

      const empty = await save({ version: 1, resourceName: '  ' }, operator, 'zh-CN');
      expect(errorOf(empty).details).toMatchObject([{ path: 'body.resourceName', message: '输入不能为空' }]);

      const overlapping = await save({
        version: 1,
        serviceFee: [
          { start: '00:00', end: '12:00', fee: 1 },
          { start: '10:00', end: '24:00', fee: 1 },
        ],
      });
      expect(overlapping.statusCode).toBe(400);
      expect(errorOf(overlapping).details).toMatchObject([
        { path: 'body.serviceFee.1', message: 'Time ranges must not overlap', key: 'time.overlap' },
      ]);

      expect((await save({ resourceName: 'no version' })).statusCode).toBe(400);
    });

    it('should refuse a negative price and a service phone that is not one, in both languages', async () => {
      const negative = await save(
        { version: 1, electricityFee: [{ start: '00:00', end: '24:00', fee: -5 }] },
        operator,
        'zh-CN',
      );
      expect(negative.statusCode).toBe(400);
      expect(errorOf(negative).details).toMatchObject([
        { path: 'body.electricityFee.0.fee', message: '价格不能为负数', key: 'fee.negative' },
      ]);
      const phone = await save({ version: 1, serviceTel: 'abc-xyz' });
      expect(phone.statusCode).toBe(400);
      expect(errorOf(phone).details).toMatchObject([
        {
          path: 'body.serviceTel',
          message: 'Enter a phone number such as 400-820-5555 or 010-12345678 ext 123',
          key: 'form.phone',
        },
      ]);
      const [row] = await sut.database.db.select().from(resources).where(eq(resources.resourceId, 'CS1'));
      expect(row?.version).toBe(1);

      for (const serviceTel of [
        '400-820-5555',
        '(021) 6123 4567',
        '+86 10 1234 5678',
        '010-12345678转123',
        '',
      ]) {
        expect(
          (await save({ version: (await get()).json().version, serviceTel })).statusCode,
          serviceTel,
        ).toBe(200);
      }
    });

    it('should answer 404 for an unknown station', async () => {
      const response = await sut.app.inject({
        method: 'PUT',
        url: `${URL}/NOPE/basic-info`,
        payload: { version: 1 },
        headers: { cookie: operator },
      });
      expect(response.statusCode).toBe(404);
    });

    it('should refuse a viewer with 403', async () => {
      const viewer = await sut.userWith('viewer', 'nio');

      const response = await save({ version: 1, resourceName: 'x' }, viewer);

      expect(response.statusCode).toBe(403);
      expect((await get()).json().resourceName).toBe('station CS1');
    });
  });

  describe('offline actions', () => {
    const offline = (channel: string, payload: Record<string, unknown> = {}, cookie = operator) =>
      sut.app.inject({
        method: 'POST',
        url: `${URL}/CS1/${channel}/offline`,
        payload,
        headers: { cookie, 'accept-language': 'en-US' },
      });

    it('should take the station off the charging map once, recording CHARGE_MAP_OFFLINE', async () => {
      const response = await offline('charging-map', { reason: 'closed for works' });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ chargingMapOnline: false, oneClickChargingOnline: true });
      expect(await auditOf()).toMatchObject([
        {
          action: 'CHARGE_MAP_OFFLINE',
          entityType: 'station',
          tenant: 'nio',
          before: { chargingMapOnline: true },
          after: { chargingMapOnline: false },
          extData: { reason: 'closed for works' },
        },
      ]);

      const again = await offline('charging-map');
      expect(again.statusCode).toBe(422);
      expect(errorOf(again)).toMatchObject({
        message: 'The station is already offline there',
        details: { key: 'station.alreadyOffline' },
      });
      expect(await auditOf()).toHaveLength(1);
    });

    it('should take the station out of one-click charging once, recording ONE_KEY_CHARGING_OFFLINE', async () => {
      const response = await offline('one-click-charging');

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ chargingMapOnline: true, oneClickChargingOnline: false });
      expect(await auditOf()).toMatchObject([
        { action: 'ONE_KEY_CHARGING_OFFLINE', after: { oneClickChargingOnline: false }, extData: null },
      ]);
      expect((await offline('one-click-charging')).statusCode).toBe(422);
    });

    it('should answer 404 for an unknown station and 403 for a viewer', async () => {
      const viewer = await sut.userWith('viewer', 'nio');

      expect((await offline('charging-map', {}, viewer)).statusCode).toBe(403);
      const unknown = await sut.app.inject({
        method: 'POST',
        url: `${URL}/NOPE/charging-map/offline`,
        payload: {},
        headers: { cookie: operator },
      });
      expect(unknown.statusCode).toBe(404);
    });
  });
});
