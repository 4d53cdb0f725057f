import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAYS_OF_WEEK } from '@cmp/domain/stations/business-hours';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { insertChargeStation, insertOperator, insertSwapStation } from '../../test/station-fixtures.js';

const CENTRE = { longitude: 121.4737, latitude: 31.2304 };
const CLOSED_EVERY_DAY = {
  timezone: 'UTC+08:00',
  openList: DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, isOpen: false, timeRanges: [] })),
};

describe('resource basic infos', () => {
  let sut: TestContext;
  let operator: string;
  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    await insertOperator(sut.database.db, { operatorId: 'NIO', controlledByNio: true });
    await insertChargeStation(sut.database.db, 'CS1', { operatorId: 'NIO' });
    await insertSwapStation(
      sut.database.db,
      'PS1',
      { latitude: CENTRE.latitude + 0.001 },
      {
        chargerTotalNumberAc: 4,
        chargerFreeNumberAc: 1,
        chargerTotalNumberDc: 10,
        chargerFreeNumberDc: 7,
        chargingPowerTotalMin: 90,
      },
    );
  });
  afterEach(() => sut.app.close());

  describe('POST /stations/basic-infos/batch', () => {
    const batch = (resourceIds: unknown, cookie = operator) =>
      sut.app.inject({
        method: 'POST',
        url: '/api/nio/stations/basic-infos/batch',
        payload: { resourceIds },
        headers: { cookie },
      });

    it('should answer the known stations once each, in the order asked', async () => {
      const response = await batch(['PS1', 'NOPE', 'CS1', 'PS1']);

      expect(response.statusCode).toBe(200);
      expect(response.json().items).toEqual([
        {
          id: 'PS1',
          type: 'PowerSwap',
          name: 'station PS1',
          location: { longitude: CENTRE.longitude, latitude: CENTRE.latitude + 0.001 },
          operatorId: null,
          address: 'No. 1 People Square',
          chargerMinOutputPower: 90,
          freeNumber: 8,
          chargerBusyNumber: 6,
          chargerTotalNumber: 14,
          chargerTotalNumberDc: 10,
          chargerFreeNumberDc: 7,
          chargerTotalNumberAc: 4,
          chargerFreeNumberAc: 1,
          isScannable: false,
          isOpening: true,
          controlledByNio: false,
        },
        {
          id: 'CS1',
          type: 'ChargeStation',
          name: 'station CS1',
          location: CENTRE,
          operatorId: 'NIO',
          address: 'No. 1 People Square',
          chargerMinOutputPower: 120,
          freeNumber: 1,
          chargerBusyNumber: 1,
          chargerTotalNumber: 2,
          chargerTotalNumberDc: 2,
          chargerFreeNumberDc: 1,
          chargerTotalNumberAc: 0,
          chargerFreeNumberAc: 0,
          isScannable: true,
          isOpening: true,
          controlledByNio: true,
        },
      ]);
    });

    it('should read a station closed every day as not opening', async () => {
      await insertChargeStation(sut.database.db, 'CS2', {}, { businessHours: CLOSED_EVERY_DAY });
      await insertSwapStation(sut.database.db, 'PS2', {}, { openingHours: CLOSED_EVERY_DAY });

      const { items } = (await batch(['CS2', 'PS2'])).json();

      expect(items.map((item: { isOpening: boolean }) => item.isOpening)).toEqual([false, false]);
    });

    it('should answer an empty list for unknown ids, and refuse no ids or more than 100', async () => {
      expect((await batch(['NOPE'])).json()).toEqual({ items: [] });
      expect((await batch([])).statusCode).toBe(400);
      const tooMany = await batch(Array.from({ length: 101 }, (_, i) => `S${i}`));
      expect(tooMany.statusCode).toBe(400);
      expect(errorOf(tooMany).details).toMatchObject([{ path: 'body.resourceIds' }]);
    });

    it('should let a viewer read, but not a user of another tenant', async () => {
      const viewer = await sut.userWith('viewer', 'nio');
      const outsider = await sut.userWith('operator', 'pe');

      const read = await batch(['CS1'], viewer);
      expect(read.statusCode).toBe(200);
      expect(read.json().items.map((item: { id: string }) => item.id)).toEqual(['CS1']);
      expect((await batch(['CS1'], outsider)).statusCode).toBe(403);
    });
  });

  describe('GET /stations/around', () => {
    const around = (query: string, cookie = operator) =>
      sut.app.inject({ method: 'GET', url: `/api/nio/stations/around?${query}`, headers: { cookie } });
    const centre = `longitude=${CENTRE.longitude}&latitude=${CENTRE.latitude}`;

    beforeEach(async () => {
      // About 143 m east and 334 m north of the centre.
      await insertChargeStation(sut.database.db, 'CS-EAST', { longitude: CENTRE.longitude + 0.0015 });
      await insertChargeStation(sut.database.db, 'CS-NORTH', { latitude: CENTRE.latitude + 0.003 });
    });

    it('should find the stations within the nearby radius of 200 m, nearest first, with their distance', async () => {
      const response = await around(centre);

      expect(response.statusCode).toBe(200);
      const hits = response.json().items as { id: string; distance: number }[];
      expect(hits.map((hit) => [hit.id, hit.distance])).toEqual([
        ['CS1', 0],
        ['PS1', 111],
        ['CS-EAST', 143],
      ]);
      expect(hits[1]).toMatchObject({ type: 'PowerSwap', chargerTotalNumber: 14 });
    });

    it('should widen to the given distance, filter by type and keep to the limit', async () => {
      const wide = (await around(`${centre}&distance=400`)).json().items;
      expect(wide.map((hit: { id: string }) => hit.id)).toEqual(['CS1', 'PS1', 'CS-EAST', 'CS-NORTH']);
      expect(wide[3].distance).toBe(334);

      const charge = (await around(`${centre}&distance=400&resourceType=ChargeStation&limit=2`)).json().items;
      expect(charge.map((hit: { id: string }) => hit.id)).toEqual(['CS1', 'CS-EAST']);

      expect((await around('longitude=0&latitude=0')).json()).toEqual({ items: [] });
    });

    it('should refuse a location off the globe and a distance out of range', async () => {
      const response = await around('longitude=181&latitude=31');
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toMatchObject([{ path: 'querystring.longitude' }]);
      expect((await around(`${centre}&distance=0`)).statusCode).toBe(400);
      expect((await around(`${centre}&distance=50001`)).statusCode).toBe(400);
      expect((await around('latitude=31')).statusCode).toBe(400);
    });

    it('should let a viewer search', async () => {
      const viewer = await sut.userWith('viewer', 'nio');

      expect((await around(centre, viewer)).statusCode).toBe(200);
    });
  });
});
